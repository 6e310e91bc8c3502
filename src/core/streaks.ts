// Streaks are derived from the stored days alone (docs/product.md, "Streaks"; docs/decisions/0001 and 0028).
import { bestStreakOf, currentStreakOf, type DayRules, habitDays } from "./habit-days";
import { type LocalDate, toDayNumber } from "./local-date";

export type { DayRules } from "./habit-days";

/** Unique dates, ascending. */
export function normalizeDates(dates: readonly LocalDate[]): LocalDate[] {
  // Stored lists are already normalized, so check that in O(n) before paying for a sort.
  let normalized = true;
  for (let i = 1; i < dates.length; i++) {
    if ((dates[i - 1] as LocalDate) >= (dates[i] as LocalDate)) {
      normalized = false;
      break;
    }
  }
  if (normalized) return [...dates];
  return [...new Set(dates)].sort();
}

/**
 * The current streak at `today` (docs/decisions/0028): walk back from today. Today counts when done and is still open
 * when not; each earlier day adds 1 when done, is passed over when skipped, on vacation or not due, and ends the walk
 * when it was due and not done. Dates after today do not count yet. With no `rules` (a habit due every day, no skips)
 * this is the plain rule: the run of consecutive days ending today, or yesterday while today is not done. `today` is
 * the user's today, day start included (day-start.ts).
 */
export function currentStreak(dates: readonly LocalDate[], today: LocalDate, rules?: DayRules): number {
  return currentStreakOf(habitDays(dates, rules), toDayNumber(today));
}

/** The longest run anywhere, every date counted: done days joined by skipped, vacation and not-due days. */
export function bestStreak(dates: readonly LocalDate[], rules?: DayRules): number {
  return bestStreakOf(habitDays(dates, rules));
}

export function lastCompletedDate(dates: readonly LocalDate[]): LocalDate | null {
  let latest: LocalDate | null = null;
  for (const date of dates) if (latest === null || date > latest) latest = date;
  return latest;
}

/** Idempotent: marking a day twice stores it once. */
export function markDone(dates: readonly LocalDate[], day: LocalDate): LocalDate[] {
  return normalizeDates([...dates, day]);
}

/** Idempotent: unmarking a day that is not there changes nothing. */
export function unmarkDone(dates: readonly LocalDate[], day: LocalDate): LocalDate[] {
  return normalizeDates(dates.filter((date) => date !== day));
}
