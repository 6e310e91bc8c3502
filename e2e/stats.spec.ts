// Stats: the completion rate (docs/product.md, "Completion rate"), the trend arrow and the default sort, checked
// against hand-computed values.
import { test, expect } from "./support/fixtures";
import type { Page } from "@playwright/test";
import { messages } from "../src/core/messages";
import { addDays, type LocalDate } from "../src/core/local-date";
import { statsCopy } from "../src/web/features/stats/stats-copy";
import { daysEnding, seedHabits, todayIn, toggleOf } from "./support/habits";
import {
  expectNoSeriousA11yViolations,
  screenshotAll,
  THEMES,
  useTheme,
  VIEWPORTS,
} from "./support/page-checks";
import { gotoApp } from "./support/page-clock";

const s = messages.stats;

// A fixed browser clock at noon UTC of the real UTC day: the server accepts that day (decision 0003).
const T: LocalDate = todayIn("UTC");
test.use({ timezoneId: "UTC", locale: "en-US" });
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(`${T}T12:00:00Z`));
});

// Known histories; every figure below is worked out by hand from these dates and T.
const HABITS = [
  { name: "Read", completedDates: daysEnding(T, 3) }, // T-2..T: streak 3, best 3, 3 of 3 days = 100%, up
  { name: "Exercise", completedDates: [...daysEnding(addDays(T, -11), 10), addDays(T, -1)] }, // T-20..T-11, T-1: streak 1, best 10, 11 of 21 = 52%, neutral
  { name: "Journal", completedDates: [T] }, // first completion today: 100%, streak 1, up
  { name: "Meditate", completedDates: [] }, // never: 0%, streak 0, down
  { name: "Stretch", completedDates: daysEnding(addDays(T, -5), 6) }, // T-10..T-5: broken, streak 0, best 6, 6 of 11 = 55%, down
];

const usDate = (date: LocalDate) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

const items = (page: Page) => page.getByTestId("stats-habit");
const item = (page: Page, name: string) =>
  items(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const metric = (page: Page, name: string, key: string) => item(page, name).locator(`[data-metric="${key}"]`);
const expectOrder = (page: Page, names: string[]) =>
  expect(items(page).getByRole("heading")).toHaveText(names);
const sortOption = (page: Page, label: string) =>
  page.getByRole("group", { name: statsCopy.sortBy }).getByText(label, { exact: true });

async function openStats(page: Page) {
  await gotoApp(page, "/stats");
  await expect(page.getByRole("heading", { name: statsCopy.title, level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: statsCopy.loading })).toHaveCount(0);
}

test.describe("with known histories", () => {
  test.beforeEach(async ({ server, user }) => seedHabits(server, user, HABITS));

  test("today's progress, average streak and longest streak", async ({ signedInPage: page }) => {
    await openStats(page);
    await expect(page.getByTestId("stats-progress-percent")).toHaveText("40%"); // Read and Journal: 2 of 5
    await expect(page.getByTestId("stats-progress-count")).toHaveText("2 of 5");
    await expect(page.getByRole("progressbar", { name: statsCopy.progressLabel })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    await expect(page.getByTestId("stats-average-value")).toHaveText("1"); // (3+1+1+0+0)/5
    await expect(page.getByTestId("stats-average")).toContainText("day");
    await expect(page.getByTestId("stats-longest-value")).toHaveText("3");
    await expect(page.getByTestId("stats-longest-name")).toHaveText("Read");
  });

  test("each habit's streak, trend, completion rate, total, last completed and best streak", async ({
    signedInPage: page,
  }) => {
    await openStats(page);
    const expected = {
      Read: {
        streak: "3 days",
        completion: "100%",
        total: "3",
        last: s.lastToday,
        best: "3 days",
        trend: statsCopy.trend.up,
      },
      Exercise: {
        streak: "1 day",
        completion: "52%",
        total: "11",
        last: usDate(addDays(T, -1)),
        best: "10 days",
        trend: statsCopy.trend.neutral,
      },
      Journal: {
        streak: "1 day",
        completion: "100%",
        total: "1",
        last: s.lastToday,
        best: "1 day",
        trend: statsCopy.trend.up,
      },
      Meditate: {
        streak: "0 days",
        completion: "0%",
        total: "0",
        last: s.lastNever,
        best: "0 days",
        trend: statsCopy.trend.down,
      },
      Stretch: {
        streak: "0 days",
        completion: "55%",
        total: "6",
        last: usDate(addDays(T, -5)),
        best: "6 days",
        trend: statsCopy.trend.down,
      },
    };
    for (const [name, figures] of Object.entries(expected)) {
      for (const key of ["streak", "completion", "total", "last", "best"] as const) {
        await expect(metric(page, name, key), `${name} ${key}`).toHaveText(figures[key]);
      }
      await expect(item(page, name).getByRole("img", { name: figures.trend })).toBeVisible();
    }
    await expect(item(page, "Read").getByText(statsCopy.bestStreak)).toBeVisible();
  });

  test("sorts by Streak (default), Completion and A-Z", async ({ signedInPage: page }) => {
    await openStats(page);
    await expect(page.getByRole("radio", { name: s.sortStreak })).toBeChecked();
    await expectOrder(page, ["Read", "Exercise", "Journal", "Meditate", "Stretch"]);
    await sortOption(page, s.sortCompletion).click();
    await expect(page.getByRole("radio", { name: s.sortCompletion })).toBeChecked();
    await expectOrder(page, ["Journal", "Read", "Stretch", "Exercise", "Meditate"]);
    // Keyboard: arrow keys move within the radio group.
    await page.getByRole("radio", { name: s.sortCompletion }).press("ArrowRight");
    await expect(page.getByRole("radio", { name: s.sortAz })).toBeChecked();
    await expectOrder(page, ["Exercise", "Journal", "Meditate", "Read", "Stretch"]);
    await sortOption(page, s.sortStreak).click();
    await expectOrder(page, ["Read", "Exercise", "Journal", "Meditate", "Stretch"]);
  });

  test("agrees with Today after a habit is ticked there", async ({ signedInPage: page }) => {
    await gotoApp(page, "/");
    await toggleOf(page, "Meditate").click();
    await expect(toggleOf(page, "Meditate")).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("link", { name: "Stats" }).first().click();
    await expect(page.getByTestId("stats-progress-count")).toHaveText("3 of 5");
    await expect(page.getByTestId("stats-progress-percent")).toHaveText("60%");
    await expect(metric(page, "Meditate", "streak")).toHaveText("1 day");
    await expect(metric(page, "Meditate", "last")).toHaveText(s.lastToday);
    await expect(metric(page, "Meditate", "completion")).toHaveText("100%");
    await expect(item(page, "Meditate").getByRole("img", { name: statsCopy.trend.up })).toBeVisible();
  });

  test("screenshots in both themes at 375 px and 1280 px, and no serious accessibility violation", async ({
    signedInPage: page,
  }) => {
    await openStats(page);
    await screenshotAll(page, "stats", () => expect(items(page)).toHaveCount(5));
    for (const theme of THEMES) {
      await page.setViewportSize(VIEWPORTS.phone);
      await useTheme(page, theme);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe("in another locale", () => {
  test.use({ locale: "de-DE" });

  test("last completed is a date in the chosen language, not the browser's", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    // English chosen in a German browser: the dates are English too (docs/decisions/0076-formatting-locale.md).
    await page.addInitScript(() => window.localStorage.setItem("habitStreaksLanguage", "en"));
    await seedHabits(server, user, [{ name: "Lesen", completedDates: [addDays(T, -3)] }]);
    await openStats(page);
    const english = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${addDays(T, -3)}T00:00:00Z`),
    );
    await expect(metric(page, "Lesen", "last")).toHaveText(english);
  });
});

test("a user without habits sees the empty state", async ({ signedInPage: page }) => {
  await openStats(page);
  await expect(page.getByText(s.empty)).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("link", { name: statsCopy.goToday })).toHaveAttribute("href", "/");
  await screenshotAll(page, "stats-empty", () => expect(page.getByText(s.empty)).toBeVisible());
  await expectNoSeriousA11yViolations(page);
});
