// The habit page's Strength: today's value as core/strength.ts gives it for a seeded history, its chart by week or
// month, the table that says the same, and the look in both themes at phone and desktop width with axe.
import { mkdirSync } from "node:fs";
import { test, expect } from "./support/fixtures";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import { currentStrength, strengthDays } from "../src/core/strength";
import { strengthPercent } from "../src/web/features/habit/habit-strength";
import { daysEnding, seedHabits, serverHabits, todayIn } from "./support/habits";
import { expectNoSeriousA11yViolations, settle, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";
import { gotoApp } from "./support/page-clock";

const s = messages.strength;
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-strength";
const T: LocalDate = todayIn("UTC");
test.use({ timezoneId: "UTC", locale: "en-US" });
test.beforeEach(async ({ page }) => {
  await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
});

test("shows the strength the core gives, by week and by month, with its table", async ({
  signedInPage: page,
  server,
  user,
}) => {
  // 20 days done up to yesterday, after a gap of 10 missed days and 15 done before it.
  const completedDates = [...daysEnding(addDays(T, -31), 15), ...daysEnding(addDays(T, -1), 20)];
  await seedHabits(server, user, [{ name: "Read", completedDates }]);
  const [habit] = await serverHabits(server, user);
  const expected = strengthPercent(
    currentStrength(
      strengthDays(
        {
          kind: "yesNo",
          rules: [{ from: "2000-01-01", frequency: null, target: null }],
          completedDates,
          weekStart: 0,
        },
        T,
      ),
    ),
  );
  // By hand: 15 done (1 − m¹⁵), 10 missed (× m¹⁰), 20 done: (1 − m¹⁵) m³⁰ + 1 − m²⁰, m = 0.5 ^ (1/13): 76.7 %.
  expect(expected).toBe("77%");

  await gotoApp(page, `/habits/${habit!.id}`);
  const section = page.getByRole("region", { name: s.title });
  await expect(section.locator('[data-metric="strength"]')).toHaveText(expected);

  const chart = section.getByTestId("strength-chart");
  await expect(chart).toHaveAttribute("data-per", "week");
  await expect(chart).toHaveAccessibleName(new RegExp(`^${s.chartLabel("week", "", "").split(",")[0]}`));
  const by = section.getByRole("group", { name: s.by });
  await by.getByText(s.month, { exact: true }).click();
  await expect(by.getByRole("radio", { name: s.month })).toBeChecked();
  await expect(chart).toHaveAttribute("data-per", "month");

  await section.getByText(s.showTable).click();
  const table = section.getByRole("table", { name: s.tableCaption("month") });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row").last().getByRole("cell")).toHaveText(expected);

  mkdirSync(SHOTS, { recursive: true });
  for (const theme of THEMES) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await useTheme(page, theme);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${theme} ${label}`,
      ).toBeLessThanOrEqual(size.width);
      await section.scrollIntoViewIfNeeded();
      await settle(page);
      await section.screenshot({ path: `${SHOTS}/strength-${theme}-${label}.png` });
    }
    await expectNoSeriousA11yViolations(page);
  }
});
