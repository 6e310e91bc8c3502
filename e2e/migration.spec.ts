// Migration of local habits: they go to the server after sign-in when it holds none; every message for 5 s; local
// storage removed once at least one was copied; habitStreaksFirstVisit set to false; never duplicated.
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { MIGRATION_MESSAGE_MS, STORAGE_KEYS } from "../src/core/constants";
import {
  openToday,
  row,
  seedHabits,
  serverError,
  serverHabits,
  setLocalStorage,
  storage,
  todayIn,
} from "./support/habits";
import { gotoApp, pauseClock, reloadApp, runUntilVisible } from "./support/page-clock";

const m = messages.migration;
const today = todayIn();
const localHabits = [
  {
    id: "9f1f6a47-1c1b-4c55-8e0c-0b6f9a1d2e01",
    name: "Local read",
    streakCount: 1,
    lastCompletedDate: today,
    completedDates: [today],
  },
  {
    id: "9f1f6a47-1c1b-4c55-8e0c-0b6f9a1d2e02",
    name: "Local walk",
    streakCount: 0,
    lastCompletedDate: null,
    completedDates: [],
  },
];
const withLocal = (items: unknown[] = localHabits) => ({ [STORAGE_KEYS.habits]: JSON.stringify(items) });

test("copies local habits to an empty account once, then removes them from the browser", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await setLocalStorage(page, withLocal());
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/habits/migrate", async (route) => {
    await held;
    await route.continue();
  });
  await gotoApp(page, "/");
  await expect(page.getByRole("status").getByText(m.inProgress)).toBeVisible();
  await pauseClock(page);
  release();
  const done = page.getByRole("status").getByText(m.success(2));
  await runUntilVisible(page, done);
  await expect(page.getByText(m.inProgress)).toHaveCount(0);
  await page.clock.runFor(MIGRATION_MESSAGE_MS - 100);
  await expect(done).toBeVisible();
  await page.clock.runFor(200);
  await expect(done).toHaveCount(0);
  await page.clock.resume();

  await expect(row(page, "Local read")).toBeVisible();
  await expect(row(page, "Local walk")).toBeVisible();
  await expect(row(page, "Local read").getByRole("button", { name: "Complete Local read" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await storage(page, STORAGE_KEYS.habits)).toBeNull();
  expect(await storage(page, STORAGE_KEYS.firstVisit)).toBe("false");

  await page.unroute("**/api/habits/migrate");
  await reloadApp(page);
  await expect(row(page, "Local walk")).toBeVisible();
  await expect(page.getByTestId("notice")).toHaveCount(0);
  expect((await serverHabits(server, user)).map((h) => h.name).sort()).toEqual(["Local read", "Local walk"]);
});

test("skips when the account already has habits, keeping the local list", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Server habit" }]);
  await setLocalStorage(page, withLocal());
  await openToday(page);
  await expect(page.getByText(m.skipped)).toBeVisible();
  await expect(row(page, "Server habit")).toBeVisible();
  await expect(row(page, "Local read")).toHaveCount(0);
  expect(await storage(page, STORAGE_KEYS.habits)).not.toBeNull();
  expect(await storage(page, STORAGE_KEYS.firstVisit)).toBe("false");
  expect((await serverHabits(server, user)).map((h) => h.name)).toEqual(["Server habit"]);
  // The first visit is over: no second attempt, no second message.
  await reloadApp(page);
  await expect(row(page, "Server habit")).toBeVisible();
  await expect(page.getByText(m.skipped)).toHaveCount(0);
});

test("reports habits that could not be copied", async ({ signedInPage: page }) => {
  await setLocalStorage(page, withLocal([localHabits[0], { name: "", completedDates: ["not a date"] }]));
  await openToday(page);
  await expect(page.getByText(m.partial(1, 1))).toBeVisible();
  await expect(row(page, "Local read")).toBeVisible();
  expect(await storage(page, STORAGE_KEYS.habits)).toBeNull();
});

test("a failed migration keeps everything and is retried on the next visit", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await setLocalStorage(page, withLocal());
  await page.route("**/api/habits/migrate", (route) => route.fulfill(serverError));
  await openToday(page);
  await expect(page.getByRole("alert").getByText(m.failed)).toBeVisible();
  expect(await storage(page, STORAGE_KEYS.habits)).not.toBeNull();
  expect(await storage(page, STORAGE_KEYS.firstVisit)).toBeNull();
  expect(await serverHabits(server, user)).toEqual([]);

  await page.unroute("**/api/habits/migrate");
  await reloadApp(page);
  await expect(page.getByText(m.success(2))).toBeVisible();
  await expect(row(page, "Local walk")).toBeVisible();
});

test("an unreachable server is reported as unable", async ({ signedInPage: page, allowConsoleErrors }) => {
  allowConsoleErrors(/ERR_CONNECTION_REFUSED|ERR_FAILED/);
  await setLocalStorage(page, withLocal());
  await page.route("**/api/habits/migrate", (route) => route.abort("connectionrefused"));
  await openToday(page);
  await expect(page.getByRole("alert").getByText(m.unable)).toBeVisible();
  expect(await storage(page, STORAGE_KEYS.habits)).not.toBeNull();
});

test("an unreadable local list is reported as unable and sent nowhere", async ({ signedInPage: page }) => {
  await setLocalStorage(page, { [STORAGE_KEYS.habits]: "{oops" });
  let posted = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/habits/migrate")) posted = true;
  });
  await openToday(page);
  await expect(page.getByText(m.unable)).toBeVisible();
  expect(posted).toBe(false);
  await expect(page.getByText(messages.today.empty)).toBeVisible();
});

test("nothing to migrate completes the first visit silently", async ({ signedInPage: page }) => {
  await openToday(page);
  await expect(page.getByText(messages.today.empty)).toBeVisible();
  await expect(page.getByTestId("notice")).toHaveCount(0);
  expect(await storage(page, STORAGE_KEYS.firstVisit)).toBe("false");
});
