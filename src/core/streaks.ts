// Streaks are derived from completedDates alone (GUIDE §5); see docs/decisions/0001-streaks.md.
import { type LocalDate, toDayNumber } from "./local-date";

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

/** Length of the run of consecutive days ending today, or yesterday when today is not done; else 0. */
export function currentStreak(dates: readonly LocalDate[], today: LocalDate): number {
  const sorted = normalizeDates(dates);
  const todayNumber = toDayNumber(today);
  let i = sorted.length - 1;
  // Dates after today (a client a zone ahead, or a clock change) do not count yet.
  while (i >= 0 && (sorted[i] as LocalDate) > today) i--;
  if (i < 0) return 0;
  let expected = toDayNumber(sorted[i] as LocalDate);
  if (todayNumber - expected > 1) return 0;
  let streak = 0;
  for (; i >= 0 && toDayNumber(sorted[i] as LocalDate) === expected; i--) {
    streak++;
    expected--;
  }
  return streak;
}

/** Longest run of consecutive days anywhere in the list. */
export function bestStreak(dates: readonly LocalDate[]): number {
  const sorted = normalizeDates(dates);
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const date of sorted) {
    const day = toDayNumber(date);
    run = day - previous === 1 ? run + 1 : 1;
    if (run > best) best = run;
    previous = day;
  }
  return best;
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
