// Stats' Trends section (docs/decisions/0069-stats-trends.md) against a history seeded through the sync push, with
// figures worked out by hand. The real UTC day's weekday varies, so the checks add up a whole table (its sums do not
// depend on where the weeks begin) and name days relative to today.
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import type { SyncOp } from "../src/core/sync";
import { statsCopy } from "../src/web/features/stats/stats-copy";
import { api, expect, test } from "./support/fixtures";
import { daysEnding, todayIn } from "./support/habits";
import { seedKinds } from "./support/kinds";
import { expectNoSeriousA11yViolations, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";
import { gotoApp } from "./support/page-clock";

const m = messages.trends;
const T: LocalDate = todayIn("UTC");
test.use({ timezoneId: "UTC", locale: "en-US" });
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(`${T}T12:00:00Z`));
});

// Read: due every day from T-13; done T-13 to T-7 (7 days), missed T-6 to T-1 (6), today open: 7 of 13.
// Walk: due every day from T-59; done T-59 to T-50 and T-29 to T: 40 of 60 (today done counts). Its 30 days before
//   the last 30: 10 of 30 (33 %); the last 30: 30 of 30 (100 %): it rose 67 points.
// Water: at least 5 glasses a day from T-2; nothing on T-2 and T-1 (missed), 4 today (open): 0 of 2.
// Altogether 47 met of 75 due. By weekday, as days T-n with n's remainder by 7: 0 (today's weekday) 7 of 10,
// 1: 8 of 12, 2: 7 of 12, 3: 7 of 11, 4 to 6: 6 of 10. Best: today's weekday, 70 %; worst: that of T-2, 58 %.
const READ = daysEnding(addDays(T, -7), 7);
const WALK = [...daysEnding(addDays(T, -50), 10), ...daysEnding(T, 30)];

async function seed(server: Parameters<typeof seedKinds>[0], user: Parameters<typeof seedKinds>[1]) {
  const ids = await seedKinds(server, user, [
    { name: "Read", kind: "yesNo", rules: [{ from: addDays(T, -13), frequency: null, target: null }] },
    { name: "Walk", kind: "yesNo", rules: [{ from: addDays(T, -59), frequency: null, target: null }] },
    {
      name: "Water",
      kind: "measurable",
      rules: [
        {
          from: addDays(T, -2),
          frequency: null,
          target: { atMost: false, amount: 5, per: "day", unit: "glasses" },
        },
      ],
    },
  ]);
  const done = (name: string, dates: LocalDate[]): SyncOp[] =>
    dates.map((date) => ({ opId: randomUUID(), type: "setDay", habitId: ids[name]!, date, state: "done" }));
  const ops: SyncOp[] = [
    ...done("Read", READ),
    ...done("Walk", WALK),
    { opId: randomUUID(), type: "setAmount", habitId: ids.Water!, date: T, value: 4 },
  ];
  const res = await api(server, user, "/api/sync/push", { method: "POST", body: JSON.stringify({ ops }) });
  expect(res.ok).toBe(true);
}

async function openStats(page: Page) {
  await gotoApp(page, "/stats");
  await expect(page.getByRole("heading", { name: statsCopy.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId("stats-habit")).toHaveCount(3);
}

/** The table's rows as [label, share, met, due]. */
const rowsOf = (table: Locator) =>
  table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent)),
    );

const sums = (rows: (string | null)[][]) => ({
  met: rows.reduce((sum, row) => sum + Number(row[2]), 0),
  due: rows.reduce((sum, row) => sum + Number(row[3]), 0),
});

test.beforeEach(async ({ server, user }) => seed(server, user));

test("the Trends section shows the seeded history's figures, by week and by month, with tables", async ({
  signedInPage: page,
}) => {
  await openStats(page);
  const section = page.getByRole("region", { name: m.title });
  await expect(section).toBeVisible();

  const weeks = section.getByRole("table", { name: m.weekCaption });
  await expect(weeks.locator("tbody tr")).toHaveCount(52);
  const weekRows = await rowsOf(weeks);
  expect(sums(weekRows)).toEqual({ met: 47, due: 75 });
  // One bar for each week with something due.
  await expect(section.getByTestId("trends-bars").locator("rect")).toHaveCount(
    weekRows.filter((row) => row[1] !== m.noFigure).length,
  );

  const period = section.getByRole("group", { name: m.periodLabel });
  await period.getByText(m.byMonth, { exact: true }).click();
  await expect(period.getByRole("radio", { name: m.byMonth })).toBeChecked();
  await expect(section.getByRole("table", { name: m.weekCaption })).toHaveCount(0);
  const months = section.getByRole("table", { name: m.monthCaption });
  const monthRows = await rowsOf(months);
  expect(sums(monthRows)).toEqual({ met: 47, due: 75 });
  // From the month of T-59 to this one.
  const first = addDays(T, -59);
  const count =
    (Number(T.slice(0, 4)) - Number(first.slice(0, 4))) * 12 +
    Number(T.slice(5, 7)) -
    Number(first.slice(5, 7)) +
    1;
  expect(monthRows).toHaveLength(count);
  await period.getByText(m.byWeek, { exact: true }).click();
  await expect(section.getByRole("table", { name: m.weekCaption })).toHaveCount(1);

  const weekday = (date: LocalDate) =>
    new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(
      new Date(`${date}T00:00:00Z`),
    );
  await expect(section.getByTestId("trends-best-weekday")).toHaveText(`${m.bestWeekday}${weekday(T)} 70%`);
  await expect(section.getByTestId("trends-worst-weekday")).toHaveText(
    `${m.worstWeekday}${weekday(addDays(T, -2))} 58%`,
  );
  await expect(section.getByTestId("trends-rising").getByRole("listitem")).toHaveText([
    `Walk${m.change("33%", "100%", 67)}`,
  ]);
  await expect(section.getByTestId("trends-falling")).toContainText(m.noFalling);

  const water = section.getByTestId("trends-totals");
  await expect(water).toHaveCount(1);
  await expect(water).toContainText("Water");
  await expect(water).toContainText(m.thisWeek("4", "glasses"));
  const totals = await water
    .getByRole("table", { name: m.totalsCaption("Water", "glasses") })
    .locator("tbody tr")
    .allTextContents();
  expect(totals).toHaveLength(12);
  expect(totals.at(-1)).toMatch(/4 glasses$/);
});

test("fits a phone in both themes with no serious accessibility violation", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await openStats(page);
  const section = page.getByRole("region", { name: m.title });
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId("trends-bars")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await expectNoSeriousA11yViolations(page);
  }
});
