// One (habit, day): what is stored for it (done, skipped or nothing) and how it stands for a streak
// (docs/decisions/0028). The month calendar, the year heatmap and the 7-day strip on Today read these.
import type { StoredHabit } from "./habit";
import {
  type DayRules,
  habitDays,
  type HabitDays,
  includesDay,
  isDueDay,
  lastIndexAtOrBefore,
  isSkippedDay,
  isVacationDay,
} from "./habit-days";
import { fromDayNumber, type LocalDate, toDayNumber } from "./local-date";
import { normalizeDates } from "./streaks";

/** What is stored for a (habit, day). A day is never both done and skipped. */
export type DayState = "done" | "skipped" | "none";

/** Tapping a day in the calendar cycles: not done → done → skipped → not done. */
export function nextDayState(state: DayState): DayState {
  return state === "none" ? "done" : state === "done" ? "skipped" : "none";
}

type HabitDates = Pick<StoredHabit, "completedDates" | "skippedDates">;

export function dayStateOf(habit: HabitDates, date: LocalDate): DayState {
  if (habit.completedDates.includes(date)) return "done";
  return habit.skippedDates?.includes(date) ? "skipped" : "none";
}

/** Both lists with `date` set to `state` (and removed from the other list), distinct and ascending. */
export function withDayState(
  habit: HabitDates,
  date: LocalDate,
  state: DayState,
): { completedDates: LocalDate[]; skippedDates: LocalDate[] } {
  const done = habit.completedDates.filter((d) => d !== date);
  const skipped = (habit.skippedDates ?? []).filter((d) => d !== date);
  if (state === "done") done.push(date);
  if (state === "skipped") skipped.push(date);
  return { completedDates: normalizeDates(done), skippedDates: normalizeDates(skipped) };
}

/**
 * How a day stands, in this order: after today "future" (it cannot be set); "done"; "skipped" by the user;
 * "vacation"; "not-due"; today, still to do, "open"; an earlier due day not done, "missed" (it breaks a streak).
 * Skipped, vacation and not-due days neither break nor extend a streak.
 */
export type DayStatus = "future" | "done" | "skipped" | "vacation" | "not-due" | "open" | "missed";

export function dayStatusOf(days: HabitDays, day: number, today: number): DayStatus {
  if (day > today) return "future";
  if (includesDay(days.done, day)) return "done";
  if (isSkippedDay(days, day)) return "skipped";
  if (isVacationDay(days, day)) return "vacation";
  if (!isDueDay(days, day)) return "not-due";
  return day === today ? "open" : "missed";
}

/** The status of every day from `from` to `to` (both included), oldest first: a calendar month, 53 weeks, 7 days. */
export function dayStatuses(
  completedDates: readonly LocalDate[],
  from: LocalDate,
  to: LocalDate,
  today: LocalDate,
  rules?: DayRules,
): { date: LocalDate; status: DayStatus }[] {
  const days = habitDays(completedDates, rules);
  const todayNumber = toDayNumber(today);
  const out: { date: LocalDate; status: DayStatus }[] = [];
  for (let day = toDayNumber(from), last = toDayNumber(to); day <= last; day++)
    out.push({ date: fromDayNumber(day), status: dayStatusOf(days, day, todayNumber) });
  return out;
}

/**
 * The habit page's totals up to today: days done, days the user skipped (not done), and vacation days neither done
 * nor skipped from the habit's first done or skipped day on. Dates after today are left out.
 */
export function dayTotals(
  completedDates: readonly LocalDate[],
  today: LocalDate,
  rules?: DayRules,
): { done: number; skipped: number; vacation: number } {
  const days = habitDays(completedDates, rules);
  const t = toDayNumber(today);
  let skipped = 0;
  for (const day of days.skipped) if (day <= t && !includesDay(days.done, day)) skipped++;
  const first = Math.min(days.done[0] ?? Infinity, days.skipped[0] ?? Infinity);
  let vacation = 0;
  for (let r = 0; r < days.vacations.length; r += 2)
    for (
      let day = Math.max(days.vacations[r]!, first), to = Math.min(days.vacations[r + 1]!, t);
      day <= to;
      day++
    )
      if (!includesDay(days.done, day) && !isSkippedDay(days, day)) vacation++;
  return { done: lastIndexAtOrBefore(days.done, t) + 1, skipped, vacation };
}
