// The day arithmetic of the habit page's month calendar and year heatmap: which days a grid shows, where the
// arrow keys go, and which days can be set. Weeks start on the user's week start (Sunday where not given), as
// their "N times a week" count (lib/week-start.ts, docs/decisions/0076-formatting-locale.md).
// All date arithmetic goes through src/core/local-date.
import { addDays, type LocalDate, toDayNumber } from "../../../core/local-date";
import type { WeekStart } from "../../../core/habit-kind";
import { type Weekday, weekdayOf } from "../../../core/schedule";
import { EARLIEST_DAY } from "../../../core/sync";

/** The days of a week, Sunday first. */
export const WEEK: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** The days of a week in the order the grids show them, from the week's first day. */
export const weekOrder = (first: WeekStart = 0): Weekday[] =>
  WEEK.map((day) => ((day + first) % 7) as Weekday);
/** The heatmap shows this many weeks, the last one holding today. */
export const HEATMAP_WEEKS = 53;

/** A day can be set from EARLIEST_DAY (2000-01-01) up to the user's today. */
export function canSetDay(date: LocalDate, today: LocalDate): boolean {
  return date >= EARLIEST_DAY && date <= today; // YYYY-MM-DD sorts as text
}

/** A month is named by its first day, "2026-11-01". */
export function monthStartOf(date: LocalDate): LocalDate {
  return `${date.slice(0, 8)}01`;
}

/** The first day of the month `n` months after `monthStart`'s (before, for a negative `n`). */
export function shiftMonth(monthStart: LocalDate, n: number): LocalDate {
  const index = Number(monthStart.slice(0, 4)) * 12 + Number(monthStart.slice(5, 7)) - 1 + n;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

export function lastDayOfMonth(monthStart: LocalDate): LocalDate {
  return addDays(shiftMonth(monthStart, 1), -1);
}

/** The week's first day (Sunday, or Monday with `first` 1) on or before `date`. */
export function weekStartOf(date: LocalDate, first: WeekStart = 0): LocalDate {
  return addDays(date, -((weekdayOf(date) - first + 7) % 7));
}

/** The month as weeks of 7 cells from the week's first day; cells outside the month are null. */
export function monthWeeks(monthStart: LocalDate, first: WeekStart = 0): (LocalDate | null)[][] {
  const last = lastDayOfMonth(monthStart);
  const weeks: (LocalDate | null)[][] = [];
  for (let start = weekStartOf(monthStart, first); start <= last; start = addDays(start, 7))
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const date = addDays(start, i);
        return date >= monthStart && date <= last ? date : null;
      }),
    );
  return weeks;
}

/** The heatmap's days: HEATMAP_WEEKS whole weeks, the last one holding `today` (its later days are future). */
export function heatmapRange(today: LocalDate, first: WeekStart = 0): { from: LocalDate; to: LocalDate } {
  const to = addDays(weekStartOf(today, first), 6);
  return { from: addDays(to, -HEATMAP_WEEKS * 7 + 1), to };
}

/** Splits consecutive days into weeks of 7, oldest first. */
export function inWeeks<T>(days: readonly T[]): T[][] {
  const weeks: T[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/**
 * The columns of the heatmap that get a month label: each week that holds the 1st of a month, except one too
 * close to the previous label (or to the left edge) for both to fit.
 */
export function monthLabelColumns(
  from: LocalDate,
  weeks: number,
  minGap = 3,
): { column: number; month: LocalDate }[] {
  const labels: { column: number; month: LocalDate }[] = [];
  let previous = -minGap;
  for (let column = 0; column < weeks; column++) {
    const sunday = addDays(from, column * 7);
    const first = monthStartOf(addDays(sunday, 6));
    if (first < sunday || column - previous < minGap) continue;
    labels.push({ column, month: first });
    previous = column;
  }
  return labels;
}

/**
 * Where a key moves the focus in the month calendar; null for a key it does not handle. The side arrows move the way
 * they point: right to left, the week runs leftwards, so ArrowLeft goes to the next day.
 */
export function dayForKey(date: LocalDate, key: string, first: WeekStart = 0, rtl = false): LocalDate | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, rtl ? 1 : -1);
    case "ArrowRight":
      return addDays(date, rtl ? -1 : 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return weekStartOf(date, first);
    case "End":
      return addDays(weekStartOf(date, first), 6);
    case "PageUp":
      return sameDayInMonth(date, -1);
    case "PageDown":
      return sameDayInMonth(date, 1);
    default:
      return null;
  }
}

/** The same day of the month `n` months away, or that month's last day when it is shorter. */
function sameDayInMonth(date: LocalDate, n: number): LocalDate {
  const start = shiftMonth(monthStartOf(date), n);
  const day = Math.min(
    Number(date.slice(8, 10)),
    toDayNumber(lastDayOfMonth(start)) - toDayNumber(start) + 1,
  );
  return addDays(start, day - 1);
}
