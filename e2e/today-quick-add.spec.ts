// Today: the quick-add panel (case-insensitive, a hint over 6) and the Alt+N tip and shortcut.
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { QUICK_ADD_HINT_OVER } from "../src/core/constants";
import { SUGGESTED_HABITS } from "../src/core/suggested-habits";
import { deleteOf, newHabitInput, openToday, row, seedHabits, serverHabits } from "./support/habits";

const t = messages.today;

test.describe("quick add", () => {
  test("lists every suggestion in a scrolling panel with the hint, and adds one", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openToday(page);
    const list = page.getByTestId("quick-add-list");
    await expect(list.getByRole("button")).toHaveCount(SUGGESTED_HABITS.length);
    await expect(page.getByText(t.scrollHint(SUGGESTED_HABITS.length))).toBeVisible();
    const box = await list.evaluate((el) => ({
      max: getComputedStyle(el).maxHeight,
      overflow: getComputedStyle(el).overflowY,
      scroll: el.scrollHeight,
      client: el.clientHeight,
    }));
    expect(box.max).not.toBe("none");
    expect(box.overflow).toBe("auto");
    expect(box.scroll).toBeGreaterThan(box.client);
    await list.getByRole("button", { name: "Meditate" }).click();
    await expect(row(page, "Meditate")).toBeVisible();
    await expect(list.getByRole("button", { name: "Meditate" })).toHaveCount(0);
    await expect(page.getByText(t.scrollHint(SUGGESTED_HABITS.length - 1))).toBeVisible();
    await expect
      .poll(async () => (await serverHabits(server, user)).map((h) => h.name))
      .toEqual(["Meditate"]);
  });

  test("hides suggestions already present, ignoring case, and the hint at six or fewer", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const present = SUGGESTED_HABITS.slice(0, SUGGESTED_HABITS.length - QUICK_ADD_HINT_OVER).map((s, i) => ({
      name: i % 2 ? s.name.toUpperCase() : s.name.toLowerCase(),
    }));
    await seedHabits(server, user, present);
    await openToday(page);
    const toggle = page.getByRole("button", { name: /Quick add common habits/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const list = page.getByTestId("quick-add-list");
    await expect(list.getByRole("button")).toHaveCount(QUICK_ADD_HINT_OVER);
    for (const s of SUGGESTED_HABITS.slice(0, present.length))
      await expect(list.getByRole("button", { name: s.name })).toHaveCount(0);
    await expect(page.getByText(/Scroll to see all/)).toHaveCount(0);
    // One more missing suggestion brings the hint back.
    await deleteOf(page, present[0]!.name).click();
    await expect(list.getByRole("button")).toHaveCount(QUICK_ADD_HINT_OVER + 1);
    await expect(page.getByText(t.scrollHint(QUICK_ADD_HINT_OVER + 1))).toBeVisible();
  });

  test("reads 'All Common Habits Added' and is disabled when every suggestion is present", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(
      server,
      user,
      SUGGESTED_HABITS.map((s) => ({ name: ` ${s.name.toUpperCase()} `.trim() })),
    );
    await openToday(page);
    const button = page.getByRole("button", { name: t.allAdded });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(page.getByTestId("quick-add-list")).toHaveCount(0);
  });
});

test.describe("Alt+N", () => {
  test("shows the tip and focuses the new-habit input, except while typing in an input", async ({
    signedInPage: page,
  }) => {
    await openToday(page);
    await expect(page.getByTestId("shortcut-tip")).toContainText("Alt");
    await expect(page.getByTestId("shortcut-tip").locator("kbd")).toHaveText(["Alt", "N"]);
    await page.getByRole("heading", { name: "Today", level: 1 }).click();
    await page.keyboard.press("Alt+KeyN");
    await expect(newHabitInput(page)).toBeFocused();
    // Typing elsewhere: the shortcut must not steal focus.
    await page.evaluate(() => {
      const input = document.createElement("input");
      input.id = "other-field";
      input.setAttribute("aria-label", "Other field");
      document.querySelector("main")?.prepend(input);
    });
    await page.locator("#other-field").focus();
    await page.keyboard.press("Alt+KeyN");
    await expect(page.locator("#other-field")).toBeFocused();
  });
});
