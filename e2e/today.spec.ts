// Today: adding (optimistic, a blank name ignored), deleting, and the list when loading fails.
import { test, expect } from "./support/fixtures";
import { UNDO_TOAST_MS } from "../src/web/ui/undo-toast";
import { messages } from "../src/core/messages";
import {
  deleteOf,
  newHabitInput,
  openToday,
  row,
  seedHabits,
  serverHabits,
  toggleOf,
} from "./support/habits";
import { refusePushes } from "./support/offline";
import { gotoApp, reloadApp } from "./support/page-clock";

const t = messages.today;

test.describe("adding habits", () => {
  test("a new user sees the empty state and adds habits with Enter and with the plus button", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await openToday(page);
    await expect(page.getByText(t.empty)).toBeVisible();
    await newHabitInput(page).fill("Read");
    await newHabitInput(page).press("Enter");
    await expect(row(page, "Read")).toBeVisible();
    await expect(newHabitInput(page)).toHaveValue("");
    await newHabitInput(page).fill("Walk");
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(row(page, "Walk")).toBeVisible();
    await expect(page.getByText(t.empty)).toHaveCount(0);
    // Newest first, each starting with no streak.
    await expect(page.getByTestId("habit-row").first()).toContainText("Walk");
    await expect(row(page, "Read").getByTestId("streak-line")).toHaveText(t.startStreak);
    await expect
      .poll(async () => (await serverHabits(server, user)).map((h) => h.name).sort())
      .toEqual(["Read", "Walk"]);
    await reloadApp(page);
    await expect(row(page, "Walk")).toBeVisible();
    await expect(row(page, "Read")).toBeVisible();
  });

  test("a blank name is ignored and nothing is sent", async ({ signedInPage: page }) => {
    await openToday(page);
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/habits") posts++;
    });
    await newHabitInput(page).fill("   ");
    await newHabitInput(page).press("Enter");
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(page.getByText(t.empty)).toBeVisible();
    await expect(page.getByTestId("habit-row")).toHaveCount(0);
    expect(posts).toBe(0);
  });

  test("names are shown as text, never as HTML", async ({ signedInPage: page }) => {
    await openToday(page);
    const name = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    await newHabitInput(page).fill(name);
    await newHabitInput(page).press("Enter");
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.locator("[data-testid=habit-row] b")).toHaveCount(0);
    expect(await page.evaluate(() => "__pwned" in window)).toBe(false);
  });

  test("adding is optimistic: the row shows at once with its client-made id, which the server keeps", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await openToday(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/sync/push", async (route) => {
      await held;
      await route.continue();
    });
    await newHabitInput(page).fill("Stretch gently");
    await newHabitInput(page).press("Enter");
    const added = row(page, "Stretch gently");
    await expect(added).toBeVisible();
    await expect(added).toHaveAttribute("data-habit-id", /^[0-9a-f]{8}-/);
    const id = await added.getAttribute("data-habit-id");
    // A queued habit is a habit like any other; its writes join the outbox behind it.
    await expect(toggleOf(page, "Stretch gently")).toBeEnabled();
    expect(await serverHabits(server, user)).toEqual([]);
    release();
    await expect
      .poll(async () => (await serverHabits(server, user)).map((h) => [h.id, h.name]))
      .toEqual([[id, "Stretch gently"]]);
    await expect(added).toHaveAttribute("data-habit-id", id ?? "");
    await expect(added.getByTestId("streak-line")).toHaveText(t.startStreak);
  });

  test("a save the server refuses removes the row and shows the save's message", async ({
    signedInPage: page,
  }) => {
    await openToday(page);
    await refusePushes(page);
    await newHabitInput(page).fill("Doomed");
    await newHabitInput(page).press("Enter");
    await expect(page.getByRole("alert")).toContainText(messages.habits.saveFailed);
    await expect(row(page, "Doomed")).toHaveCount(0);
    await expect(page.getByText(t.empty)).toBeVisible();
  });
});

test.describe("deleting", () => {
  test("removes the habit at once and for good", async ({ signedInPage: page, server, user }) => {
    await seedHabits(server, user, [{ name: "Floss" }, { name: "Journal" }]);
    await openToday(page);
    await deleteOf(page, "Floss").click();
    await expect(row(page, "Floss")).toHaveCount(0);
    // The delete is held for Undo (undo-toast.test.tsx times it); the page clock passes the hold.
    await page.clock.fastForward(UNDO_TOAST_MS + 100);
    await expect.poll(async () => (await serverHabits(server, user)).map((h) => h.name)).toEqual(["Journal"]);
    await reloadApp(page);
    await expect(row(page, "Journal")).toBeVisible();
    await expect(row(page, "Floss")).toHaveCount(0);
  });

  test("a delete the server refuses puts the row back and shows the delete's message", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Floss" }, { name: "Journal" }]);
    await openToday(page);
    await expect(row(page, "Journal")).toBeVisible();
    await refusePushes(page);
    await deleteOf(page, "Journal").click();
    await page.clock.fastForward(UNDO_TOAST_MS + 100);
    await expect(page.getByRole("alert")).toContainText(messages.habits.deleteFailed);
    await expect(row(page, "Journal")).toBeVisible();
    await expect(page.getByTestId("habit-row")).toHaveCount(2);
  });
});

test.describe("load failures", () => {
  test("when the server answers with an error and no copy is stored, the list shows the load failure's texts", async ({
    signedInPage: page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/);
    await page.route(
      (url) => url.pathname === "/api/sync",
      (route) => route.fulfill({ status: 400, json: { error: { code: "INVALID_DATE", message: "x" } } }),
    );
    await gotoApp(page, "/");
    await expect(page.getByText(t.listLoadFailedTitle)).toBeVisible();
    await expect(page.getByText(t.listLoadFailedBody)).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(messages.habits.loadFailed);
  });
});
