// Live across devices and tabs. Two contexts signed in as one user are two devices; two pages of one context are two
// tabs sharing one store and one sync loop.
import { test, expect } from "./support/fixtures";
import { newHabitInput, openToday, row, seedHabits, toggleOf } from "./support/habits";
import { openDevice, openTab } from "./support/offline";

test("a tick on one device appears on the other within 2 s", async ({
  signedInPage: page,
  browser,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  const other = await openDevice(browser, server, user);
  try {
    await expect(toggleOf(other.page, "Read")).toHaveAttribute("aria-pressed", "false");
    await toggleOf(page, "Read").click();
    await expect(toggleOf(other.page, "Read")).toHaveAttribute("aria-pressed", "true", { timeout: 2_000 });
    await newHabitInput(other.page).fill("Walk");
    await newHabitInput(other.page).press("Enter");
    await expect(row(page, "Walk")).toBeVisible({ timeout: 2_000 });
  } finally {
    await other.context.close();
  }
});

test("two tabs stay in step", async ({ signedInPage: page, server, user }) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  const tab = await openTab(page.context());
  await toggleOf(tab, "Read").click();
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true", { timeout: 2_000 });
  await newHabitInput(page).fill("Walk");
  await newHabitInput(page).press("Enter");
  await expect(row(tab, "Walk")).toBeVisible({ timeout: 2_000 });
  await tab.close();
});
