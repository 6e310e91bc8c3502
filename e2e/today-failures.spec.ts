// Writes, the Habits messages and the 5 s banner, and 'Add Habit Manually' after 3 s, with these meanings: a write
// the server refuses rolls back; when the server cannot be reached the stored copy is shown; with no copy either,
// the list fails to load and a manual add is queued until the server is back.
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { ERROR_BANNER_MS, MANUAL_ADD_DELAY_MS, STORAGE_KEYS } from "../src/core/constants";
import {
  deleteOf,
  newHabitInput,
  openToday,
  row,
  seedHabits,
  serverError,
  serverHabits,
  storage,
  toggleOf,
  todayIn,
} from "./support/habits";
import { expectSynced, OFFLINE_ERRORS, refusePushes } from "./support/offline";
import { gotoApp, pauseClock, reloadApp, runUntilVisible } from "./support/page-clock";

const h = messages.habits;

test("a toggle the server refuses rolls back and shows its message, which hides after 5 s", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  await expect(row(page, "Read")).toBeVisible();
  await refusePushes(page);
  await pauseClock(page);
  await toggleOf(page, "Read").click();
  const banner = page.getByRole("alert").getByText(h.updateFailed);
  await runUntilVisible(page, banner);
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");
  await expect(row(page, "Read").getByTestId("streak-line")).toHaveText(messages.today.startStreak);
  await page.clock.runFor(ERROR_BANNER_MS - 100);
  await expect(banner).toBeVisible();
  await page.clock.runFor(200);
  await expect(banner).toHaveCount(0);
});

test("the banner can be dismissed before it hides itself", async ({ signedInPage: page }) => {
  await openToday(page);
  await refusePushes(page);
  await newHabitInput(page).fill("Doomed");
  await newHabitInput(page).press("Enter");
  const banner = page.getByTestId("notice").filter({ hasText: h.saveFailed });
  await expect(row(page, "Doomed")).toHaveCount(0); // a refused add is rolled back
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
});

test.describe("when the server cannot be reached", () => {
  const today = todayIn();

  test("the stored copy is shown, and writes made meanwhile reach the server later", async ({
    signedInPage: page,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(OFFLINE_ERRORS);
    await seedHabits(server, user, [{ name: "Read" }]);
    await openToday(page);
    await expect(row(page, "Read")).toBeVisible(); // the store now holds the server's copy

    await page.route("**/api/sync**", (route) => route.abort("connectionrefused"));
    await reloadApp(page);
    await expect(page.getByText(h.cloudLoadFallback)).toBeVisible();
    await expect(row(page, "Read")).toBeVisible();
    await expect(page.getByText("Offline: saved on this device")).toBeVisible();

    await newHabitInput(page).fill("Local walk");
    await newHabitInput(page).press("Enter");
    await toggleOf(page, "Local walk").click();
    await expect(row(page, "Local walk").getByTestId("streak-line")).toHaveText("1-day streak");
    await deleteOf(page, "Read").click();
    await expect(row(page, "Read")).toHaveCount(0);
    await reloadApp(page);
    await expect(page.getByText(h.cloudLoadFallback)).toBeVisible();
    await expect(row(page, "Read")).toHaveCount(0);
    await expect(toggleOf(page, "Local walk")).toHaveAttribute("aria-pressed", "true");
    // A signed-in user's habits live in the local store; the `habits` key is the signed-out list.
    expect(await storage(page, STORAGE_KEYS.habits)).toBeNull();
    expect((await serverHabits(server, user)).map((x) => x.name)).toEqual(["Read"]);

    await page.unroute("**/api/sync**");
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expectSynced(page);
    expect((await serverHabits(server, user)).map((x) => [x.name, x.completedDates])).toEqual([
      ["Local walk", [today]],
    ]);
  });

  test("with no local copy either, the list shows the load failure and the manual form after 3 s; its add is queued", async ({
    signedInPage: page,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 503/);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/sync**", async (route) => {
      await held;
      await route.fulfill({ ...serverError, status: 503 });
    });
    await gotoApp(page, "/");
    await expect(page.getByTestId("habits-loading")).toBeVisible();
    await pauseClock(page);
    release();
    await runUntilVisible(page, page.getByText(messages.today.listLoadFailedTitle));
    await expect(page.getByText(messages.today.listLoadFailedBody)).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(h.loadFailed);
    const form = page.getByRole("form", { name: messages.today.addManually });
    await page.clock.runFor(MANUAL_ADD_DELAY_MS - 100);
    await expect(form).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(form).toBeVisible();
    await page.clock.resume();

    // The manual form adds a trimmed name while the server still fails: it is shown and queued, not lost.
    await form.getByLabel("Habit name").fill("   Read   ");
    await form.getByRole("button", { name: "Add" }).click();
    await expect(row(page, "Read")).toBeVisible();
    expect(await serverHabits(server, user)).toEqual([]);

    // The server is back: the queued add reaches it.
    await page.unroute("**/api/sync**");
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect.poll(async () => (await serverHabits(server, user)).map((x) => x.name)).toEqual(["Read"]);
  });
});
