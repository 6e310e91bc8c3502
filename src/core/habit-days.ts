// One habit's days as sorted day numbers, and the walks that streaks, the completion rate and the streak
// explanation share (docs/decisions/0028). Dates are parsed once per habit; the walks allocate nothing per day.
import { fromDayNumber, type LocalDate, toDayNumber } from "./local-date";
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

const DIGIT_0 = 48;
const HYPHEN = 45;

// Every date string met as the day after the one before, by day number from 2000-01-01 to 2099-12-31, made on first
// use (fromDayNumber). Most stored days follow the day before: comparing the next date with this string (one
// comparison in the engine) is cheaper than reading its characters one by one.
const NEXT_FIRST = 10_957; // 2000-01-01
const NEXT_COUNT = 36_525; // to 2099-12-31
let nextDates: (LocalDate | undefined)[] | undefined;

/**
 * The day numbers of `dates` from `start` to `end` in their order, into `out` at the same indices; true when they
 * are distinct and ascending (as stored). Throws RangeError as toDayNumber does. Ten years of dates are 3,650
 * strings per habit, read per habit on every change, so this avoids toDayNumber for most: a date equal to the day
 * after the date before (or the day after that) is that day; a date in the same month as the last one read by
 * toDayNumber (the same first 8 characters) is that month's day 0 plus its day of the month; the others go through
 * toDayNumber.
 */
export function readDayNumbers(
  dates: readonly LocalDate[],
  out: Int32Array,
  start = 0,
  end = dates.length,
): boolean {
  const next = (nextDates ??= new Array<LocalDate | undefined>(NEXT_COUNT));
  let ascending = true;
  let previous = start > 0 ? out[start - 1]! : -1e9; // before every day
  // The characters 0-3, 5 and 6 ("YYYY" and "MM") of the last date read by toDayNumber (-1 matches none before
  // the first), the day number of day 0 of its month and the number of days in that month.
  let c0 = -1;
  let c1 = -1;
  let c2 = -1;
  let c3 = -1;
  let c5 = -1;
  let c6 = -1;
  let day0 = 0;
  let monthDays = 0;
  for (let i = start; i < end; i++) {
    const date = dates[i]!;
    // The day after the one before, or the day after that (one day missed).
    let day = previous + 1;
    let k = day - NEXT_FIRST;
    if (k >= 0 && k < NEXT_COUNT && date === (next[k] ??= fromDayNumber(day))) {
      out[i] = previous = day;
      continue;
    }
    k++;
    if (k >= 0 && k < NEXT_COUNT && date === (next[k] ??= fromDayNumber(day + 1))) {
      out[i] = previous = day + 1;
      continue;
    }
    let read = false;
    if (
      date.length === 10 &&
      date.charCodeAt(6) === c6 &&
      date.charCodeAt(5) === c5 &&
      date.charCodeAt(3) === c3 &&
      date.charCodeAt(2) === c2 &&
      date.charCodeAt(1) === c1 &&
      date.charCodeAt(0) === c0 &&
      date.charCodeAt(4) === HYPHEN &&
      date.charCodeAt(7) === HYPHEN
    ) {
      const d0 = date.charCodeAt(8) - DIGIT_0;
      const d1 = date.charCodeAt(9) - DIGIT_0;
      const dayOfMonth = d0 * 10 + d1;
      if (d0 >= 0 && d0 <= 3 && d1 >= 0 && d1 <= 9 && dayOfMonth >= 1 && dayOfMonth <= monthDays) {
        day = day0 + dayOfMonth;
        read = true;
      }
    }
    if (!read) {
      day = toDayNumber(date); // throws when it is not a date
      c0 = date.charCodeAt(0);
      c1 = date.charCodeAt(1);
      c2 = date.charCodeAt(2);
      c3 = date.charCodeAt(3);
      c5 = date.charCodeAt(5);
      c6 = date.charCodeAt(6);
      day0 = day - ((date.charCodeAt(8) - DIGIT_0) * 10 + date.charCodeAt(9) - DIGIT_0);
      const year = (c0 - DIGIT_0) * 1000 + (c1 - DIGIT_0) * 100 + (c2 - DIGIT_0) * 10 + c3 - DIGIT_0;
      monthDays = daysInMonth(year, (c5 - DIGIT_0) * 10 + c6 - DIGIT_0);
    }
    out[i] = day;
    if (day <= previous) ascending = false;
    previous = day;
  }
  return ascending;
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
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
 * Day numbers of the lists read lately, by key (deriveHabit: which list of which habit). Each change of the web
 * store derives every habit again from new arrays of the same dates, and the server lists the same habits again
 * after a write: a list equal, date for date, to the one read before under its key, but for dates added or
 * removed in one place (a day ticked, a day backfilled), is read only there. A list is kept from its second reading
 * on (`null`: read once), so that lists read once (a server request for an account not listed lately) cost no
 * memory. Bounded to 600,000 days (about 7 MB: a copy of the list, or the list itself when promised unchanged, and
 * its day numbers): on a server, the lists of some 80 accounts of 20 habits × 1 year, or three of 50 habits × 10
 * years; the least recently read go first.
 */
const lately = new Map<string, { dates: LocalDate[]; days: Int32Array } | null>();
let latelySize = 0; // days kept, plus KEY_SIZE a key
const LATELY_MAX_SIZE = 600_000;
const KEY_SIZE = 100; // so that at most 2,500 lists read once are remembered as read

/** Lists that their owner promised never to change again (willNotChange). */
const unchanging = new WeakSet<readonly LocalDate[]>();

/**
 * A promise that `dates` will never be changed again (the server's kept days): rememberedDayNumbers then holds the
 * list itself rather than a copy. A list changed after this would be read as it was, wrongly. (Not Object.freeze:
 * V8 copies and serialises frozen arrays much more slowly.)
 */
export function willNotChange(dates: readonly LocalDate[]): void {
  unchanging.add(dates);
}

/** True when willNotChange was given `dates`. */
export const promisedUnchanged = (dates: readonly LocalDate[]): boolean => unchanging.has(dates);

/**
 * The day numbers of `dates` when they are distinct and ascending (as stored), else null; what is given back may be
 * kept and given again for `key`, so it must not be changed. A `dates` promised unchanged (willNotChange) is kept as
 * it is, any other copied.
 */
export function rememberedDayNumbers(key: string, dates: readonly LocalDate[]): Int32Array | null {
  const n = dates.length;
  const before = lately.get(key);
  // dates[from] to dates[to - 1] are to be read; the rest are the same dates as before, at the start and the end.
  let from = 0;
  let to = n;
  if (before !== undefined) {
    lately.delete(key);
    latelySize -= KEY_SIZE + (before?.dates.length ?? 0);
  }
  let days: Int32Array;
  if (before) {
    const old = before.dates;
    const m = old.length;
    const most = Math.min(n, m);
    while (from < most && dates[from] === old[from]) from++;
    if (from === n && n === m) {
      remember(key, before); // the same dates: now the most recently read
      return before.days;
    }
    days = new Int32Array(n);
    let same = 0;
    while (same < most - from && dates[n - 1 - same] === old[m - 1 - same]) same++;
    to = n - same;
    days.set(before.days.subarray(0, from), 0);
    days.set(before.days.subarray(m - same), to);
  } else days = new Int32Array(n);
  // Ascending within what was read, and where it meets the rest (which was ascending before).
  const ascending =
    readDayNumbers(dates, days, from, to) &&
    !(from > 0 && from < n && days[from - 1]! >= days[from]!) &&
    !(to > 0 && to < n && days[to - 1]! >= days[to]!);
  // A list promised not to change is held as it is (the server's kept days: a REST mark gives a new list each time,
  // and a copy of it was one more array of a year's dates to collect per mark). Any other is copied.
  const kept = unchanging.has(dates) ? (dates as LocalDate[]) : dates.slice();
  remember(key, before === undefined || !ascending ? null : { dates: kept, days });
  return ascending ? days : null;
}

function remember(key: string, kept: { dates: LocalDate[]; days: Int32Array } | null) {
  lately.set(key, kept);
  latelySize += KEY_SIZE + (kept?.dates.length ?? 0);
  if (latelySize <= LATELY_MAX_SIZE) return;
  for (const [oldest, gone] of lately) {
    if (latelySize <= LATELY_MAX_SIZE) break;
    lately.delete(oldest);
    latelySize -= KEY_SIZE + (gone?.dates.length ?? 0);
  }
}

// The user's vacations are the same array for each of their habits (and from one derivation to the next until
// they change): merge them once. The dates they were merged from are kept, so that an array changed in place is
// merged again.
const vacationRanges = new WeakMap<readonly Vacation[], { dates: LocalDate[]; ranges: Int32Array }>();

export function vacationDays(vacations: readonly Vacation[] | undefined): Int32Array {
  if (!vacations || vacations.length === 0) return EMPTY;
  const kept = vacationRanges.get(vacations);
  if (kept && sameVacationDates(kept.dates, vacations)) return kept.ranges;
  const ranges = vacationDayRanges(vacations);
  vacationRanges.set(vacations, { dates: vacations.flatMap((v) => [v.from, v.to]), ranges });
  return ranges;
}

function sameVacationDates(dates: readonly LocalDate[], vacations: readonly Vacation[]): boolean {
  if (dates.length !== vacations.length * 2) return false;
  for (let i = 0; i < vacations.length; i++)
    if (dates[2 * i] !== vacations[i]!.from || dates[2 * i + 1] !== vacations[i]!.to) return false;
  return true;
}

export function habitDays(dates: readonly LocalDate[], rules: DayRules = {}): HabitDays {
  return {
    done: sortedDayNumbers(dates),
    skipped: sortedDayNumbers(rules.skippedDates),
    vacations: vacationDays(rules.vacations),
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

// The figures of the habits derived lately, by their done days (as rememberedDayNumbers gives them again for a list
// that did not change): a change of the store derives every habit again, and most did not change.
const figured = new WeakMap<Int32Array, { days: HabitDays; today: number; figures: HabitFigures }>();

/** habitFigures(days, today), kept while `days.done` lives; the days must not be changed. */
export function rememberedFigures(days: HabitDays, today: number): HabitFigures {
  const kept = figured.get(days.done);
  if (
    kept &&
    kept.today === today &&
    kept.days.skipped === days.skipped &&
    kept.days.mask === days.mask &&
    sameDays(kept.days.vacations, days.vacations)
  )
    return kept.figures;
  const figures = habitFigures(days, today);
  figured.set(days.done, { days, today, figures });
  return figures;
}

function sameDays(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** No day: after every day a LocalDate can name. */
const NONE = 0x7fff_ffff;

/** `mask` turned so that its bit 0 is the weekday of `day`. */
function rotateMask(mask: number, day: number): number {
  const weekday = (day + WEEKDAY_BIAS) % 7;
  return ((mask >> weekday) | (mask << (7 - weekday))) & EVERY_DAY_MASK;
}
