// Dates, weekdays, numbers and times in the chosen language's locale (docs/decisions/0076-formatting-locale.md):
// German chosen in Settings (the browser en-US) turns Today's date and day strip, Stats' dates, a measurable
// habit's decimals and the reminder times German at once, without a reload; Arabic names the weekdays in Arabic.
// The expected texts come from Node's own Intl in that locale.
import type { Page } from "@playwright/test";
import { test, expect, api } from "./support/fixtures";
import { addDays } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import { messagesIn } from "../src/core/messages/in-locale";
import type { HabitRule } from "../src/core/habit-kind";
import { seedHabits, todayIn } from "./support/habits";
import { seedKinds } from "./support/kinds";
import { gotoApp } from "./support/page-clock";

const T = todayIn("UTC");
const de = messagesIn("de");
const ar = messagesIn("ar");
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const format = (locale: string, date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(utc(date));

const water: HabitRule = {
  from: addDays(T, -10),
  frequency: null,
  target: { atMost: false, amount: 2.5, per: "day", unit: "L" },
};

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(`${T}T12:00:00Z`));
});

async function chooseInSettings(page: Page, locale: string) {
  await page.getByTestId("settings-language").getByRole("combobox").selectOption(locale);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

/** Each day of the first row's strip: its date and its visible weekday. */
async function stripDays(page: Page) {
  const days = page.getByTestId("day-strip").first().getByRole("button");
  await expect(days).toHaveCount(7);
  return days.evaluateAll((buttons) =>
    buttons.map((b) => ({ date: b.dataset.date!, weekday: b.dataset.weekday!, name: b.ariaLabel! })),
  );
}

test("German chosen in Settings writes dates, weekdays, decimals and times as German does", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Lesen", completedDates: [addDays(T, -3)] }]);
  await seedKinds(server, user, [{ name: "Wasser", kind: "measurable", rules: [water] }]);
  const added = await api(server, user, "/api/reminders", {
    method: "POST",
    body: JSON.stringify({ time: "20:00", habitId: null }),
  });
  expect(added.ok).toBe(true);

  await gotoApp(page, "/settings");
  const reminders = page.getByTestId("settings-reminders");
  // English in an en-US browser: 12-hour times.
  await expect(
    reminders.getByRole("button", { name: messages.reminderSettings.removeTime("8:00 PM") }),
  ).toBeVisible();
  await chooseInSettings(page, "de");
  // At once, no reload: the 24-hour clock.
  await expect(
    reminders.getByRole("button", { name: de.reminderSettings.removeTime("20:00") }),
  ).toBeVisible();

  await page.getByRole("link", { name: de.shell.today }).first().click();
  await expect(page.getByRole("heading", { name: de.today.heading, level: 1 })).toBeVisible();
  await expect(page.getByTestId("today-date")).toHaveText(
    format("de", T, { weekday: "long", day: "numeric", month: "long" }),
  );
  const days = await stripDays(page);
  expect(days.map((d) => d.date).at(-1)).toBe(T);
  for (const day of days) {
    expect(day.weekday).toBe(format("de", day.date, { weekday: "short" }));
    expect(day.name).toContain(
      format("de", day.date, { weekday: "long", month: "long", day: "numeric", year: "numeric" }),
    );
  }
  // A measurable habit's target with a decimal comma.
  const progress = page.getByTestId("habit-row").filter({ hasText: "Wasser" }).getByTestId("kind-progress");
  await expect(progress).toContainText("2,5");
  await expect(progress).not.toContainText("2.5");

  await page.getByRole("link", { name: de.shell.stats }).first().click();
  const lesen = page.getByTestId("stats-habit").filter({ has: page.getByRole("heading", { name: "Lesen" }) });
  await expect(lesen.locator('[data-metric="last"]')).toHaveText(
    format("de", addDays(T, -3), { dateStyle: "medium" }),
  );
});

test("Arabic names the day strip's weekdays in Arabic", async ({ signedInPage: page, server, user }) => {
  await seedHabits(server, user, [{ name: "Read", completedDates: [addDays(T, -1)] }]);
  await gotoApp(page, "/settings");
  await chooseInSettings(page, "ar");
  await page.getByRole("link", { name: ar.shell.today }).first().click();
  await expect(page.getByRole("heading", { name: ar.today.heading, level: 1 })).toBeVisible();
  const days = await stripDays(page);
  for (const day of days) {
    expect(day.weekday).toMatch(/^[\u0600-\u06ff]+$/);
    expect(day.weekday).toBe(format("ar", day.date, { weekday: "short" }));
  }
  await expect(page.getByTestId("today-date")).toHaveText(
    format("ar", T, { weekday: "long", day: "numeric", month: "long" }),
  );
});
