// A name that differs only in case or surrounding spaces from an existing habit is asked about (a modal dialog
// naming the existing habit, Cancel focused, Escape cancels) instead of being added silently.
import type { Page } from "@playwright/test";
import { messages } from "../src/core/messages";
import { expect, test } from "./support/fixtures";
import { newHabitInput, openToday, row, seedHabits, serverHabits } from "./support/habits";
import { expectNoSeriousA11yViolations, settle, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";

const t = messages.duplicateName;
const shots = process.env.SCREENSHOTS_DIR ?? "test-results/screenshots";

const prompt = (page: Page) => page.getByRole("dialog", { name: t.title });

async function typeName(page: Page, name: string) {
  await newHabitInput(page).fill(name);
  await newHabitInput(page).press("Enter");
}

test("asks before adding a name that differs only in case and spaces; Escape and Cancel keep the name", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  await typeName(page, "  READ ");
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page)).toHaveAccessibleDescription(`${t.existing("Read")} ${t.question("READ")}`);
  await expect(prompt(page).getByRole("button", { name: t.cancel })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press("Escape");
  await expect(prompt(page)).toBeHidden();
  await expect(newHabitInput(page)).toBeFocused();
  await expect(newHabitInput(page)).toHaveValue("  READ ");

  await newHabitInput(page).press("Enter");
  await expect(prompt(page).getByRole("button", { name: t.cancel })).toBeFocused();
  await page.keyboard.press("Enter"); // the focused answer is Cancel: a second Enter adds nothing
  await expect(prompt(page)).toBeHidden();
  await expect(newHabitInput(page)).toHaveValue("  READ ");
  await expect(page.getByTestId("habit-row")).toHaveCount(1);

  // A name of its own is added without a question; once the server has it, it has nothing else.
  await typeName(page, "Walk");
  await expect(prompt(page)).toBeHidden();
  await expect(row(page, "Walk")).toBeVisible();
  await expect
    .poll(async () => (await serverHabits(server, user)).map((h) => h.name).sort())
    .toEqual(["Read", "Walk"]);
});

test("'Add anyway' adds the habit and returns to the empty field", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Drink Water" }]);
  await openToday(page);
  await typeName(page, "drink water");
  await prompt(page).getByRole("button", { name: t.addAnyway }).click();
  await expect(prompt(page)).toBeHidden();
  await expect(row(page, "drink water")).toBeVisible();
  await expect(row(page, "Drink Water")).toBeVisible();
  await expect(newHabitInput(page)).toHaveValue("");
  await expect(newHabitInput(page)).toBeFocused();
  await expect
    .poll(async () => (await serverHabits(server, user)).map((h) => h.name).sort())
    .toEqual(["Drink Water", "drink water"]);
});

for (const [label, size] of Object.entries(VIEWPORTS)) {
  test(`the question on the ${label}, in both themes, with the longest name`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const long = "Walk the dog around the whole neighbourhood park, then stretch for ten minutes after lunch";
    await seedHabits(server, user, [{ name: long }]);
    await page.setViewportSize(size);
    await openToday(page);
    await typeName(page, long.toUpperCase());
    await expect(prompt(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    const box = await prompt(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await settle(page);
      await page.screenshot({ path: `${shots}/new-user-duplicate-${theme}-${label}-${size.width}.png` });
      await expectNoSeriousA11yViolations(page);
    }
  });
}
