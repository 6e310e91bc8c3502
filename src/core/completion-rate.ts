// The completion rate (docs/product.md, "Completion rate"), apart from stats.ts: habit.ts derives it, and stats.ts
// reads derived habits.
import {
  type DayRules,
  habitDays,
  type HabitDays,
  includesDay,
  isDueDay,
  lastIndexAtOrBefore,
} from "./habit-days";
import { type LocalDate, toDayNumber } from "./local-date";
import { dueDayCount, EVERY_DAY_MASK, weekdayOfDayNumber } from "./schedule";

/**
 * Percent of the days that counted which were done, from the first completion up to today (docs/decisions/0028):
 * done days / (done days + due days that were neither done, skipped nor on vacation). A day done when it was not
 * due counts on both sides. Rounded, never above 100, 0 with no completion up to today. With no `rules` this is
 * completions divided by the days since the first, inclusive.
 */
export function completionRate(dates: readonly LocalDate[], today: LocalDate, rules?: DayRules): number {
  return completionRateOf(habitDays(dates, rules), toDayNumber(today));
}

export function completionRateOf(days: HabitDays, today: number): number {
  const done = lastIndexAtOrBefore(days.done, today) + 1;
  if (done === 0) return 0;
  const first = days.done[0]!;
  let dueAndDone = done;
  if (days.mask !== EVERY_DAY_MASK) {
    // Days counted from the Sunday on or before the first one, so that the weekday is a single remainder.
    const sunday = first - weekdayOfDayNumber(first);
    dueAndDone = 0;
    for (let i = 0; i < done; i++) dueAndDone += (days.mask >> ((days.done[i]! - sunday) % 7)) & 1;
  }
  const missed = dueDayCount(days.mask, first, today) - dueAndDone - excusedDays(days, first, today);
  return Math.min(100, Math.round((done / (done + missed)) * 100));
}

/** Due days from `first` to `today` that were not done but skipped or on vacation, each counted once. */
function excusedDays(days: HabitDays, first: number, today: number): number {
  let count = 0;
  for (const day of days.skipped)
    if (day >= first && day <= today && isDueDay(days, day) && !includesDay(days.done, day)) count++;
  const ranges = days.vacations;
  for (let r = 0; r < ranges.length; r += 2) {
    const to = Math.min(ranges[r + 1]!, today);
    for (let day = Math.max(ranges[r]!, first); day <= to; day++)
      if (isDueDay(days, day) && !includesDay(days.done, day) && !includesDay(days.skipped, day)) count++;
  }
  return count;
}
