// One habit's days as sorted day numbers, and the walks that streaks, the completion rate and the streak
// explanation share (docs/decisions/0028). Dates are parsed once per habit; the walks allocate nothing per day.
import { type LocalDate, toDayNumber } from "./local-date";
import { EVERY_DAY_MASK, isDueOnDayNumber, type Schedule, scheduleMask } from "./schedule";
import { inDayRanges, type Vacation, vacationDayRanges } from "./vacation";

/**
 * What decides a streak besides the done days. Every field is optional; without them a habit is due every day
 * with no skipped day and no vacation, which gives exactly the SPEC §4 figures.
 */
export type DayRules = {
  /** Days the user skipped for this habit; a day also in the done list counts as done. */
  skippedDates?: readonly LocalDate[] | undefined;
  /** When the habit is due; `null` or absent: every day. */
  schedule?: Schedule | null | undefined;
  /** The user's vacations: each day counts as skipped for every habit, unless done. */
  vacations?: readonly Vacation[] | undefined;
};

export type HabitDays = {
  /** Done days, distinct and ascending. */
  done: Int32Array;
  /** Skipped days, distinct and ascending (a done day may be among them: done wins). */
  skipped: Int32Array;
  /** Vacations as merged, ascending [from, to] pairs. */
  vacations: Int32Array;
  /** Bit w set: due on weekday w (0 = Sunday). */
  mask: number;
};

const EMPTY = new Int32Array(0);

/** Day numbers of `dates`, distinct and ascending; one pass when they are sorted already (as stored). */
export function sortedDayNumbers(dates: readonly LocalDate[] | undefined): Int32Array {
  if (!dates || dates.length === 0) return EMPTY;
  const out = new Int32Array(dates.length);
  let ascending = true;
  for (let i = 0; i < dates.length; i++) {
    out[i] = toDayNumber(dates[i]!);
    if (i > 0 && out[i]! <= out[i - 1]!) ascending = false;
  }
  if (ascending) return out;
  out.sort();
  let n = 0;
  for (let i = 0; i < out.length; i++) if (n === 0 || out[i] !== out[n - 1]) out[n++] = out[i]!;
  return out.subarray(0, n);
}

export function habitDays(dates: readonly LocalDate[], rules: DayRules = {}): HabitDays {
  return {
    done: sortedDayNumbers(dates),
    skipped: sortedDayNumbers(rules.skippedDates),
    vacations: vacationDayRanges(rules.vacations),
    mask: rules.schedule ? scheduleMask(rules.schedule) : EVERY_DAY_MASK,
  };
}

/** Index of the last element <= day, or -1. */
export function lastIndexAtOrBefore(sorted: Int32Array, day: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= day) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi;
}

export function includesDay(sorted: Int32Array, day: number): boolean {
  const i = lastIndexAtOrBefore(sorted, day);
  return i >= 0 && sorted[i] === day;
}

export function isDueDay(days: HabitDays, day: number): boolean {
  return isDueOnDayNumber(days.mask, day);
}

export function isSkippedDay(days: HabitDays, day: number): boolean {
  return includesDay(days.skipped, day);
}

export function isVacationDay(days: HabitDays, day: number): boolean {
  return inDayRanges(days.vacations, day);
}

/** For a day that is not done: true when it neither breaks nor extends a streak (not due, skipped or vacation). */
export function isTransparentDay(days: HabitDays, day: number): boolean {
  return !isDueDay(days, day) || isSkippedDay(days, day) || isVacationDay(days, day);
}

/** The latest day from `from` to `to` that breaks a streak (all assumed not done), or NaN when none does. */
export function latestBreak(days: HabitDays, from: number, to: number): number {
  for (let day = to; day >= from; day--) if (!isTransparentDay(days, day)) return day;
  return Number.NaN;
}

/** True when done[i - 1] and done[i] belong to one run: every day between them is transparent. */
export function joinsPrevious(days: HabitDays, i: number): boolean {
  return i > 0 && Number.isNaN(latestBreak(days, days.done[i - 1]! + 1, days.done[i]! - 1));
}

/**
 * The current run at `today` as done-list indices [start, end]: end is the latest done day up to today, and the
 * run is empty (start = end + 1) when a due, unskipped day between it and today (today excluded) was not done.
 */
export function currentRun(days: HabitDays, today: number): { start: number; end: number } {
  const end = lastIndexAtOrBefore(days.done, today);
  if (end < 0) return { start: 0, end };
  if (!Number.isNaN(latestBreak(days, days.done[end]! + 1, today - 1))) return { start: end + 1, end };
  let start = end;
  while (joinsPrevious(days, start)) start--;
  return { start, end };
}

export function currentStreakOf(days: HabitDays, today: number): number {
  const { start, end } = currentRun(days, today);
  return end - start + 1;
}

export function bestStreakOf(days: HabitDays): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < days.done.length; i++) {
    run = joinsPrevious(days, i) ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}
