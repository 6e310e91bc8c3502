// SPEC §4 optimistic writes, §8 Habits messages and the 5 s banner, §2 'Add Habit Manually' after 3 s,
// and the local fallback when the server cannot be reached (SPEC §3 browser storage).
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
  setLocalStorage,
  storage,
  toggleOf,
  todayIn,
} from "./support/habits";
import { gotoApp, pauseClock, reloadApp, runUntilVisible } from "./support/page-clock";

const h = messages.habits;

test("a failed toggle rolls back and shows the SPEC message, which hides after 5 s", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  await page.route("**/api/habits/*/completions/*", (route) => route.fulfill(serverError));
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

test("the banner can be dismissed before it hides itself", async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await openToday(page);
  await page.route("**/api/habits", (route) =>
    route.request().method() === "POST" ? route.fulfill(serverError) : route.fallback(),
  );
  await newHabitInput(page).fill("Doomed");
  await newHabitInput(page).press("Enter");
  const banner = page.getByTestId("notice").filter({ hasText: h.saveFailed });
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
});

test.describe("when the server cannot be reached", () => {
  const today = todayIn();
  const local = [
    {
      id: "5b0c4a52-6a4c-4c38-9f0a-0d1e4a2b7c11",
      name: "Local read",
      streakCount: 0,
      lastCompletedDate: null,
      completedDates: [],
    },
  ];

  test("the app says so and works on the local list", async ({ signedInPage: page, allowConsoleErrors }) => {
    allowConsoleErrors(/ERR_CONNECTION_REFUSED|ERR_FAILED/);
    await setLocalStorage(page, {
      [STORAGE_KEYS.habits]: JSON.stringify(local),
      [STORAGE_KEYS.firstVisit]: "false",
    });
    await page.route("**/api/habits**", (route) => route.abort("connectionrefused"));
    await openToday(page);
    await expect(page.getByText(h.cloudLoadFallback)).toBeVisible();
    await expect(row(page, "Local read")).toBeVisible();
    await expect(page.getByText("Offline: saved on this device")).toBeVisible();

    await newHabitInput(page).fill("Local walk");
    await newHabitInput(page).press("Enter");
    await toggleOf(page, "Local walk").click();
    await expect(row(page, "Local walk").getByTestId("streak-line")).toHaveText("1-day streak");
    await deleteOf(page, "Local read").click();
    await expect(row(page, "Local read")).toHaveCount(0);

    const stored = JSON.parse((await storage(page, STORAGE_KEYS.habits)) ?? "null");
    expect(stored).toEqual([
      expect.objectContaining({
        name: "Local walk",
        streakCount: 1,
        lastCompletedDate: today,
        completedDates: [today],
      }),
    ]);
    expect(Object.keys(stored[0]).sort()).toEqual([
      "completedDates",
      "createdAt",
      "id",
      "lastCompletedDate",
      "name",
      "streakCount",
      "updatedAt",
    ]);
    await reloadApp(page);
    await expect(row(page, "Local walk")).toBeVisible();
    await expect(toggleOf(page, "Local walk")).toHaveAttribute("aria-pressed", "true");
  });

  test("with no readable local list either, the list shows the load failure and the manual form after 3 s", async ({
    signedInPage: page,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 503/);
    await setLocalStorage(page, { [STORAGE_KEYS.habits]: "{not json", [STORAGE_KEYS.firstVisit]: "false" });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/habits", async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
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

    // The server is back: the manual form adds a trimmed name, and the list loads.
    await page.unroute("**/api/habits");
    await form.getByLabel("Habit name").fill("   Read   ");
    await form.getByRole("button", { name: "Add" }).click();
    await expect(row(page, "Read")).toBeVisible();
    await expect.poll(async () => (await serverHabits(server, user)).map((x) => x.name)).toEqual(["Read"]);
  });
});
