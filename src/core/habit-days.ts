// One habit's days as sorted day numbers, and the walks that streaks, the completion rate and the streak
// explanation share (docs/decisions/0028). Plain functions of their input, keeping nothing between calls: dates
// are parsed once per call, and the walks allocate nothing per day.
import { type LocalDate, toDayNumber } from "./local-date";
import { EVERY_DAY_MASK, isDueOnDayNumber, type Schedule, scheduleMask } from "./schedule";
import { inDayRanges, type Vacation, vacationDayRanges } from "./vacation";

/**
 * What decides a streak besides the done days. Every field is optional; without them a habit is due every day
 * with no skipped day and no vacation, which gives exactly the plain daily figures.
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

/**
 * The day numbers of `dates` in their order, into `out` at the same indices; true when they are distinct and
 * ascending (as stored). Throws RangeError as toDayNumber does.
 */
export function readDayNumbers(dates: readonly LocalDate[], out: Int32Array): boolean {
  let ascending = true;
  for (let i = 0; i < dates.length; i++) {
    out[i] = toDayNumber(dates[i]!);
    if (i > 0 && out[i]! <= out[i - 1]!) ascending = false;
  }
  return ascending;
}

/** Day numbers of `dates`, distinct and ascending; one pass when they are sorted already (as stored). */
export function sortedDayNumbers(dates: readonly LocalDate[] | undefined): Int32Array {
  if (!dates || dates.length === 0) return EMPTY;
  const out = new Int32Array(dates.length);
  if (readDayNumbers(dates, out)) return out;
  out.sort();
  let n = 0;
  for (let i = 0; i < out.length; i++) if (n === 0 || out[i] !== out[n - 1]) out[n++] = out[i]!;
  return out.subarray(0, n);
}

/**
 * `sorted` (distinct, ascending) with `day` when `present`, else without it: a new array when that changes it,
 * else `sorted` itself. A tick changes one day of a habit, and the web store keeps its day numbers so.
 */
export function withDay(sorted: Int32Array, day: number, present: boolean): Int32Array {
  const at = lastIndexAtOrBefore(sorted, day);
  const has = at >= 0 && sorted[at] === day;
  if (has === present) return sorted;
  const out = new Int32Array(sorted.length + (present ? 1 : -1));
  if (present) {
    out.set(sorted.subarray(0, at + 1));
    out[at + 1] = day;
    out.set(sorted.subarray(at + 1), at + 2);
  } else {
    out.set(sorted.subarray(0, at));
    out.set(sorted.subarray(at + 1), at);
  }
  return out;
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

/** Every figure of a habit at `today`, from one walk over its days (deriveHabit). */
export type HabitFigures = {
  /** currentStreakOf(days, today). */
  streak: number;
  /** bestStreakOf(days). */
  best: number;
  /** completionRateOf(days, today) (completion-rate.ts). */
  rate: number;
  /** Index in `done` of the latest day up to today, -1 when none. */
  last: number;
};

// Added to a day number before `% 7`, so that days before 1970 give a weekday too: a multiple of 7 far below year
// 1000, plus 4 because day 0 was a Thursday.
const WEEKDAY_BIAS = 7 * 60_000 + 4;

/**
 * currentStreakOf, bestStreakOf and completionRateOf in one walk: forward over the done days, through the days
 * between them only when the habit has skipped days, vacations or a schedule (else any day between two done days
 * breaks a run, and each is missed). The same rules, checked against those functions by habit-days.test.ts.
 */
export function habitFigures(days: HabitDays, today: number): HabitFigures {
  const { done, mask } = days;
  const n = done.length;
  if (n === 0) return { streak: 0, best: 0, rate: 0, last: -1 };
  const last = lastIndexAtOrBefore(done, today);
  let best = 1;
  let streak = 0;
  let missed = 0;
  if (mask === EVERY_DAY_MASK && days.skipped.length === 0 && days.vacations.length === 0) {
    // Every day due, none excused: runs of consecutive days.
    let runStart = 0;
    for (let i = 1; i < n; i++)
      if (done[i]! - done[i - 1]! !== 1) {
        if (i - runStart > best) best = i - runStart;
        runStart = i;
      }
    if (n - runStart > best) best = n - runStart;
    if (last >= 0 && done[last]! >= today - 1)
      for (streak = 1; last - streak >= 0 && done[last - streak] === done[last]! - streak;) streak++;
    if (last >= 0) missed = today - done[0]! + 1 - (last + 1);
  } else {
    const { skipped, vacations } = days;
    const skippedCount = skipped.length;
    const vacationEnds = vacations.length;
    let s = 0; // the first skipped day not before the day walked
    let v = 0; // the first vacation not ended before it
    // The first day after the latest done day, up to today, that breaks a streak; NONE when none does.
    let tailBreak = NONE;
    let runStart = 0;
    let lastRunStart = 0;
    // Past the last done day, the days up to today are walked too when it is earlier (as if today + 1 were done).
    const tail = last === n - 1 && done[n - 1]! < today;
    for (let i = 1; ; i++) {
      // Over a run of consecutive days.
      for (let previous = done[i - 1]!; i < n; i++) {
        const day = done[i]!;
        if (day !== previous + 1) break;
        previous = day;
      }
      if (i === n && !tail) break;
      // The days from done[i - 1] + 1 to `to` - 1 are not done: do they break the run?
      const to = i < n ? done[i]! : today + 1;
      let broke = NONE;
      let day = done[i - 1]! + 1;
      // Bit 0: due on `day`; the mask turns by one weekday a day.
      let due = mask === EVERY_DAY_MASK ? mask : rotateMask(mask, day);
      for (; day < to; day++, due = (due >> 1) | ((due & 1) << 6)) {
        if ((due & 1) === 0) continue;
        while (s < skippedCount && skipped[s]! < day) s++;
        if (s < skippedCount && skipped[s] === day) continue;
        while (v < vacationEnds && vacations[v + 1]! < day) v += 2;
        if (v < vacationEnds && vacations[v]! <= day) continue;
        // Due and neither done, skipped nor on vacation: it breaks the run, and up to today it was missed.
        if (broke === NONE) broke = day;
        if (day > today) break; // later days count neither for the rate nor for this break
        missed++;
      }
      if (i - 1 === last) tailBreak = broke;
      if (broke !== NONE || i === n) {
        // The run from runStart to i - 1 ends here.
        if (i - runStart > best) best = i - runStart;
        if (runStart <= last && last < i) lastRunStart = runStart;
        runStart = i;
      }
      if (i === n) break;
    }
    if (n - runStart > best) best = n - runStart;
    if (runStart <= last) lastRunStart = runStart;
    // Today never breaks a streak: it is still open.
    if (last >= 0 && tailBreak >= today) streak = last - lastRunStart + 1;
  }
  if (last < 0) return { streak: 0, best, rate: 0, last };
  const doneDays = last + 1;
  const rate = Math.min(100, Math.round((doneDays / (doneDays + missed)) * 100));
  return { streak, best, rate, last };
}

/** No day: after every day a LocalDate can name. */
const NONE = 0x7fff_ffff;

/** `mask` turned so that its bit 0 is the weekday of `day`. */
function rotateMask(mask: number, day: number): number {
  const weekday = (day + WEEKDAY_BIAS) % 7;
  return ((mask >> weekday) | (mask << (7 - weekday))) & EVERY_DAY_MASK;
}
