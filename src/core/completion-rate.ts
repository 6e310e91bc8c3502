// The completion rate of SPEC §4, apart from stats.ts: habit.ts derives it, and stats.ts reads derived habits.
import { type LocalDate, daysBetween } from "./local-date";
import { normalizeDates } from "./streaks";

/** Percent of days done since the first completion, on unique dates up to today; never above 100. */
export function completionRate(dates: readonly LocalDate[], today: LocalDate): number {
  const sorted = normalizeDates(dates);
  let done = sorted.length;
  while (done > 0 && (sorted[done - 1] as LocalDate) > today) done--;
  const first = sorted[0];
  if (done === 0 || first === undefined) return 0;
  // A first completion today gives 1 of 1 days, the 100 of SPEC §4 (it cannot be 0: today is in the list).
  const days = Math.max(1, daysBetween(first, today) + 1);
  return Math.min(100, Math.round((done / days) * 100));
}
