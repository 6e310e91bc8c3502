// What a habit counts and how often (docs/product.md, "Kinds of habit"): yes or no, a measured amount with a target
// to reach or to stay under, or a quit habit; due every day, on chosen weekdays, or N times a calendar week or month.
// A habit keeps the dated list of its rules, so that a change applies from a day and the days before keep theirs.
import { isLocalDate, type LocalDate } from "./local-date";
import { isWeekday, type Weekday } from "./schedule";

export type HabitKind = "yesNo" | "measurable" | "quit";
export const HABIT_KINDS: readonly HabitKind[] = ["yesNo", "measurable", "quit"];

export type Period = "week" | "month";
export type TargetPer = "day" | Period;

/** How often a habit is due: `null` every day; chosen weekdays (0 = Sunday); or N times a calendar period. */
export type Frequency = null | { weekdays: Weekday[] } | { times: number; per: Period };

/** A measurable habit's target: at least or at most `amount` of `unit` a day, a week or a month. */
export type Target = { atMost: boolean; amount: number; per: TargetPer; unit: string };

/** The rule in force from `from` (inclusive) until the next rule's `from`. */
export type HabitRule = { from: LocalDate; frequency: Frequency; target: Target | null };

/** The first day of a week: 0 Sunday, 1 Monday. */
export type WeekStart = 0 | 1;

export const MAX_AMOUNT = 1_000_000;
export const AMOUNT_DECIMALS = 3;
export const MAX_UNIT_LENGTH = 20;
export const MAX_TIMES: Record<Period, number> = { week: 7, month: 31 };
export const DEFAULT_STEP = 1;
/** A quit habit is a measurable one held at zero a day. */
export const QUIT_TARGET: Target = { atMost: true, amount: 0, per: "day", unit: "times" };
/** Rules a habit may hold: one per change. */
export const MAX_HABIT_RULES = 100;

/** A day's number: 0 to MAX_AMOUNT with at most AMOUNT_DECIMALS decimals. */
export function isAmount(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= MAX_AMOUNT &&
    Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6
  );
}

/** A habit's step: an amount above 0. */
export const isStep = (value: unknown): value is number => isAmount(value) && value > 0;

/** Rounds to AMOUNT_DECIMALS, so that sums of steps such as 0.1 + 0.2 store as 0.3. */
export const roundAmount = (value: number): number => Math.round(value * 1000) / 1000;

export function isFrequency(value: unknown): value is Frequency {
  if (value === null) return true;
  if (typeof value !== "object" || Array.isArray(value)) return false;
  if ("weekdays" in value) {
    const { weekdays } = value as { weekdays: unknown };
    return (
      Object.keys(value).length === 1 &&
      Array.isArray(weekdays) &&
      weekdays.length >= 1 &&
      weekdays.length <= 6 &&
      weekdays.every((d, i) => isWeekday(d) && (i === 0 || d > (weekdays[i - 1] as number)))
    );
  }
  const { times, per } = value as { times?: unknown; per?: unknown };
  return (
    Object.keys(value).length === 2 &&
    (per === "week" || per === "month") &&
    Number.isInteger(times) &&
    (times as number) >= 1 &&
    (times as number) <= MAX_TIMES[per]
  );
}

export function isTarget(value: unknown): value is Target {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { atMost, amount, per, unit } = value as Record<string, unknown>;
  return (
    Object.keys(value).length === 4 &&
    typeof atMost === "boolean" &&
    isAmount(amount) &&
    (per === "day" || per === "week" || per === "month") &&
    typeof unit === "string" &&
    unit.length <= MAX_UNIT_LENGTH
  );
}

/**
 * Why a rule does not fit the habit's kind, or null when it does. Yes/no habits have no target; measurable ones
 * have one, and "how often" applies only to a target per day; a target to stay under is judged every due day, so it
 * takes no "N times"; a quit habit is held at zero a day.
 */
export function ruleProblem(kind: HabitKind, rule: HabitRule): string | null {
  const { frequency, target } = rule;
  const timesPer = frequency !== null && "times" in frequency;
  if (kind === "yesNo") return target === null ? null : "a yes-or-no habit has no target";
  if (target === null) return "a measurable habit needs a target";
  if (kind === "quit" && (!target.atMost || target.amount !== 0 || target.per !== "day"))
    return "a quit habit is held at 0 a day";
  if (target.per !== "day" && frequency !== null) return "a target per week or month is counted every day";
  if (target.atMost && timesPer) return "a target to stay under is judged on every due day";
  return null;
}

/** The rules as they may arrive: 1 to MAX_HABIT_RULES, valid, each fitting `kind`, with ascending distinct dates. */
export function isHabitRules(kind: HabitKind, value: unknown): value is HabitRule[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_HABIT_RULES) return false;
  let previous = "";
  for (const rule of value as unknown[]) {
    if (typeof rule !== "object" || rule === null || Array.isArray(rule)) return false;
    const { from, frequency, target } = rule as Record<string, unknown>;
    if (Object.keys(rule).length !== 3 || !isLocalDate(from) || from <= previous) return false;
    if (!isFrequency(frequency) || !(target === null || isTarget(target))) return false;
    if (ruleProblem(kind, rule as HabitRule) !== null) return false;
    previous = from;
  }
  return true;
}

/** The index of the rule in force on `date`: the last one from on or before it, else the first. */
export function ruleIndexOn(rules: readonly HabitRule[], date: LocalDate): number {
  let index = 0;
  for (let i = 1; i < rules.length; i++) if (rules[i]!.from <= date) index = i;
  return index;
}

/**
 * The rules after a change that applies from `from`: rules from that day on are replaced by `change`, the earlier
 * ones stay as they were. A change equal to the rule already in force adds nothing.
 */
export function withRuleFrom(
  rules: readonly HabitRule[],
  from: LocalDate,
  change: Omit<HabitRule, "from">,
): HabitRule[] {
  const kept = rules.filter((rule) => rule.from < from);
  const before = kept.at(-1);
  if (before && sameRule(before, change)) return kept;
  // A change from before the first rule's day becomes the first rule.
  return [...kept, { from, ...change }];
}

function sameRule(a: Omit<HabitRule, "from">, b: Omit<HabitRule, "from">): boolean {
  return JSON.stringify([a.frequency, a.target]) === JSON.stringify([b.frequency, b.target]);
}
