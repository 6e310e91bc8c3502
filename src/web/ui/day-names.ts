// How a day is named to people: "Friday, November 20, 2026: done". The month calendar, the year
// heatmap, Today's 7-day strip and the streak explanation all use these, so a day reads the same everywhere.
// In the locale dates are written in (ui/format-locale.ts): en-US's words for English in an en-US browser, which
// the accessible names that the acceptance tests find a day by are written in.
import type { DayStatus } from "../../core/day-state";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages/first-screen";
import type { Weekday } from "../../core/schedule";
import { formatDate, formatter } from "./format-values";

const h = messages.history;

const OPTIONS = {
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  monthYear: { month: "long", year: "numeric" },
  shortMonth: { month: "short" },
  weekday: { weekday: "long" },
  shortWeekday: { weekday: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** "Friday, November 20, 2026". */
export function fullDate(date: LocalDate): string {
  return formatDate(date, OPTIONS.full);
}

/** "November 2026" for any day of that month. */
export function monthAndYear(date: LocalDate): string {
  return formatDate(date, OPTIONS.monthYear);
}

/** "Nov" for any day of that month. */
export function shortMonth(date: LocalDate): string {
  return formatDate(date, OPTIONS.shortMonth);
}

/** "Sunday" … "Saturday" for a Weekday (0 = Sunday, as Date#getUTCDay). 2023-01-01 was a Sunday. */
export function weekdayName(day: Weekday): string {
  return formatDate(`2023-01-0${1 + day}`, OPTIONS.weekday);
}

/** "Sun" … "Sat" (0 = Sunday): the locale's own short name, not a cut of the long one ("So" in German). */
export function shortWeekdayName(day: Weekday): string {
  return formatDate(`2023-01-0${1 + day}`, OPTIONS.shortWeekday);
}

/** "A, B and C": dates in words, joined as a sentence. */
export function dateList(dates: readonly LocalDate[]): string {
  return formatter(Intl.ListFormat).format(dates.map(fullDate));
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
