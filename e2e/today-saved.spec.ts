// Today draws the list it last drew from the store before the store's code and IndexedDB have loaded
// (docs/decisions/0066), and a tick made on it then reaches the server once they have. Service workers stay
// blocked here, so page.route sees every chunk request.
import type { Page, Route } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { openToday, row, seedHabits, serverHabits, storage, todayIn, toggleOf } from "./support/habits";
import { reloadApp } from "./support/page-clock";

const ENGINE_CHUNK = "**/assets/sync-engine-*.js";
const SAVED_KEY = "habitStreaksTodaySnapshot";
const RECORD = "habitStreaksUnstoredWrite:";

/** Holds the store's code until release() lets it (and any later request of it) through. */
async function holdEngine(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(ENGINE_CHUNK, (route) => (holding ? void held.push(route) : route.continue()));
  return {
    held,
    release: async () => {
      holding = false;
      for (const route of held) await route.continue();
    },
  };
}

test("a tick on the saved list, made before the store's code has loaded, reaches the server", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }]);
  await openToday(page);
  await expect(row(page, "Walk")).toBeVisible();
  await expect.poll(async () => (await storage(page, SAVED_KEY)) ?? "").toContain('"Walk"');

  const { held, release } = await holdEngine(page);
  await reloadApp(page);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // The store's code has not arrived: the rows are the saved ones, and a tick shows at once.
  await expect(toggleOf(page, "Walk")).toHaveAttribute("aria-pressed", "false");
  await toggleOf(page, "Walk").click();
  await expect(toggleOf(page, "Walk")).toHaveAttribute("aria-pressed", "true");
  expect(held.length).toBeGreaterThan(0);
  expect((await serverHabits(server, user)).find((h) => h.name === "Walk")?.completedDates).toEqual([]);

  await release();
  const today = todayIn();
  await expect
    .poll(async () => (await serverHabits(server, user)).find((h) => h.name === "Walk")?.completedDates)
    .toEqual([today]);
  await expect(toggleOf(page, "Walk")).toHaveAttribute("aria-pressed", "true");
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");
});

test("a tick on the saved list survives a page that goes before the store opens", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Walk" }]);
  await openToday(page);
  await expect.poll(async () => (await storage(page, SAVED_KEY)) ?? "").toContain('"Walk"');

  const { held, release } = await holdEngine(page);
  await reloadApp(page);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await toggleOf(page, "Walk").click();
  await expect(toggleOf(page, "Walk")).toHaveAttribute("aria-pressed", "true");
  // The tick is recorded (replica-db.ts's journal) while the store's code is still held.
  await expect
    .poll(() =>
      page.evaluate((prefix) => Object.keys(window.localStorage).filter((k) => k.startsWith(prefix)), RECORD),
    )
    .toHaveLength(1);
  // The page goes before its store opened; the next start stores the recorded tick and sends it.
  await reloadApp(page);
  await release();
  await expect
    .poll(async () => (await serverHabits(server, user)).find((h) => h.name === "Walk")?.completedDates)
    .toEqual([todayIn()]);
});

test("another user's saved list is not shown", async ({ signedInPage: page, server, user }) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  await expect.poll(async () => (await storage(page, SAVED_KEY)) ?? "").toContain('"Read"');
  // The same list under another user's id: this user's store waits for its own rows.
  await page.evaluate((key) => {
    const saved = JSON.parse(window.localStorage.getItem(key)!);
    window.localStorage.setItem(key, JSON.stringify({ ...saved, userId: "someone-else" }));
  }, SAVED_KEY);
  const { held, release } = await holdEngine(page);
  await reloadApp(page);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.getByTestId("habits-loading")).toBeVisible();
  await expect(row(page, "Read")).toHaveCount(0);
  await release();
  await expect(row(page, "Read")).toBeVisible();
});
