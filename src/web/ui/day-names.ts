// How a day is named to people: "Friday, November 20, 2026: done". The month calendar, the year
// heatmap, Today's 7-day strip and the streak explanation all use these, so a day reads the same everywhere.
// English like every text of the app (src/core/messages.ts), whatever the browser's language: the accessible
// names are what screen readers, voice control and the acceptance tests find a day by.
import type { DayStatus } from "../../core/day-state";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages/first-screen";
import type { Weekday } from "../../core/schedule";

const h = messages.history;
const LOCALE = "en-US";

// Made on first use: Today's 7-day strip imports this module in the initial bundle and names days only once a
// habit shows.
const OPTIONS = {
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  monthYear: { month: "long", year: "numeric" },
  shortMonth: { month: "short" },
  weekday: { weekday: "long" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<keyof typeof OPTIONS, Intl.DateTimeFormat>();
function format(date: Date, kind: keyof typeof OPTIONS): string {
  let formatter = formats.get(kind);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { ...OPTIONS[kind], timeZone: "UTC" });
    formats.set(kind, formatter);
  }
  return formatter.format(date);
}
let listFormat: Intl.ListFormat | undefined;

/** The UTC midnight of a calendar day: formatting it in UTC gives that day in every zone. */
function utc(date: LocalDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "Friday, November 20, 2026". */
export function fullDate(date: LocalDate): string {
  return format(utc(date), "full");
}

/** "November 2026" for any day of that month. */
export function monthAndYear(date: LocalDate): string {
  return format(utc(date), "monthYear");
}

/** "Nov" for any day of that month. */
export function shortMonth(date: LocalDate): string {
  return format(utc(date), "shortMonth");
}

/** "Sunday" … "Saturday" for a Weekday (0 = Sunday, as Date#getUTCDay). 2023-01-01 was a Sunday. */
export function weekdayName(day: Weekday): string {
  return format(new Date(Date.UTC(2023, 0, 1 + day)), "weekday");
}

/** "A, B and C": dates in words, joined as a sentence. */
export function dateList(dates: readonly LocalDate[]): string {
  listFormat ??= new Intl.ListFormat(LOCALE, { style: "long", type: "conjunction" });
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
