// A habit's strength (docs/decisions/0068): Loop Habit Tracker's score, from 0 to 1, that each judged day moves
// towards what the day achieved by the multiplier 0.5 ^ (sqrt(frequency) / 13), frequency being targets per day.
// Days are read as core/kind-days.ts judges them, by the rule in force on each day. Plain data in and out.
import type { HabitRule, Period, WeekStart } from "./habit-kind";
import { type KindDay, kindDayStatuses, type KindHistory } from "./kind-days";
import { nextPeriodStart, periodStart, unitOf } from "./kind-figures";
import { fromDayNumber, type LocalDate, toDayNumber } from "./local-date";

/** A day's strength, 0 to 1, once the day is counted. */
export type StrengthDay = { date: LocalDate; value: number };

/** A week's or month's strength: its value on its last day, or on today for the period that holds today. */
export type StrengthPoint = { start: LocalDate; end: LocalDate; value: number };

/** Loop's multiplier (its Score.compute): a daily habit loses half its strength in 13 missed days. */
export function strengthMultiplier(frequency: number): number {
  return Math.pow(0.5, Math.sqrt(frequency) / 13);
}

/** Loop's step: the previous strength moved towards `achieved` (0 to 1) by the frequency's multiplier. */
export function nextStrength(frequency: number, previous: number, achieved: number): number {
  const multiplier = strengthMultiplier(frequency);
  return previous * multiplier + achieved * (1 - multiplier);
}

/**
 * How Loop counts a rule (its ScoreList.recompute): targets `numerator` in `denominator` days, a day achieving
 * what the last `denominator` days hold. Done days are counted (a yes/no habit, or "N times", where a day counts
 * when kind-days shows it done) or amounts summed (a target per day, week or month).
 */
type Counting = { frequency: number; numerator: number; denominator: number; amounts: boolean };

const PERIOD_DAYS: Record<Period, number> = { week: 7, month: 30 };

function countingOf(rule: HabitRule): Counting {
  const { frequency, target } = rule;
  if (frequency !== null && "times" in frequency) {
    let numerator = frequency.times;
    let denominator = PERIOD_DAYS[frequency.per];
    if (numerator === denominator) numerator = denominator = 1; // Loop's Frequency: n in n is every day
    const ratio = numerator / denominator;
    // Loop doubles both for a yes/no habit due less than daily, to smooth out irregular days.
    if (ratio < 1) {
      numerator *= 2;
      denominator *= 2;
    }
    return { frequency: ratio, numerator, denominator, amounts: false };
  }
  const per = unitOf(rule);
  const denominator = per === "day" ? 1 : PERIOD_DAYS[per];
  return { frequency: 1 / denominator, numerator: 1, denominator, amounts: target !== null };
}

/** What a day achieves, 0 to 1, from the sum over its window (Loop's percentageCompleted). */
function achieved(rule: HabitRule, counting: Counting, sum: number): number {
  const target = rule.target;
  if (!counting.amounts || target === null) return Math.min(1, sum / counting.numerator);
  const amount = target.amount;
  if (!target.atMost) return amount > 0 ? Math.min(1, sum / amount) : sum > 0 ? 1 : 0;
  if (amount > 0) return Math.min(1, Math.max(0, 1 - (sum - amount) / amount));
  return sum > 0 ? 0 : 1;
}

/**
 * The habit's strength on each day from its start to `today`, oldest first. It starts at 0 on the first day with an
 * entry (nothing before it: every day before would leave 0 at 0), or at 1 on the first day of a habit whose first
 * rule is a limit (a quit habit, "at most"), as Loop starts an "at most" habit. Each day then moves it as Loop does,
 * except days that leave it as it was: skipped, on vacation, a weekday not due, and today until it is done (or, for
 * a limit, broken). Empty when the habit has no start up to today.
 */
export function strengthDays(history: KindHistory, today: LocalDate): StrengthDay[] {
  const { rules } = history;
  const first = rules[0]!;
  const limit = first.target?.atMost ?? false;
  const entries =
    history.kind === "yesNo" ? history.completedDates : (history.values ?? []).map(([date]) => date);
  let start: LocalDate | undefined;
  for (const date of entries) if (start === undefined || date < start) start = date;
  if (limit && (start === undefined || first.from < start)) start = first.from;
  if (start === undefined || start > today) return [];

  const days = kindDayStatuses(history, start, today, today);
  // Sums of done days and amounts up to each day, for the windows of up to 60 days.
  const hits = new Float64Array(days.length + 1);
  const amounts = new Float64Array(days.length + 1);
  days.forEach((day, i) => {
    hits[i + 1] = hits[i]! + (day.status === "done" ? 1 : 0);
    amounts[i + 1] = amounts[i]! + (day.amount ?? 0);
  });

  const out: StrengthDay[] = [];
  let value = limit ? 1 : 0;
  let r = 0; // the rule in force, as habit-kind.ts ruleIndexOn gives it: the first one before its day
  let rule = first;
  let counting = countingOf(first);
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    while (r + 1 < rules.length && rules[r + 1]!.from <= day.date) {
      rule = rules[++r]!;
      counting = countingOf(rule);
    }
    if (counts(day, rule, today)) {
      const from = Math.max(0, i + 1 - counting.denominator);
      const sums = counting.amounts ? amounts : hits;
      value = nextStrength(counting.frequency, value, achieved(rule, counting, sums[i + 1]! - sums[from]!));
    }
    out.push({ date: day.date, value });
  }
  return out;
}

/** Whether a day moves the strength (see strengthDays). */
function counts(day: KindDay, rule: HabitRule, today: LocalDate): boolean {
  const { status } = day;
  if (status === "skipped" || status === "vacation" || status === "future") return false;
  if (day.date === today) return status === "done" || status === "missed";
  // A weekday out of a schedule is not due; in a week or month every day counts, as in Loop.
  return !(status === "not-due" && unitOf(rule) === "day");
}

/** The strength at the end of each week or month from the first day's to today's, oldest first. */
export function strengthByPeriod(
  days: readonly StrengthDay[],
  per: Period,
  weekStart: WeekStart,
  today: LocalDate,
): StrengthPoint[] {
  if (days.length === 0) return [];
  const first = toDayNumber(days[0]!.date);
  const last = toDayNumber(today);
  const out: StrengthPoint[] = [];
  for (let start = periodStart(first, per, weekStart); start <= last;) {
    const next = nextPeriodStart(start, per, weekStart);
    const end = Math.min(next - 1, last);
    const i = Math.min(end - first, days.length - 1);
    out.push({ start: fromDayNumber(start), end: fromDayNumber(end), value: days[i]!.value });
    start = next;
  }
  return out;
}

/** The strength on `today`: the last day's, 0 before the habit's start. */
export function currentStrength(days: readonly StrengthDay[]): number {
  return days.at(-1)?.value ?? 0;
}
