// A habit's kind, how often and target as a form holds them (docs/product.md, "Kinds of habit"): text as typed, so
// that a bad value is shown with its error and never lost, and what fits the kind decided by core's ruleProblem.
// The add form on Today and the habit page's editor share it (ui/rule-fields.tsx).
import {
  DEFAULT_STEP,
  type Frequency,
  type HabitKind,
  type HabitRule,
  isAmount,
  isStep,
  MAX_TIMES,
  QUIT_TARGET,
  ruleProblem,
  type Target,
  type TargetPer,
} from "../../core/habit-kind";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages";
import { normalizeSchedule, type Weekday } from "../../core/schedule";
import { formatNumber } from "./format-values";
import { weekdayName } from "./day-names";

const k = messages.habitKinds;

export type HowOften = "daily" | "weekdays" | "week" | "month";
export const HOW_OFTEN: readonly HowOften[] = ["daily", "weekdays", "week", "month"];

export type RuleDraft = {
  kind: HabitKind;
  how: HowOften;
  weekdays: Weekday[];
  times: string;
  unit: string;
  target: string;
  atMost: boolean;
  per: TargetPer;
  step: string;
};

/** What "On chosen weekdays" starts from: Monday to Friday. */
export const WORKDAYS: Weekday[] = [1, 2, 3, 4, 5];

/** The add form's fields before any change: a yes/no habit due every day, as the form without them adds. */
export const DEFAULT_DRAFT: RuleDraft = {
  kind: "yesNo",
  how: "daily",
  weekdays: WORKDAYS,
  times: "3",
  unit: "",
  target: "",
  atMost: false,
  per: "day",
  step: String(DEFAULT_STEP),
};

export type DraftField = "target" | "step" | "times";
export type DraftErrors = Partial<Record<DraftField, string>>;

/** A typed number ("8", "0,5" too); null when blank or not a number at all. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

const sampleFrequency: Record<HowOften, Frequency> = {
  daily: null,
  weekdays: { weekdays: [1] },
  week: { times: 1, per: "week" },
  month: { times: 1, per: "month" },
};

function sampleTarget(draft: RuleDraft): Target | null {
  if (draft.kind === "yesNo") return null;
  if (draft.kind === "quit") return QUIT_TARGET;
  return { atMost: draft.atMost, amount: 1, per: draft.per, unit: "" };
}

/** Whether a choice of "How often" fits the kind and target (core's ruleProblem decides). */
export function howFits(draft: RuleDraft, how: HowOften): boolean {
  return (
    ruleProblem(draft.kind, {
      from: "2000-01-01",
      frequency: sampleFrequency[how],
      target: sampleTarget(draft),
    }) === null
  );
}

/** "How often" applies: to yes/no and quit habits, and to a measurable target per day. */
export const showsHowOften = (draft: RuleDraft) => howFits(draft, "weekdays");

/** The draft with a change; a choice of "How often" that no longer fits falls back to every day. */
export function withChange(draft: RuleDraft, change: Partial<RuleDraft>): RuleDraft {
  const next = { ...draft, ...change };
  return howFits(next, next.how) ? next : { ...next, how: "daily" };
}

/** What is wrong with the draft's typed values, field by field; only fields that apply are checked. */
export function draftErrors(draft: RuleDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.kind === "measurable") {
    if (!isAmount(parseNumber(draft.target))) errors.target = k.badTarget;
    if (!isStep(parseNumber(draft.step))) errors.step = k.badStep;
  }
  if (draft.how === "week" || draft.how === "month") {
    const times = parseNumber(draft.times);
    const max = MAX_TIMES[draft.how];
    if (times === null || !Number.isInteger(times) || times < 1 || times > max)
      errors.times = k.badTimes(max);
  }
  return errors;
}

export type DraftRule = { frequency: Frequency; target: Target | null; step: number };

/** The rule and step the draft says, or its errors. */
export function draftRule(draft: RuleDraft): { rule: DraftRule } | { errors: DraftErrors } {
  const errors = draftErrors(draft);
  if (Object.keys(errors).length > 0) return { errors };
  const frequency: Frequency =
    draft.how === "daily"
      ? null
      : draft.how === "weekdays"
        ? normalizeSchedule({ weekdays: draft.weekdays })
        : { times: Number(parseNumber(draft.times)), per: draft.how };
  const target: Target | null =
    draft.kind === "yesNo"
      ? null
      : draft.kind === "quit"
        ? QUIT_TARGET
        : {
            atMost: draft.atMost,
            amount: Number(parseNumber(draft.target)),
            per: draft.per,
            unit: draft.unit.trim(),
          };
  const step = draft.kind === "measurable" ? Number(parseNumber(draft.step)) : DEFAULT_STEP;
  return { rule: { frequency, target, step } };
}

/** The part of useHabits' add() extras that the draft gives (lib/ sits above ui/: the shape, not its type). */
export type DraftExtras = { kind: HabitKind; rules: HabitRule[]; step?: number };

/**
 * What the add form gives useHabits' add(): nothing for a yes/no habit due every day (the add without options),
 * else the kind, its first rule from today and the step; or the draft's errors.
 */
export function draftExtras(
  draft: RuleDraft,
  today: LocalDate,
): { extras: DraftExtras | undefined } | { errors: DraftErrors } {
  const made = draftRule(draft);
  if ("errors" in made) return made;
  const { frequency, target, step } = made.rule;
  if (draft.kind === "yesNo" && frequency === null) return { extras: undefined };
  const rules: HabitRule[] = [{ from: today, frequency, target }];
  return { extras: { kind: draft.kind, rules, ...(step === DEFAULT_STEP ? {} : { step }) } };
}

/** A draft showing a habit's rule in force and its step (the habit page's editor). */
export function draftOf(kind: HabitKind, rule: HabitRule | undefined, step: number): RuleDraft {
  const frequency = rule?.frequency ?? null;
  const target = rule?.target ?? null;
  return {
    ...DEFAULT_DRAFT,
    kind,
    how: frequency === null ? "daily" : "weekdays" in frequency ? "weekdays" : frequency.per,
    weekdays: frequency !== null && "weekdays" in frequency ? frequency.weekdays : WORKDAYS,
    times: frequency !== null && "times" in frequency ? String(frequency.times) : DEFAULT_DRAFT.times,
    unit: target?.unit ?? "",
    target: target ? String(target.amount) : "",
    atMost: target?.atMost ?? false,
    per: target?.per ?? "day",
    step: String(step),
  };
}

const perWord: Record<TargetPer, string> = { day: "day", week: "week", month: "month" };

/** A rule in words: "on Monday and Friday, at least 8 glasses a day". */
export function ruleWords(rule: Pick<HabitRule, "frequency" | "target">): string {
  const { frequency, target } = rule;
  const often =
    frequency === null
      ? k.ruleEveryDay
      : "weekdays" in frequency
        ? k.ruleWeekdays(listOf(frequency.weekdays.map(weekdayName)))
        : k.ruleTimes(frequency.times, perWord[frequency.per]);
  if (target === null) return often;
  const amount = k.ruleTarget(target.atMost, formatNumber(target.amount), target.unit, perWord[target.per]);
  return target.per === "day" ? `${often}, ${amount}` : amount;
}

function listOf(words: string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
