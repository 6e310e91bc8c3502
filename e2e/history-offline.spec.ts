// History through the local store (lib/sync): history writes made offline (a backfilled day, a skipped day, a
// schedule, an archive) apply at once, survive a reload with no network, and reach the server once back online; a
// store written by an earlier release (IndexedDB version 1 or 2) opens with its habits, days and queued writes.
import type { Page } from "@playwright/test";
import { test, expect, api, type TestServer, type TestUser } from "./support/fixtures";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import type { Schedule } from "../src/core/schedule";
import type { SyncPull } from "../src/core/sync";
import { fullDate, monthAndYear } from "../src/web/ui/day-names";
import { REPLICA_DB_VERSION } from "../src/web/lib/sync/replica-db";
import { openToday, row, seedHabits, todayIn, toggleOf } from "./support/habits";
import { expectSynced, OFFLINE_ERRORS, waitForServiceWorker } from "./support/offline";
import { gotoApp, reloadApp } from "./support/page-clock";

const h = messages.history;

// UTC, so that the page's today is the server's (the server takes a day up to the user's today).
test.use({ timezoneId: "UTC" });

type ServerHabit = {
  id: string;
  name: string;
  completedDates: LocalDate[];
  skippedDates?: LocalDate[];
  schedule?: Schedule | null;
  archived?: boolean;
};

async function listed(server: TestServer, user: TestUser): Promise<ServerHabit[]> {
  const res = await api(server, user, "/api/habits");
  if (!res.ok) throw new Error(`listing failed: ${res.status}`);
  return res.json();
}

async function idOf(server: TestServer, user: TestUser, name: string): Promise<string> {
  const habit = (await listed(server, user)).find((candidate) => candidate.name === name);
  if (!habit) throw new Error(`no habit ${name}`);
  return habit.id;
}

/** The habit page's calendar button of `date` (its name starts with the full date, then its state). */
const dayButton = (page: Page, date: LocalDate) =>
  page.getByRole("button", { name: new RegExp(`^${fullDate(date)}: `) });

/** Shows the month of `date` in the habit page's calendar (today's month, or an earlier one). */
async function showMonthOf(page: Page, date: LocalDate) {
  const heading = page.getByText(monthAndYear(date), { exact: true });
  for (let i = 0; i < 2 && !(await heading.isVisible()); i++)
    await page.getByRole("button", { name: h.previousMonth }).click();
  await expect(heading).toBeVisible();
}

async function openHabitPage(page: Page, id: string) {
  await gotoApp(page, `/habits/${id}`);
  await expect(page.getByTestId("habit-page")).toBeVisible();
}

test.describe("with the service worker serving the app shell", () => {
  test.use({ serviceWorkers: "allow" });

  test("offline: backfill, skip, a schedule and an archive are kept across a reload and reach the server once", async ({
    signedInPage: page,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(OFFLINE_ERRORS);
    const today = todayIn("UTC");
    const yesterday = addDays(today, -1);
    const dayBefore = addDays(today, -2);
    await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }]);
    const readId = await idOf(server, user, "Read");
    const walkId = await idOf(server, user, "Walk");
    await openToday(page);
    await expect(row(page, "Walk")).toBeVisible();
    await waitForServiceWorker(page);
    // Both pages once online, so that the page's chunk is in the browser as it would be after any visit.
    await openHabitPage(page, walkId);
    await openHabitPage(page, readId);

    const context = page.context();
    await context.setOffline(true);
    // Backfill yesterday (not done → done) and skip the day before (→ done → skipped).
    await showMonthOf(page, yesterday);
    await dayButton(page, yesterday).click();
    await expect(dayButton(page, yesterday)).toHaveAccessibleName(new RegExp(`: ${h.done}`));
    await showMonthOf(page, dayBefore);
    await dayButton(page, dayBefore).click();
    await dayButton(page, dayBefore).click();
    await expect(dayButton(page, dayBefore)).toHaveAccessibleName(new RegExp(`: ${h.skipped}`));
    // Due on chosen weekdays from today: the editor starts from Monday to Friday.
    await page.getByRole("radio", { name: messages.habitKinds.chosenWeekdays }).check();
    await page.getByRole("button", { name: messages.habitKinds.save }).click();
    await expect(page.getByRole("status").filter({ hasText: messages.habitKinds.saved })).toBeVisible();
    await expect(page.getByRole("radio", { name: messages.habitKinds.chosenWeekdays })).toBeChecked();
    // Archive Walk.
    await page.getByRole("link", { name: h.backToToday }).click();
    await openHabitPage(page, walkId);
    await page.getByRole("button", { name: h.archive, exact: true }).click();
    await expect(page.getByRole("button", { name: h.unarchive, exact: true })).toBeVisible();
    const before = await listed(server, user); // nothing has left the browser yet
    expect(before.find((habit) => habit.name === "Read")).toMatchObject({
      completedDates: [],
      schedule: null,
    });
    expect(before.find((habit) => habit.name === "Walk")).toMatchObject({ archived: false });

    // A reload with no network: the service worker serves the shell, the store the state.
    await reloadApp(page);
    await expect(page.getByRole("button", { name: h.unarchive, exact: true })).toBeVisible();
    await openHabitPage(page, readId);
    await expect(page.getByRole("radio", { name: messages.habitKinds.chosenWeekdays })).toBeChecked();
    await showMonthOf(page, yesterday);
    await expect(dayButton(page, yesterday)).toHaveAccessibleName(new RegExp(`: ${h.done}`));
    await showMonthOf(page, dayBefore);
    await expect(dayButton(page, dayBefore)).toHaveAccessibleName(new RegExp(`: ${h.skipped}`));
    await openToday(page);
    await expect(row(page, "Walk")).toHaveCount(0); // archived: not on Today

    // Back online: the outbox empties and the server holds exactly this state.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expectSynced(page);
    const held = await listed(server, user);
    expect(held.find((habit) => habit.name === "Read")).toMatchObject({
      completedDates: [yesterday],
      skippedDates: [dayBefore],
      schedule: { weekdays: [1, 2, 3, 4, 5] },
    });
    expect(held.find((habit) => habit.name === "Walk")).toMatchObject({ archived: true, completedDates: [] });
  });
});

test("a store written by the previous release opens with its habits, days and queued writes, which then reach the server", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  const today = todayIn("UTC");
  const yesterday = addDays(today, -1);
  await seedHabits(server, user, [{ name: "Read", completedDates: [yesterday] }, { name: "Walk" }]);
  const pulled = (await (await api(server, user, "/api/sync")).json()) as SyncPull;
  const habits = pulled.habits.map(({ id, name, createdAt, updatedAt }) => ({
    id,
    name,
    createdAt,
    updatedAt,
  }));
  const readId = habits.find((habit) => habit.name === "Read")!.id;

  // Version 1 of the store, as the previous release left it after an untick of yesterday and a tick of today made
  // offline: the old habit rows, today done, a cursor, and both writes in the outbox in the old setCompletion shape.
  await page.goto("/terms"); // a page of the app's origin that opens no store
  await page.evaluate(
    async ({ name, habits, readId, yesterday, today, cursor }) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore("habits", { keyPath: "id" });
        db.createObjectStore("completions", { keyPath: ["habitId", "date"] }).createIndex(
          "habitId",
          "habitId",
        );
        db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
        db.createObjectStore("meta");
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(["habits", "completions", "outbox", "meta"], "readwrite");
      for (const habit of habits) tx.objectStore("habits").put(habit);
      tx.objectStore("completions").put({ habitId: readId, date: today });
      const op = (opId: string, date: string, done: boolean) => ({
        op: { opId, type: "setCompletion", habitId: readId, date, done },
      });
      tx.objectStore("outbox").add(op(crypto.randomUUID(), yesterday, false));
      tx.objectStore("outbox").add(op(crypto.randomUUID(), today, true));
      tx.objectStore("meta").put(cursor, "cursor");
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { name: `habit-streaks-${user.id}`, habits, readId, yesterday, today, cursor: pulled.cursor },
  );

  // Offline first: the upgraded store alone shows the habits in their order, with the queued writes applied.
  await page.route("**/api/sync**", (route) => route.abort("internetdisconnected"));
  await openToday(page);
  await expect(page.getByTestId("habit-row")).toHaveCount(2);
  await expect(page.getByTestId("habit-row").first()).toContainText("Read"); // newest first, as before
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  await expect(toggleOf(page, "Walk")).toHaveAttribute("aria-pressed", "false");
  const version = await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return db.version;
  }, `habit-streaks-${user.id}`);
  expect(version).toBe(REPLICA_DB_VERSION);

  // Online: the queued writes reach the server, and the full pull the upgrade asked for leaves the same state.
  await page.unroute("**/api/sync**");
  await reloadApp(page);
  await expectSynced(page);
  const held = await listed(server, user);
  expect(held.find((habit) => habit.name === "Read")?.completedDates).toEqual([today]);
  await openToday(page);
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("habit-row").first()).toContainText("Read");
});

test("a store of version 2 opens as the current version with its habits, days, settings and queued write, which reach the server", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  const today = todayIn("UTC");
  const yesterday = addDays(today, -1);
  await seedHabits(server, user, [{ name: "Read", completedDates: [yesterday] }, { name: "Walk" }]);
  const pulled = (await (await api(server, user, "/api/sync")).json()) as SyncPull;
  // The rows as version 2 stored them: no kind, rules nor step; settings without a week start.
  const habits = pulled.habits.map(
    ({ id, name, createdAt, updatedAt, schedule, archived, position, emoji }) => ({
      id,
      name,
      createdAt,
      updatedAt,
      schedule,
      archived,
      position,
      emoji,
    }),
  );
  const readId = habits.find((habit) => habit.name === "Read")!.id;
  const walkId = habits.find((habit) => habit.name === "Walk")!.id;

  await page.goto("/terms"); // a page of the app's origin that opens no store
  await page.evaluate(
    async ({ name, habits, readId, walkId, yesterday, today, cursor }) => {
      const request = indexedDB.open(name, 2);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore("habits", { keyPath: "id" });
        db.createObjectStore("completions", { keyPath: ["habitId", "date"] }).createIndex(
          "habitId",
          "habitId",
        );
        db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
        db.createObjectStore("meta");
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(["habits", "completions", "outbox", "meta"], "readwrite");
      for (const habit of habits) tx.objectStore("habits").put(habit);
      tx.objectStore("completions").put({ habitId: readId, date: yesterday });
      tx.objectStore("completions").put({ habitId: walkId, date: today, state: "skipped" });
      // A skip of today made offline, still queued.
      tx.objectStore("outbox").add({
        op: { opId: crypto.randomUUID(), type: "setDay", habitId: walkId, date: today, state: "skipped" },
      });
      tx.objectStore("meta").put(cursor, "cursor");
      tx.objectStore("meta").put({ dayStart: 0, vacations: [] }, "settings");
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { name: `habit-streaks-${user.id}`, habits, readId, walkId, yesterday, today, cursor: pulled.cursor },
  );

  // Offline first: the upgraded store alone shows the habits, yesterday's tick and today's skip.
  await page.route("**/api/sync**", (route) => route.abort("internetdisconnected"));
  await openToday(page);
  await expect(page.getByTestId("habit-row")).toHaveCount(2);
  await expect(row(page, "Read").getByRole("button", { name: `${fullDate(yesterday)}: done` })).toBeVisible();
  await expect(row(page, "Walk").getByRole("button", { name: `${fullDate(today)}: skipped` })).toBeVisible();
  const version = await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = [...db.objectStoreNames];
    db.close();
    return { version: db.version, stores };
  }, `habit-streaks-${user.id}`);
  expect(version).toEqual({
    version: REPLICA_DB_VERSION,
    stores: ["completions", "habits", "meta", "notes", "outbox", "values"],
  });

  // Online: the queued skip reaches the server, and the full pull the upgrade asked for leaves the same state.
  await page.unroute("**/api/sync**");
  await reloadApp(page);
  await expectSynced(page);
  expect((await listed(server, user)).find((habit) => habit.name === "Walk")?.skippedDates).toEqual([today]);
  await openToday(page);
  await expect(row(page, "Read").getByRole("button", { name: `${fullDate(yesterday)}: done` })).toBeVisible();
  await expect(row(page, "Walk").getByRole("button", { name: `${fullDate(today)}: skipped` })).toBeVisible();
});

test("a delete waits in the outbox while it can be undone: Undo brings the habit back exactly, a reload keeps it deleted", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn("UTC");
  const days = [addDays(today, -2), addDays(today, -1)];
  await seedHabits(server, user, [{ name: "Read", completedDates: days }, { name: "Walk" }]);
  await openToday(page);
  const streakOf = (name: string) => row(page, name).getByTestId("streak-line");
  const streakBefore = await streakOf("Read").textContent();

  // Deleted, then undone within the 5 s: it is back with its days, and the server never heard of the delete.
  await page.getByRole("button", { name: "Delete Read", exact: true }).click();
  await expect(row(page, "Read")).toHaveCount(0);
  await page.getByRole("button", { name: h.undo, exact: true }).click();
  await expect(row(page, "Read")).toBeVisible();
  await expect(streakOf("Read")).toHaveText(streakBefore ?? "");
  await page.clock.fastForward(6_000); // past the hold
  await expectSynced(page);
  const held = await listed(server, user);
  expect(held.find((habit) => habit.name === "Read")?.completedDates).toEqual(days);

  // Deleted, and the page reloaded during the hold: still deleted, and sent once the hold is over.
  await openToday(page);
  await page.getByRole("button", { name: "Delete Walk", exact: true }).click();
  await expect(row(page, "Walk")).toHaveCount(0);
  await reloadApp(page);
  await expect(row(page, "Read")).toBeVisible();
  await expect(row(page, "Walk")).toHaveCount(0);
  await page.clock.fastForward(6_000);
  await expectSynced(page);
  expect((await listed(server, user)).map((habit) => habit.name)).toEqual(["Read"]);
});
