// How each day of a habit of any kind stands on the habit page's calendar and heatmap, and the figures the page
// adds for a habit counted by kind (docs/product.md, "Kinds of habit"): each day is judged by the rule in force on
// that day, never by the habit's current rule alone. Plain functions of the habit's data and today.
import type { DayStatus } from "./day-state";
import type { StoredHabit } from "./habit";
import { sortedDayNumbers } from "./habit-days";
import type { HabitKind, HabitRule, TargetPer, WeekStart } from "./habit-kind";
import {
  habitUnits,
  type KindDays,
  MET,
  MISSED,
  OPEN,
  type UnitStatus,
  type Units,
  unitOf,
} from "./kind-figures";
import { fromDayNumber, type LocalDate, toDayNumber } from "./local-date";
import { normalizeSchedule, scheduleMask, type Schedule, weekdayOfDayNumber } from "./schedule";
import { EARLIEST_DAY } from "./sync";
import { inDayRanges, type Vacation, vacationDayRanges } from "./vacation";

/** A habit's history as stored, with the user's vacations and week start. */
export type KindHistory = {
  kind: HabitKind;
  /** Its dated rules, ascending (habit-kind.ts). */
  rules: readonly HabitRule[];
  /** A yes/no habit's done days. */
  completedDates: readonly LocalDate[];
  /** A measurable or quit habit's numbers, ascending by date. */
  values?: readonly (readonly [LocalDate, number])[] | undefined;
  skippedDates?: readonly LocalDate[] | undefined;
  vacations?: readonly Vacation[] | undefined;
  weekStart: WeekStart;
};

/** A stored habit's history, with the user's vacations and week start (a habit stored before rules: its schedule). */
export function kindHistoryOf(
  habit: StoredHabit,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
): KindHistory {
  return {
    kind: habit.kind ?? "yesNo",
    rules: rulesOrSchedule(habit),
    completedDates: habit.completedDates,
    values: habit.values,
    skippedDates: habit.skippedDates,
    vacations,
    weekStart,
  };
}

/** A day as the calendar shows it: its status and, for a habit that counts a number, the day's number. */
export type KindDay = { date: LocalDate; status: DayStatus; amount: number | null };

/** The rules of a habit stored before it had rules: its schedule over every day. */
export function rulesOrSchedule(habit: {
  rules?: readonly HabitRule[] | undefined;
  schedule?: Schedule | null | undefined;
}): readonly HabitRule[] {
  if (habit.rules && habit.rules.length > 0) return habit.rules;
  return [{ from: EARLIEST_DAY, frequency: normalizeSchedule(habit.schedule), target: null }];
}

/** The history as core/kind-figures.ts reads it. */
function kindDaysOf(history: KindHistory): KindDays & { skipped: Int32Array; vacations: Int32Array } {
  const { kind, rules, weekStart } = history;
  const skipped = sortedDayNumbers(history.skippedDates);
  const vacations = vacationDayRanges(history.vacations);
  if (kind === "yesNo")
    return { kind, rules, days: sortedDayNumbers(history.completedDates), skipped, vacations, weekStart };
  const entries = [...(history.values ?? [])];
  if (entries.some((entry, i) => i > 0 && entry[0] <= entries[i - 1]![0]))
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    kind,
    rules,
    days: Int32Array.from(entries, ([date]) => toDayNumber(date)),
    values: Float64Array.from(entries, ([, value]) => value),
    skipped,
    vacations,
    weekStart,
  };
}

/** The status of each day of `units` from `from` to `to`, 0 where no unit covers it. */
function unitStatusByDay(units: Units, from: number, to: number): Uint8Array {
  const out = new Uint8Array(to - from + 1);
  for (let u = 0; u < units.length; u++) {
    const a = Math.max(units.start[u]!, from);
    const b = Math.min(units.end[u]!, to);
    for (let day = a; day <= b; day++) out[day - from] = units.status[u]!;
  }
  return out;
}

/**
 * Every day from `from` to `to` (both included), oldest first, each judged by the rule in force on it:
 * - a yes/no day, or a measurable day with a target per day: done when it meets the day's target, else skipped,
 *   on vacation or not due (its rule's weekdays), else open today and missed before (day-state.ts dayStatusOf, of
 *   which a yes/no habit with one rule gives exactly the statuses). A target to stay under is met once the day is
 *   over: done; over it, missed; before the habit's first rule and entry, not due;
 * - a day under "N times a week or month", or a target per week or month: done when it counts towards the period
 *   (a hit, or a number), else skipped or on vacation; the other days of a period that was missed show missed, those
 *   of a period still open or met are not due (only the period is due), today open while its period is.
 */
export function kindDayStatuses(
  history: KindHistory,
  from: LocalDate,
  to: LocalDate,
  today: LocalDate,
): KindDay[] {
  const days = kindDaysOf(history);
  const { rules } = days;
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  const t = toDayNumber(today);
  const byPeriod = rules.some((rule) => unitOf(rule) !== "day");
  const periodStatus = byPeriod ? unitStatusByDay(habitUnits(days, t), first, last) : undefined;
  const numbers = history.kind !== "yesNo";
  const { days: entries, values } = days;
  const skipped = days.skipped!;
  const vacations = days.vacations!;
  // Before its first rule and entry a habit did not exist yet: a limit kept then would be a day met for nothing.
  const start = Math.min(toDayNumber(rules[0]!.from), entries.length > 0 ? entries[0]! : Infinity);

  const out: KindDay[] = [];
  let r = 0;
  let e = 0; // the first entry not before the day
  let s = 0; // the first skipped day not before it
  for (let day = first; day <= last; day++) {
    while (r + 1 < rules.length && toDayNumber(rules[r + 1]!.from) <= day) r++;
    while (e < entries.length && entries[e]! < day) e++;
    while (s < skipped.length && skipped[s]! < day) s++;
    const date = fromDayNumber(day);
    const has = e < entries.length && entries[e] === day;
    const value = has ? (values ? values[e]! : 1) : Number.NaN;
    const amount = numbers && has ? value : null;
    if (day > t) {
      out.push({ date, status: "future", amount });
      continue;
    }
    const rule = rules[r]!;
    const isSkipped = s < skipped.length && skipped[s] === day;
    const excuse: DayStatus | null = isSkipped ? "skipped" : inDayRanges(vacations, day) ? "vacation" : null;
    const status =
      day < start && (rule.target?.atMost ?? false)
        ? "not-due"
        : dayStatus(rule, day, value, excuse, t, periodStatus?.[day - first]);
    out.push({ date, status, amount });
  }
  return out;
}

function dayStatus(
  rule: HabitRule,
  day: number,
  value: number,
  excuse: DayStatus | null,
  today: number,
  period: number | undefined,
): DayStatus {
  const { frequency, target } = rule;
  const atMost = target?.atMost ?? false;
  if (unitOf(rule) === "day") {
    const mask = frequency !== null && "weekdays" in frequency ? scheduleMask(frequency) : 0x7f;
    const due = ((mask >> weekdayOfDayNumber(day)) & 1) === 1;
    const need = target ? target.amount : 1;
    if (atMost) {
      if (excuse) return excuse;
      if (!due) return "not-due";
      if (value > need) return "missed";
      return day === today ? "open" : "done";
    }
    if (value >= need && value > 0) return "done";
    if (excuse) return excuse;
    if (!due) return "not-due";
    return day === today ? "open" : "missed";
  }
  const times = frequency !== null && "times" in frequency;
  const hit = times ? (target ? value >= target.amount && value > 0 : value > 0) : !atMost && value > 0;
  if (hit) return "done";
  if (excuse) return excuse;
  if (period === MISSED) return "missed";
  if (atMost && period === MET) return "done";
  return day === today && period === OPEN ? "open" : "not-due";
}

/** What the habit page adds to a habit counted by kind: where its streak began and its totals up to today. */
export type KindSummary = {
  /** The first day of the streak's first unit; null without a streak. */
  since: LocalDate | null;
  /** Units met up to today, by what they are. */
  met: Record<TargetPer, number>;
  /** The sum of the numbers up to today (measurable and quit habits). */
  amount: number;
};

export function kindSummary(history: KindHistory, today: LocalDate): KindSummary {
  const days = kindDaysOf(history);
  const t = toDayNumber(today);
  const units = habitUnits(days, t);
  const { start, status, length } = units;
  let now = length - 1;
  while (now > 0 && start[now]! > t) now--;
  let since: number | null = null;
  for (let u = now; u >= 0; u--) {
    const s = status[u] as UnitStatus;
    if (s === MISSED) break;
    if (s === MET) since = start[u]!;
  }
  const met: Record<TargetPer, number> = { day: 0, week: 0, month: 0 };
  const { rules } = days;
  let r = 0;
  for (let u = 0; u <= now; u++) {
    while (r + 1 < rules.length && toDayNumber(rules[r + 1]!.from) <= start[u]!) r++;
    if (status[u] === MET) met[unitOf(rules[r]!)]++;
  }
  let amount = 0;
  if (days.values) for (let i = 0; i < days.days.length && days.days[i]! <= t; i++) amount += days.values[i]!;
  return {
    since: since === null ? null : fromDayNumber(since),
    met,
    amount: Math.round(amount * 1000) / 1000,
  };
}
