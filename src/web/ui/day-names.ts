// How a day is named to people (issue 10): "Friday, November 20, 2026: done". The month calendar, the year
// heatmap, Today's 7-day strip and the streak explanation all use these, so a day reads the same everywhere.
// English like every text of the app (src/core/messages.ts), whatever the browser's language: the accessible
// names are what screen readers, voice control and the acceptance tests find a day by.
import type { DayStatus } from "../../core/day-state";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages";

const h = messages.history;
const LOCALE = "en-US";

const fullDateFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const monthYearFormat = new Intl.DateTimeFormat(LOCALE, { month: "long", year: "numeric", timeZone: "UTC" });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { weekday: "long", timeZone: "UTC" });
const shortMonthFormat = new Intl.DateTimeFormat(LOCALE, { month: "short", timeZone: "UTC" });
const listFormat = new Intl.ListFormat(LOCALE, { style: "long", type: "conjunction" });

/** The UTC midnight of a calendar day: formatting it in UTC gives that day in every zone. */
function utc(date: LocalDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "Friday, November 20, 2026". */
export function fullDate(date: LocalDate): string {
  return fullDateFormat.format(utc(date));
}

/** "November 2026" for any day of that month. */
export function monthAndYear(date: LocalDate): string {
  return monthYearFormat.format(utc(date));
}

/** "Nov" for any day of that month. */
export function shortMonth(date: LocalDate): string {
  return shortMonthFormat.format(utc(date));
}

/** "Sunday" … "Saturday", indexed by Weekday (0 = Sunday, as Date#getUTCDay). 2023-01-01 was a Sunday. */
export const WEEKDAY_NAMES: readonly string[] = Array.from({ length: 7 }, (_, day) =>
  weekdayFormat.format(new Date(Date.UTC(2023, 0, 1 + day))),
);

/** "A, B and C": dates in words, joined as a sentence. */
export function dateList(dates: readonly LocalDate[]): string {
  return listFormat.format(dates.map(fullDate));
}

/**
 * The state words of a day: "done", "skipped" or "not done" first, then why a day that is not done does not count
 * against a streak ("not done, on vacation", "not done, not due"). A future day reads "not done" (it is disabled).
 */
export function dayStateWords(status: DayStatus): string {
  switch (status) {
    case "done":
      return h.done;
    case "skipped":
      return h.skipped;
    case "vacation":
      return `${h.notDone}, ${h.onVacation}`;
    case "not-due":
      return `${h.notDone}, ${h.notDue}`;
    default:
      return h.notDone;
  }
}

/** A day's accessible name: "Friday, November 20, 2026: done". */
export function dayName(date: LocalDate, status: DayStatus): string {
  return h.dayName(fullDate(date), dayStateWords(status));
}
