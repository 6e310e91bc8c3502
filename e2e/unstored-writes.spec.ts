// Decision 0060: a write shows at once, and its IndexedDB transaction commits a few milliseconds later. A page
// that goes within those milliseconds (a reload, a closed tab) used to lose the write. Here the transaction is held
// back for as long as the test needs, by a transaction of the test's own on the same store, so the page surely goes
// first: the write's record in localStorage is what brings it back.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { openToday, row, seedHabits, serverHabits, todayIn, toggleOf } from "./support/habits";
import { reloadApp } from "./support/page-clock";
import { RECORD_PREFIX } from "../src/web/lib/sync/replica-db";

// UTC, so that the page's today is the server's.
test.use({ timezoneId: "UTC" });

/**
 * Holds a readwrite transaction on the user's outbox until the page goes: every local write's transaction (which
 * includes the outbox) waits behind it, so none commits.
 */
async function holdTheStore(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    let db: IDBDatabase | undefined;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith("habit-streaks-")) continue;
      const candidate = await open(name);
      if (candidate.objectStoreNames.contains("outbox")) db = candidate;
      else candidate.close();
    }
    if (!db) throw new Error("no local store with an outbox");
    const store = db.transaction(["outbox"], "readwrite").objectStore("outbox");
    await new Promise<void>((resolve) => {
      const again = () => (store.count().onsuccess = again);
      store.count().onsuccess = () => {
        again();
        resolve();
      };
    });
  });
}

const recorded = (page: Page) =>
  page.evaluate(
    (prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)).length,
    RECORD_PREFIX,
  );

test("a tick survives a reload that comes before the device has stored it", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn("UTC");
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  await holdTheStore(page);
  await toggleOf(page, "Read").click();
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  expect(await recorded(page)).toBe(1);
  expect((await serverHabits(server, user))[0]!.completedDates).toEqual([]); // it never left the page

  await reloadApp(page);
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await serverHabits(server, user))[0]!.completedDates).toEqual([today]);
  await expect.poll(() => recorded(page)).toBe(0);
  await reloadApp(page);
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
});

test("a tab that closes before storing a write leaves it to the tab still open", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn("UTC");
  await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }]);
  await openToday(page);
  const other = await page.context().newPage();
  await other.clock.install();
  await openToday(other);
  await expect(row(other, "Walk")).toBeVisible();

  await holdTheStore(page);
  await toggleOf(page, "Walk").click();
  await expect(toggleOf(page, "Walk")).toHaveAttribute("aria-pressed", "true");
  await page.close();

  await expect(toggleOf(other, "Walk")).toHaveAttribute("aria-pressed", "true");
  await expect(toggleOf(other, "Read")).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(async () => (await serverHabits(server, user)).map((h) => [h.name, h.completedDates]))
    .toEqual(
      expect.arrayContaining([
        ["Walk", [today]],
        ["Read", []],
      ]),
    );
  await expect.poll(() => recorded(other)).toBe(0);
});
