// A habit's figures for every kind and frequency (docs/product.md, "Kinds of habit"), as plain functions of its
// dated rules, its days and today. The days are cut into units: a day, or a calendar week or month for a habit due
// N times a period or with a target per period. Each unit is met, missed, passed over (it neither breaks nor extends
// a streak) or still open; streaks count units, and the rate is met units over met and missed ones.
import type { HabitKind, HabitRule, Period, TargetPer, WeekStart } from "./habit-kind";
import { type LocalDate, monthOfDayNumber, toDayNumber } from "./local-date";
import { scheduleMask, weekdayOfDayNumber } from "./schedule";
import { type Vacation, vacationDayRanges } from "./vacation";

/**
 * A habit's days as day numbers (local-date.ts), as the store keeps them: reading 10 years of date strings for every
 * habit on every change would cost more than the figures themselves.
 */
export type KindDays = {
  kind: HabitKind;
  rules: readonly HabitRule[];
  // Typed arrays only: the walks then read one kind of array whoever calls them (the web store and the server),
  // which a mix of arrays and typed arrays made half again as slow (scripts/bench-core.ts).
  /** Days with an entry, ascending and distinct. For a yes/no habit, the days done. */
  days: Int32Array;
  /** Each day's number, in the same order; absent: 1 for every day (a yes/no habit). */
  values?: Float64Array | undefined;
  /** Days skipped, in any order. */
  skipped?: Int32Array | undefined;
  /** Vacations as [from, to] day-number pairs (vacationDayRanges). */
  vacations?: Int32Array | undefined;
  weekStart: WeekStart;
};

/** KindDays from dates as stored. */
export function kindDaysOf(input: {
  kind: HabitKind;
  rules: readonly HabitRule[];
  dates: readonly LocalDate[];
  values?: readonly number[];
  skippedDates?: readonly LocalDate[];
  vacations?: readonly Vacation[];
  weekStart: WeekStart;
}): KindDays {
  return {
    kind: input.kind,
    rules: input.rules,
    days: Int32Array.from(input.dates, toDayNumber),
    values: input.values && Float64Array.from(input.values),
    skipped: input.skippedDates && Int32Array.from(input.skippedDates, toDayNumber),
    vacations: vacationDayRanges(input.vacations),
    weekStart: input.weekStart,
  };
}

export const MET = 1;
export const MISSED = 2;
/** Neither breaks nor extends a streak: not due, skipped, on vacation, or a cut period not met. */
export const PASSED = 3;
/** Not decided yet: today, or the period in progress. */
export const OPEN = 4;
export type UnitStatus = typeof MET | typeof MISSED | typeof PASSED | typeof OPEN;

/** Units as parallel arrays: each one's first and last day numbers and its status, in time order. */
export type Units = { start: Int32Array; end: Int32Array; status: Uint8Array; length: number };

export type Progress = {
  /** Done days (N times a period), or the amount so far (measurable). */
  amount: number;
  /** What the unit needs: 1 for a yes/no day, N less the skipped days, or the target's amount. */
  needed: number;
  per: TargetPer;
  atMost: boolean;
};

export type KindFigures = {
  /** What the streak counts. */
  per: TargetPer;
  streak: number;
  best: number;
  /** Percent, rounded, 0 to 100. */
  rate: number;
  /** The unit that holds today: its progress, and whether it is met already. */
  progress: Progress;
  status: UnitStatus;
  /**
   * The last day up to today that met its target, as a day number: a day unit met, or the last day with a number in
   * a week or month met (its last day, without one); null if none.
   */
  lastMet: number | null;
};

/** Day flags in the walk: skipped or on vacation (excused). */
const EXCUSED = 1;

/**
 * The habit's days from `first` to `last` as dense arrays: each day's amount and flags. A day without an entry
 * holds 0, which every test below reads as it would read no entry: a day counts only with an amount above 0, and
 * "at most N" (N is 0 or more) is broken only by an amount above N.
 */
type Dense = { first: number; last: number; amount: Float64Array; flags: Uint8Array };

function dense(days: KindDays, first: number, last: number): Dense {
  const length = last - first + 1;
  // One allocation for both: this runs for every habit on every new day.
  const memory = new ArrayBuffer(length * 9);
  const amount = new Float64Array(memory, 0, length);
  const flags = new Uint8Array(memory, length * 8, length);
  const { days: entries, values, skipped, vacations } = days;
  for (let i = 0; i < entries.length; i++) {
    const d = entries[i]! - first;
    if (d >= 0 && d < length) amount[d] = values ? values[i]! : 1;
  }
  if (skipped)
    for (let i = 0; i < skipped.length; i++) {
      const d = skipped[i]! - first;
      if (d >= 0 && d < length) flags[d] = EXCUSED;
    }
  if (vacations)
    for (let v = 0; v + 1 < vacations.length; v += 2) {
      const end = Math.min(vacations[v + 1]! - first, length - 1);
      for (let d = Math.max(vacations[v]! - first, 0); d <= end; d++) flags[d] = EXCUSED;
    }
  return { first, last, amount, flags };
}

/** The first day of the calendar period holding `day`. */
export function periodStart(day: number, per: Period, weekStart: WeekStart): number {
  if (per === "week") return day - ((weekdayOfDayNumber(day) - weekStart + 7) % 7);
  return monthOfDayNumber(day).first;
}

/** The first day of the calendar period after the one holding `day`. */
export function nextPeriodStart(day: number, per: Period, weekStart: WeekStart): number {
  if (per === "week") return periodStart(day, per, weekStart) + 7;
  return monthOfDayNumber(day).next;
}

/** The day units of one rule from `from` to `to` (day numbers), appended to `out`. */
function dayUnits(dense: Dense, rule: HabitRule, from: number, to: number, today: number, out: UnitSink) {
  const target = rule.target;
  const mask = rule.frequency !== null && "weekdays" in rule.frequency ? scheduleMask(rule.frequency) : 0x7f;
  const need = target ? target.amount : 1;
  const atMost = target?.atMost ?? false;
  const { amount, flags } = dense;
  // The weekday moves on with the day: two remainders a day were a third of this walk.
  let weekday: number = weekdayOfDayNumber(from);
  // Days alike go to `out` as one run: most of a habit's days are like the day before (docs/decisions/0065).
  let runStart = from;
  let runStatus: UnitStatus = OPEN;
  for (let day = from; day <= to; day++, weekday = weekday === 6 ? 0 : weekday + 1) {
    const i = day - dense.first;
    const value = amount[i]!;
    const excused = flags[i] === EXCUSED || ((mask >> weekday) & 1) === 0;
    let status: UnitStatus;
    if (atMost) {
      if (excused) status = PASSED;
      else if (value > need) status = MISSED;
      else status = day >= today ? OPEN : MET;
    } else if (value >= need && value > 0) status = MET;
    else if (excused) status = PASSED;
    else status = day >= today ? OPEN : MISSED;
    if (status !== runStatus) {
      if (day > runStart) out.days(runStart, day - 1, runStatus);
      runStart = day;
      runStatus = status;
    }
  }
  if (to >= runStart) out.days(runStart, to, runStatus);
}

/**
 * The period units of one rule from `from` to `to`. A period cut by the rule's first or last day needs its target
 * in full, and one that is not met is passed over rather than missed.
 */
function periodUnits(
  dense: Dense,
  rule: HabitRule,
  per: Period,
  from: number,
  to: number,
  today: number,
  weekStart: WeekStart,
  out: UnitSink,
) {
  const { frequency, target } = rule;
  const times = frequency !== null && "times" in frequency ? frequency.times : 0;
  // What a day needs to count towards "N times": a number of at least the day's target, or anything done.
  const dayNeed = times > 0 ? (target ? target.amount : 0) : Number.POSITIVE_INFINITY;
  const { amount, flags } = dense;
  // Each period's first and last days, one calendar step at a time; from `from` to `to`, within the dense span.
  for (let start = periodStart(from, per, weekStart), end: number; start <= to; start = end + 1) {
    end = per === "week" ? start + 6 : nextPeriodStart(start, per, weekStart) - 1;
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    const cut = a !== start || b !== end;
    let hits = 0;
    let total = 0;
    let excused = 0;
    for (let i = a - dense.first, last = b - dense.first; i <= last; i++) {
      const value = amount[i]!;
      if (value > 0) {
        total += value;
        if (value >= dayNeed) {
          hits++;
          continue;
        }
      }
      if (flags[i] === EXCUSED) excused++;
    }
    let status: UnitStatus;
    if (times > 0) {
      // Each skipped day of the period lowers what it needs by one.
      const need = times - excused;
      if (need <= 0) status = hits > 0 ? MET : PASSED;
      else if (hits >= need) status = MET;
      else status = end >= today ? OPEN : cut ? PASSED : MISSED;
    } else if (target!.atMost) {
      if (total > target!.amount) status = MISSED;
      else status = end >= today ? OPEN : excused === b - a + 1 ? PASSED : MET;
    } else if (total >= target!.amount && total > 0) status = MET;
    else status = end >= today ? OPEN : cut || excused === b - a + 1 ? PASSED : MISSED;
    out.push(a, b, status);
  }
}

/** Where the walk over a habit's days puts each unit, in time order. */
type UnitSink = {
  push(start: number, end: number, status: UnitStatus): void;
  /** The day units from `from` to `to`, each with `status`: a run of days alike, as push would take them one by one. */
  days(from: number, to: number, status: UnitStatus): void;
};

/** Units being written: typed arrays long enough for one unit a day. */
class UnitList implements UnitSink {
  start: Int32Array;
  end: Int32Array;
  status: Uint8Array;
  length = 0;
  constructor(capacity: number) {
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.status = new Uint8Array(capacity);
  }
  push(start: number, end: number, status: UnitStatus) {
    const i = this.length++;
    this.start[i] = start;
    this.end[i] = end;
    this.status[i] = status;
  }
  days(from: number, to: number, status: UnitStatus) {
    for (let day = from; day <= to; day++) this.push(day, day, status);
  }
}

/**
 * The figures counted as the units come, in one walk with no list of units (the store derives every habit's figures
 * on each new day: docs/decisions/0065): the streak up to the unit that holds today, the best streak over all of
 * them, the rate from the first unit with an entry, and, when asked, the days shown done.
 */
class FigureCount implements UnitSink {
  streak = 0;
  best = 0;
  run = 0;
  met = 0;
  missed = 0;
  counting: boolean;
  /** The unit that holds today: the last one starting on or before it, else the first. */
  nowStart = Number.NaN;
  nowEnd = Number.NaN;
  nowStatus: UnitStatus = OPEN;
  /** The days shown done, when asked for: a day unit met, or a day with an entry in a period unit. */
  metDays: Int32Array | null;
  metLength = 0;
  constructor(
    private readonly today: number,
    private readonly firstEntry: number,
    private readonly atMost: boolean,
    private readonly dense: Dense,
    metCapacity: number,
  ) {
    this.counting = atMost;
    this.metDays = metCapacity > 0 ? new Int32Array(metCapacity) : null;
  }
  /** The last unit met up to today, whose last day with a number is the last day met (lastMet). */
  metStart = Number.NaN;
  metEnd = Number.NaN;
  push(start: number, end: number, status: UnitStatus) {
    if (status === MISSED) this.run = 0;
    else if (status === MET) {
      if (++this.run > this.best) this.best = this.run;
      if (start <= this.today) {
        this.metStart = start;
        this.metEnd = end;
      }
    }
    if (this.metDays) this.collect(start, end, status);
    if (start > this.today && this.nowStart === this.nowStart) return; // after the unit that holds today
    this.nowStart = start;
    this.nowEnd = end;
    this.nowStatus = status;
    if (status === MISSED) this.streak = 0;
    else if (status === MET) this.streak++;
    if (!this.counting && end >= this.firstEntry) this.counting = true;
    if (!this.counting) return;
    if (status === MET) this.met++;
    else if (status === MISSED) this.missed++;
    else if (status === OPEN && start === end && !this.atMost) this.missed++;
  }
  days(from: number, to: number, status: UnitStatus) {
    // A run is counted whole on one side of today and of the first entry, where the counting changes.
    const { today, firstEntry } = this;
    if (from <= today && to > today) {
      this.days(from, today, status);
      this.days(today + 1, to, status);
      return;
    }
    if (from < firstEntry && to >= firstEntry) {
      this.days(from, firstEntry - 1, status);
      this.days(firstEntry, to, status);
      return;
    }
    const n = to - from + 1;
    if (status === MISSED) this.run = 0;
    else if (status === MET) {
      this.run += n;
      if (this.run > this.best) this.best = this.run;
      if (from <= today) this.metStart = this.metEnd = to;
      if (this.metDays) for (let day = from; day <= to; day++) this.metDays[this.metLength++] = day;
    }
    // After today only the first unit counts, when none came before: it holds today.
    const hasNow = this.nowStart === this.nowStart;
    if (from > today && hasNow) return;
    const counted = from > today ? 1 : n;
    this.nowStart = this.nowEnd = from > today ? from : to;
    this.nowStatus = status;
    if (status === MISSED) this.streak = 0;
    else if (status === MET) this.streak += counted;
    if (from >= firstEntry) this.counting = true;
    if (!this.counting) return;
    if (status === MET) this.met += counted;
    else if (status === MISSED || (status === OPEN && !this.atMost)) this.missed += counted;
  }
  /** The last day up to today that met its target: of the last unit met, its last day with a number, else its last. */
  lastMet(): number | null {
    const a = this.metStart;
    if (a !== a) return null;
    const b = Math.min(this.metEnd, this.today);
    if (a === b) return a;
    const { amount, first } = this.dense;
    for (let day = b; day >= a; day--) if (amount[day - first]! > 0) return day;
    return b;
  }
  private collect(start: number, end: number, status: UnitStatus) {
    const days = this.metDays!;
    if (start === end) {
      if (status === MET) days[this.metLength++] = start;
      return;
    }
    const { amount, first } = this.dense;
    for (let day = start; day <= end; day++) if (amount[day - first]! > 0) days[this.metLength++] = day;
  }
}

/** What a rule's units are: days, or the period of its "N times" or of its target. */
export function unitOf(rule: HabitRule): TargetPer {
  if (rule.frequency !== null && "times" in rule.frequency) return rule.frequency.per;
  return rule.target?.per ?? "day";
}

/** The first and last day the habit's units cover at `today`. */
function span(days: KindDays, today: number): { first: number; last: number } {
  const { days: entries } = days;
  let first = toDayNumber(days.rules[0]!.from);
  if (entries.length > 0) first = Math.min(first, entries[0]!);
  let last = today;
  if (entries.length > 0) last = Math.max(last, entries[entries.length - 1]!);
  return { first, last };
}

/** The habit's units from its first rule or entry to today (or its last entry, if later). */
export function habitUnits(days: KindDays, today: number): Units {
  return unitsOf(days, today).units;
}

function unitsOf(days: KindDays, t: number): { units: Units; dense: Dense } {
  const { first, last } = span(days, t);
  const d = denseOf(days, first, last);
  const out = new UnitList(last - first + 1);
  walkUnits(days, t, d, first, last, out);
  return { units: out, dense: d };
}

// Periods may reach a few days either side of the span: the dense arrays cover them.
const denseOf = (days: KindDays, first: number, last: number) => dense(days, first - 31, last + 31);

/** Each unit of the habit from `first` to `last`, judged by the rule in force, into `out` in time order. */
function walkUnits(days: KindDays, t: number, d: Dense, first: number, last: number, out: UnitSink) {
  const { rules } = days;
  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r]!;
    const from = r === 0 ? first : toDayNumber(rule.from);
    const to = r + 1 < rules.length ? toDayNumber(rules[r + 1]!.from) - 1 : last;
    if (to < from) continue;
    const per = unitOf(rule);
    if (per === "day") dayUnits(d, rule, from, to, t, out);
    else periodUnits(d, rule, per, from, to, t, days.weekStart, out);
  }
}

/** Every figure of the habit at `today`. */
export function kindFigures(days: KindDays, today: number): KindFigures {
  return count(days, today, false).figures;
}

/**
 * kindFigures' figures and the days shown done, ascending, as day numbers: each day unit met, and each day with an
 * entry in a week or month unit (use-habits' completedDates of a habit that counts by kind).
 */
export function kindFiguresWithMetDays(
  days: KindDays,
  today: number,
): { figures: KindFigures; metDays: Int32Array } {
  const { figures, sink } = count(days, today, true);
  return { figures, metDays: sink.metDays!.subarray(0, sink.metLength) };
}

function count(days: KindDays, t: number, withMetDays: boolean) {
  const { first, last } = span(days, t);
  const d = denseOf(days, first, last);
  const rule = days.rules[ruleIndexAt(days.rules, t)]!;
  const firstEntry = days.days.length > 0 ? days.days[0]! : Number.POSITIVE_INFINITY;
  // The rate counts from the first unit with an entry (the first unit, for a target to stay under), up to today.
  // An open day counts as not met, as the rate of a daily habit always has; an open period counts only once met.
  const sink = new FigureCount(
    t,
    firstEntry,
    rule.target?.atMost ?? false,
    d,
    withMetDays ? last - first + 1 : 0,
  );
  walkUnits(days, t, d, first, last, sink);
  const { streak, best, met, missed } = sink;
  const rate = met === 0 ? 0 : Math.min(100, Math.round((met / (met + missed)) * 100));
  const a = sink.nowStart === sink.nowStart ? sink.nowStart : t;
  const b = sink.nowEnd === sink.nowEnd ? sink.nowEnd : t;
  const figures: KindFigures = {
    per: unitOf(rule),
    streak,
    best: Math.max(best, streak),
    rate,
    progress: progressAt(d, rule, a, b, t),
    status: sink.nowStatus,
    lastMet: sink.lastMet(),
  };
  return { figures, sink };
}

function ruleIndexAt(rules: readonly HabitRule[], today: number): number {
  let index = 0;
  for (let i = 1; i < rules.length; i++) if (toDayNumber(rules[i]!.from) <= today) index = i;
  return index;
}

/** The progress of the unit from `a` to `b` that holds today: what is done up to today, and what it needs. */
function progressAt(dense: Dense, rule: HabitRule, a: number, b: number, today: number): Progress {
  const per = unitOf(rule);
  const target = rule.target;
  const times = rule.frequency !== null && "times" in rule.frequency ? rule.frequency.times : 0;
  let hits = 0;
  let total = 0;
  let excused = 0;
  for (let day = a; day <= b; day++) {
    const i = day - dense.first;
    if (i < 0 || i >= dense.amount.length) continue;
    const value = dense.amount[i]!;
    const hit = target ? value >= target.amount && value > 0 : value > 0;
    if (hit && day <= today) hits++;
    if (value > 0 && day <= today) total += value;
    if (!hit && dense.flags[i] === EXCUSED) excused++;
  }
  if (times > 0) return { amount: hits, needed: Math.max(0, times - excused), per, atMost: false };
  if (!target) return { amount: hits, needed: 1, per, atMost: false };
  return { amount: Math.round(total * 1000) / 1000, needed: target.amount, per, atMost: target.atMost };
}
