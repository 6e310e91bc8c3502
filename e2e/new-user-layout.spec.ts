// The app as a new user meets it on a 375 px phone and a 1280 px desktop: long habit names stay inside the screen
// and the column on Stats and Today, the empty tick's outline reaches 3:1 (WCAG 1.4.11), and the delete, theme,
// account menu and footer targets are at least 44 × 44 px.
import type { Locator, Page } from "@playwright/test";
import { MAX_HABIT_NAME_LENGTH } from "../src/core/constants";
import { messages } from "../src/core/messages";
import { statsCopy } from "../src/web/features/stats/stats-copy";
import { contrastRatio, edgeColours } from "./support/contrast";
import { expect, test } from "./support/fixtures";
import { daysEnding, deleteOf, openToday, seedHabits, todayIn, toggleOf } from "./support/habits";
import { expectNoSeriousA11yViolations, settle, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";
import { gotoApp } from "./support/page-clock";

const shots = process.env.SCREENSHOTS_DIR ?? "test-results/screenshots";

// A 48- and a 90-character name as people write them, and the longest name allowed, in one unbreakable word.
const NAME_48 = "Practise piano scales slowly before work, daily!";
const NAME_90 = "Walk the dog around the whole neighbourhood park, then stretch for ten minutes after lunch";
const NAME_MAX = "W".repeat(MAX_HABIT_NAME_LENGTH);
const LONG_NAMES = [NAME_48, NAME_90, NAME_MAX];

test("the long names are the lengths the issue reports", () => {
  expect(LONG_NAMES.map((name) => name.length)).toEqual([48, 90, MAX_HABIT_NAME_LENGTH]);
});

async function seedLongNames(
  server: Parameters<typeof seedHabits>[0],
  user: Parameters<typeof seedHabits>[1],
) {
  const today = todayIn();
  await seedHabits(server, user, [
    { name: NAME_MAX, completedDates: daysEnding(today, 4) }, // the longest streak: named on the summary card
    { name: NAME_48, completedDates: daysEnding(today, 2) },
    { name: NAME_90 },
    { name: "Read" },
  ]);
}

async function openStats(page: Page) {
  await gotoApp(page, "/stats");
  await expect(page.getByRole("heading", { name: statsCopy.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId("stats-habit")).toHaveCount(4);
}

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Each element's right edge beyond the content box of <main> (the page column), in px; <= 0 when inside. */
async function pastColumn(page: Page, elements: Locator): Promise<number[]> {
  const column = await page.locator("#main").evaluate((main) => {
    const box = main.getBoundingClientRect();
    const style = getComputedStyle(main);
    return {
      left: box.left + parseFloat(style.paddingLeft),
      right: box.right - parseFloat(style.paddingRight),
    };
  });
  const boxes = await elements.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().toJSON()));
  return boxes.map((box: DOMRect) => Math.max(column.left - box.left, box.right - column.right));
}

/** Every name is shown whole (wrapped, not clipped) or, where clipped, carries the full name in its title. */
async function expectFullNames(names: Locator) {
  for (const name of await names.all()) {
    const { text, title, clipped } = await name.evaluate((el) => ({
      text: el.textContent ?? "",
      title: el.getAttribute("title"),
      clipped: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    }));
    expect(LONG_NAMES.concat("Read")).toContain(text);
    if (clipped) expect(title, `clipped without a title: ${text}`).toBe(text);
  }
}

for (const [label, size] of Object.entries(VIEWPORTS)) {
  test(`Stats with long names fits the ${size.width} px screen and its column`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedLongNames(server, user);
    await page.setViewportSize(size);
    await openStats(page);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const cards = page.locator(
      "[data-testid=stats-habit], [data-testid^=stats-progress], [data-testid=stats-average], [data-testid=stats-longest]",
    );
    for (const past of await pastColumn(page, cards)) expect(past).toBeLessThanOrEqual(0.5);
    await expectFullNames(page.getByTestId("stats-habit").getByRole("heading"));
    await expectFullNames(page.getByTestId("stats-longest-name"));
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await settle(page);
      await page.screenshot({
        path: `${shots}/new-user-stats-${theme}-${label}-${size.width}.png`,
        fullPage: true,
      });
      await expectNoSeriousA11yViolations(page);
    }
  });

  test(`Today with long names fits the ${size.width} px screen and its column`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedLongNames(server, user);
    await page.setViewportSize(size);
    await openToday(page);
    await expect(page.getByTestId("habit-row")).toHaveCount(4);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    for (const past of await pastColumn(page, page.getByTestId("habit-row")))
      expect(past).toBeLessThanOrEqual(0.5);
    await expect(page.getByTestId("habit-name")).toHaveCount(4);
    await expectFullNames(page.getByTestId("habit-name"));
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await settle(page);
      await page.screenshot({
        path: `${shots}/new-user-today-${theme}-${label}-${size.width}.png`,
        fullPage: true,
      });
      await expectNoSeriousA11yViolations(page);
    }
  });
}

for (const theme of THEMES) {
  test(`the empty tick's outline has at least 3:1 contrast in the ${theme} theme`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }]);
    await openToday(page);
    await useTheme(page, theme);
    await page.mouse.move(0, 0); // no hover colour
    const tick = toggleOf(page, "Read");
    await expect(tick).toHaveAttribute("aria-pressed", "false");
    await settle(page);
    const { border, background } = await edgeColours(tick);
    expect(contrastRatio(border, background)).toBeGreaterThanOrEqual(3);
  });
}

for (const [label, size] of Object.entries(VIEWPORTS)) {
  test(`delete, theme, account menu and footer targets are at least 44 × 44 px on the ${label}`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }]);
    await page.setViewportSize(size);
    await openToday(page);
    const footer = page.getByRole("navigation", { name: "Footer" }).getByRole("link");
    await expect(footer).toHaveCount(4);
    const targets = [
      deleteOf(page, "Read"),
      page.getByTestId("theme-toggle"),
      page.getByRole("button", { name: /^Account menu for / }),
      ...(await footer.all()),
    ];
    for (const target of targets) {
      const box = await target.boundingBox();
      const name = await target.evaluate((el) => el.getAttribute("aria-label") ?? el.textContent);
      expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(44);
      expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(44);
    }
    await expect(footer.filter({ hasText: messages.shell.profile })).toBeVisible();
  });
}
