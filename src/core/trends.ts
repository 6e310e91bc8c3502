// Trends across all habits on the Stats screen (docs/decisions/0069-stats-trends.md): the share of due days or
// periods met by week and by month, by weekday, each habit's last 30 days against the 30 before, and the weekly
// totals of measurable habits. Every unit is judged as kind-days.ts judges it (kind-figures.ts: habitUnits); this
// file only counts the units that were decided: met or missed.
import { type HabitRule, ruleIndexOn, type WeekStart } from "./habit-kind";
import type { StoredHabit } from "./habit";
import { type KindHistory, kindHistoryOf } from "./kind-days";
import { habitUnits, type KindDays, MET, MISSED, nextPeriodStart, periodStart, unitOf } from "./kind-figures";
import { strengthDays, type StrengthDay } from "./strength";
import { type Vacation, vacationDayRanges } from "./vacation";
import { fromDayNumber, type LocalDate, toDayNumber } from "./local-date";
import { type Weekday, weekdayOfDayNumber as weekdayOf } from "./schedule";

/** A habit as the trends read it: its history (kind-days.ts), its name and the day it was created. */
export type TrendHabit = KindHistory & { id: string; name: string; createdOn: LocalDate };

/**
 * A stored habit as the trends read it. It existed from the day it was created, or from its first rule's day if that
 * is earlier: createdAt is a UTC time, and the first rule's day is the user's own day it was made on.
 */
export function trendHabitOf(
  habit: StoredHabit,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
): TrendHabit {
  const createdAt = habit.createdAt.slice(0, 10);
  const firstRule = habit.rules?.[0]?.from;
  return {
    id: habit.id,
    name: habit.name,
    createdOn: firstRule !== undefined && firstRule < createdAt ? firstRule : createdAt,
    ...kindHistoryOf(habit, vacations, weekStart),
  };
}

/**
 * The units that were due and decided, in time order: the day each counts on, 1 if it was met, and its weekday
 * when it is a day (-1 for a period). Typed arrays: a habit of 10 years holds thousands.
 */
type Counted = { day: Int32Array; met: Uint8Array; weekday: Int8Array; length: number };

/** Met and due units, and their share (0 to 1); `share` is null with nothing due: no figure rather than 0 %. */
export type Share = { met: number; due: number; share: number | null };

export type ShareBucket = Share & { from: LocalDate; to: LocalDate };

const shareOf = (met: number, due: number): Share => ({ met, due, share: due === 0 ? null : met / due });

function dayNumbers(dates: readonly LocalDate[]): Int32Array {
  const out = new Int32Array(dates.length);
  for (let i = 0; i < dates.length; i++) out[i] = toDayNumber(dates[i]!);
  return out;
}

/** The list as it is when it is ascending and distinct already (as stored), else a sorted copy without repeats. */
function ascending<X>(list: readonly X[], date: (x: X) => LocalDate): readonly X[] {
  let sorted = true;
  for (let i = 1; i < list.length && sorted; i++) sorted = date(list[i - 1]!) < date(list[i]!);
  if (sorted) return list;
  const copy = [...list].sort((a, b) => (date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0));
  return copy.filter((x, i) => i === 0 || date(copy[i - 1]!) !== date(x));
}

/**
 * The habit's decided units up to `today`, each on its last day (a period still running and met already: today).
 * Units before the habit existed (its creation day, or its first entry if earlier) are not counted.
 */
function countedUnits(habit: TrendHabit, today: number): Counted {
  const numbers = habit.kind !== "yesNo";
  const entries = numbers ? ascending(habit.values ?? [], (entry) => entry[0]) : [];
  const dates = numbers ? entries.map(([date]) => date) : ascending(habit.completedDates, (date) => date);
  // As kind-figures.ts' kindDaysOf, with plain loops: Int32Array.from with a mapping was 4 times as slow.
  const days: KindDays = {
    kind: habit.kind,
    rules: habit.rules,
    days: dayNumbers(dates),
    values: numbers ? Float64Array.from(entries, ([, value]) => value) : undefined,
    skipped: dayNumbers(habit.skippedDates ?? []),
    vacations: vacationDayRanges(habit.vacations),
    weekStart: habit.weekStart,
  };
  const created = toDayNumber(habit.createdOn);
  const born = dates.length > 0 ? Math.min(created, toDayNumber(dates[0]!)) : created;
  const units = habitUnits(days, today);
  const ruleStarts = habit.rules.map((rule) => toDayNumber(rule.from));
  let r = 0;
  const out: Counted = {
    day: new Int32Array(units.length),
    met: new Uint8Array(units.length),
    weekday: new Int8Array(units.length),
    length: 0,
  };
  for (let u = 0; u < units.length; u++) {
    const status = units.status[u]!;
    if (status !== MET && status !== MISSED) continue;
    const start = units.start[u]!;
    const day = Math.min(units.end[u]!, today);
    if (day < born || start > today) continue;
    while (r + 1 < ruleStarts.length && ruleStarts[r + 1]! <= start) r++;
    const isDay = unitOf(habit.rules[r]!) === "day";
    const i = out.length++;
    out.day[i] = day;
    out.met[i] = status === MET ? 1 : 0;
    out.weekday[i] = isDay ? weekdayOf(day) : -1;
  }
  return out;
}

const ruleOn = (rules: readonly HabitRule[], day: number): HabitRule =>
  rules[ruleIndexOn(rules, fromDayNumber(day))]!;

/** The periods of `per` from the one holding `first` to the one holding `today`, oldest first. */
function periods(first: number, today: number, per: "week" | "month", weekStart: WeekStart) {
  const out: { from: number; to: number }[] = [];
  for (let from = periodStart(first, per, weekStart); from <= today;) {
    const next = nextPeriodStart(from, per, weekStart);
    out.push({ from, to: next - 1 });
    from = next;
  }
  return out;
}

/** Each habit's decided units, counted once for every figure below. */
type CountedHabits = readonly { habit: TrendHabit; units: Counted }[];

const countAll = (habits: readonly TrendHabit[], today: number): CountedHabits =>
  habits.map((habit) => ({ habit, units: countedUnits(habit, today) }));

function bucketShares(
  counted: CountedHabits,
  buckets: readonly { from: number; to: number }[],
  today: number,
): ShareBucket[] {
  const met = new Array<number>(buckets.length).fill(0);
  const due = new Array<number>(buckets.length).fill(0);
  const first = buckets[0]?.from ?? today + 1;
  const last = buckets.at(-1)?.to ?? today;
  for (const { units } of counted)
    for (let u = 0; u < units.length; u++) {
      const day = units.day[u]!;
      if (day < first || day > last) continue;
      // Buckets are consecutive: a binary search finds the one holding the day.
      let lo = 0;
      let hi = buckets.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (buckets[mid]!.from <= day) lo = mid;
        else hi = mid - 1;
      }
      due[lo]!++;
      met[lo]! += units.met[u]!;
    }
  return buckets.map((b, i) => ({
    from: fromDayNumber(b.from),
    to: fromDayNumber(b.to),
    ...shareOf(met[i]!, due[i]!),
  }));
}

/** The 52 weeks up to the one holding today (the last 12 months), each with its share of due units met. */
export function shareByWeek(
  habits: readonly TrendHabit[],
  today: LocalDate,
  weekStart: WeekStart,
): ShareBucket[] {
  const t = toDayNumber(today);
  return byWeek(countAll(habits, t), t, weekStart);
}

const byWeek = (counted: CountedHabits, t: number, weekStart: WeekStart) =>
  bucketShares(counted, periods(t - 51 * 7, t, "week", weekStart), t);

/** Every month from the first one a habit existed in up to this one, each with its share of due units met. */
export function shareByMonth(habits: readonly TrendHabit[], today: LocalDate): ShareBucket[] {
  const t = toDayNumber(today);
  return byMonth(countAll(habits, t), t);
}

function byMonth(counted: CountedHabits, t: number): ShareBucket[] {
  let first = t;
  for (const { units } of counted) if (units.length > 0) first = Math.min(first, units.day[0]!);
  return bucketShares(counted, periods(first, t, "month", 0), t);
}

export type WeekdayShare = Share & { weekday: Weekday };

/**
 * The share of due days met on each weekday over the 52 weeks up to today, in the user's week order, with the best
 * and the worst (the first in week order wins a tie; null without a due day). Periods have no weekday: only day
 * units count here.
 */
export type WeekdayShares = { days: WeekdayShare[]; best: WeekdayShare | null; worst: WeekdayShare | null };

export function weekdayShares(
  habits: readonly TrendHabit[],
  today: LocalDate,
  weekStart: WeekStart,
): WeekdayShares {
  const t = toDayNumber(today);
  return byWeekday(countAll(habits, t), t, weekStart);
}

const byWeekday = (counted: CountedHabits, t: number, weekStart: WeekStart) =>
  weekdaysIn(counted, periodStart(t - 51 * 7, "week", weekStart), t, weekStart);

/** The weekday shares of the day units from day `first` to day `last`. */
function weekdaysIn(
  counted: CountedHabits,
  first: number,
  last: number,
  weekStart: WeekStart,
): WeekdayShares {
  const met = [0, 0, 0, 0, 0, 0, 0];
  const due = [0, 0, 0, 0, 0, 0, 0];
  for (const { units } of counted)
    for (let u = 0; u < units.length; u++) {
      const weekday = units.weekday[u]!;
      if (weekday < 0 || units.day[u]! < first || units.day[u]! > last) continue;
      due[weekday]!++;
      met[weekday]! += units.met[u]!;
    }
  const days = Array.from({ length: 7 }, (_, i) => {
    const weekday = ((weekStart + i) % 7) as Weekday;
    return { weekday, ...shareOf(met[weekday]!, due[weekday]!) };
  });
  let best: WeekdayShare | null = null;
  let worst: WeekdayShare | null = null;
  for (const day of days) {
    if (day.share === null) continue;
    if (best === null || day.share > best.share!) best = day;
    if (worst === null || day.share < worst.share!) worst = day;
  }
  return { days, best, worst };
}

/** A habit's rate (rounded percent) over the last 30 days and the 30 before, and the change in points. */
export type RateChange = { id: string; name: string; before: number; after: number; change: number };

export const CHANGE_WINDOW = 30;
export const CHANGE_COUNT = 5;

/**
 * The habits whose rate rose most and fell most: the 30 days up to today against the 30 before, each a share of due
 * units met (rounded percent). A habit with nothing due in either window has no change; one that did not change is
 * in neither list. At most 5 each, the largest change first, then by name.
 */
export type RateChanges = { rising: RateChange[]; falling: RateChange[] };

export function rateChanges(habits: readonly TrendHabit[], today: LocalDate): RateChanges {
  const t = toDayNumber(today);
  return changesOf(countAll(habits, t), t);
}

function changesOf(counted: CountedHabits, t: number): RateChanges {
  const recentFrom = t - CHANGE_WINDOW + 1;
  const earlierFrom = recentFrom - CHANGE_WINDOW;
  const changes: RateChange[] = [];
  for (const { habit, units } of counted) {
    let metA = 0;
    let dueA = 0;
    let metB = 0;
    let dueB = 0;
    for (let u = 0; u < units.length; u++) {
      const day = units.day[u]!;
      if (day > t) continue;
      if (day >= recentFrom) {
        dueA++;
        metA += units.met[u]!;
      } else if (day >= earlierFrom) {
        dueB++;
        metB += units.met[u]!;
      }
    }
    if (dueA === 0 || dueB === 0) continue;
    const after = Math.round((metA / dueA) * 100);
    const before = Math.round((metB / dueB) * 100);
    if (after !== before)
      changes.push({ id: habit.id, name: habit.name, before, after, change: after - before });
  }
  const byName = (a: RateChange, b: RateChange) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const rising = changes
    .filter((c) => c.change > 0)
    .sort((a, b) => b.change - a.change || byName(a, b))
    .slice(0, CHANGE_COUNT);
  const falling = changes
    .filter((c) => c.change < 0)
    .sort((a, b) => a.change - b.change || byName(a, b))
    .slice(0, CHANGE_COUNT);
  return { rising, falling };
}

export const TOTAL_WEEKS = 12;

export type WeeklyTotals = {
  id: string;
  name: string;
  /** The unit of the rule in force today. */
  unit: string;
  weeks: { from: LocalDate; to: LocalDate; total: number }[];
};

/** Each measurable habit's total per week over the 12 weeks up to the one holding today, with its unit. */
export function weeklyTotals(
  habits: readonly TrendHabit[],
  today: LocalDate,
  weekStart: WeekStart,
): WeeklyTotals[] {
  const t = toDayNumber(today);
  return totalsIn(habits, periodStart(t - (TOTAL_WEEKS - 1) * 7, "week", weekStart), t, weekStart);
}

/** Each measurable habit's total per week from day `from` to day `t`, the first and last week cut to them. */
function totalsIn(
  habits: readonly TrendHabit[],
  from: number,
  t: number,
  weekStart: WeekStart,
): WeeklyTotals[] {
  const weeks = periods(from, t, "week", weekStart);
  const first = weeks[0]!.from;
  return habits
    .filter((habit) => habit.kind === "measurable")
    .map((habit) => {
      const totals = new Array<number>(weeks.length).fill(0);
      for (const [date, value] of habit.values ?? []) {
        const day = toDayNumber(date);
        if (day < from || day > t) continue;
        totals[Math.floor((day - first) / 7)]! += value;
      }
      return {
        id: habit.id,
        name: habit.name,
        unit: ruleOn(habit.rules, t).target?.unit ?? "",
        weeks: weeks.map((w, i) => ({
          from: fromDayNumber(Math.max(w.from, from)),
          to: fromDayNumber(Math.min(w.to, t)),
          total: Math.round(totals[i]! * 1000) / 1000,
        })),
      };
    });
}

export type Trends = {
  byWeek: ShareBucket[];
  byMonth: ShareBucket[];
  weekdays: WeekdayShares;
  changes: RateChanges;
  totals: WeeklyTotals[];
};

/** Every trend at once, each habit's units counted once. */
export function trendsOf(habits: readonly TrendHabit[], today: LocalDate, weekStart: WeekStart): Trends {
  const t = toDayNumber(today);
  const counted = countAll(habits, t);
  return {
    byWeek: byWeek(counted, t, weekStart),
    byMonth: byMonth(counted, t),
    weekdays: byWeekday(counted, t, weekStart),
    changes: changesOf(counted, t),
    totals: weeklyTotals(habits, today, weekStart),
  };
}

/** The share of the units decided from day `first` to day `last`, over all the counted habits given. */
function shareIn(counted: CountedHabits, first: number, last: number): Share {
  let met = 0;
  let due = 0;
  for (const { units } of counted)
    for (let u = 0; u < units.length; u++) {
      const day = units.day[u]!;
      if (day < first || day > last) continue;
      due++;
      met += units.met[u]!;
    }
  return shareOf(met, due);
}

/** A habit's share of due units met between two days, and its strength (core/strength.ts) on the last, 0 to 1. */
export type HabitTrend = { id: string; name: string; share: Share; strength: number };

/**
 * The trends between two days (the API's stats, GET /api/stats): a unit counts where it was decided, on its last day
 * or on today for one met early, so a week that ends after `to` is not counted yet. Weeks and months are those that
 * hold a day of the range, their first and last cut to it. The rate changes are the 30 days up to `to` against the 30
 * before, wherever `from` is.
 */
export type RangeTrends = Trends & { share: Share; habits: HabitTrend[] };

export function trendsBetween(
  habits: readonly TrendHabit[],
  from: LocalDate,
  to: LocalDate,
  today: LocalDate,
  weekStart: WeekStart,
): RangeTrends {
  const [first, last] = [toDayNumber(from), toDayNumber(to)];
  const counted = countAll(habits, toDayNumber(today));
  const cut = (list: { from: number; to: number }[]) =>
    list.map((p) => ({ from: Math.max(p.from, first), to: Math.min(p.to, last) }));
  return {
    share: shareIn(counted, first, last),
    byWeek: bucketShares(counted, cut(periods(first, last, "week", weekStart)), last),
    byMonth: bucketShares(counted, cut(periods(first, last, "month", weekStart)), last),
    weekdays: weekdaysIn(counted, first, last, weekStart),
    changes: changesOf(counted, last),
    totals: totalsIn(habits, first, last, weekStart),
    habits: counted.map(({ habit }, i) => ({
      id: habit.id,
      name: habit.name,
      share: shareIn([counted[i]!], first, last),
      strength: strengthOn(strengthDays(habit, today), last),
    })),
  };
}

/** The strength on day `day`: 0 before the habit's start, the last day's after it. */
function strengthOn(days: readonly StrengthDay[], day: number): number {
  if (days.length === 0) return 0;
  const i = Math.min(day - toDayNumber(days[0]!.date), days.length - 1);
  return i < 0 ? 0 : days[i]!.value;
}
