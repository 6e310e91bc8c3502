// Which habits count by kind, and the figures of a habit (streakCount, bestStreak, completionRate, completedToday,
// lastCompletedDate) of any kind: the one rule the web store (lib/habits/kind-view.ts) and the server's answers
// (deriveAnyHabit) share, so that both show the same figures (docs/product.md, "Kinds of habit"). Apart from
// core/habit.ts: the web's first screen loads that one, and kind-figures.ts only after the first paint
// (docs/decisions/0060).
import { deriveHabit, type Habit, type StoredHabit } from "./habit";
import type { HabitKind, HabitRule, WeekStart } from "./habit-kind";
import { type KindFigures, kindDaysOf, kindFigures, MET } from "./kind-figures";
import { fromDayNumber, type LocalDate, toDayNumber } from "./local-date";
import type { Vacation } from "./vacation";

/**
 * Whether the habit's figures come from kind-figures.ts: a number to count, N times a period, or rules that changed
 * (each day is judged by the rule in force then). Only a yes/no habit under one rule, every day or on weekdays, keeps
 * core/habit.ts's figures: the same ones (kind-figures.test.ts holds this), counted from its one schedule.
 */
export function countsByKind(habit: { kind?: HabitKind; rules?: readonly HabitRule[] }): boolean {
  const rules = habit.rules ?? [];
  return (
    (habit.kind ?? "yesNo") !== "yesNo" ||
    rules.length > 1 ||
    rules.some((rule) => rule.frequency !== null && "times" in rule.frequency)
  );
}

export type KindHabitFigures = Pick<
  Habit,
  "streakCount" | "bestStreak" | "completionRate" | "completedToday" | "lastCompletedDate"
>;

/**
 * A habit's figures from its kind figures. Today is "completed" once the unit that holds it is met; the last
 * completed day is the last day done (yes/no), or the last day that met its target (a number enough, a day within
 * what to stay under, a quit habit's clean day).
 */
export function kindHabitFigures(
  habit: { kind: HabitKind; completedDates: readonly LocalDate[] },
  figures: KindFigures,
): KindHabitFigures {
  const last =
    habit.kind === "yesNo"
      ? habit.completedDates.at(-1)
      : figures.lastMet === null
        ? undefined
        : fromDayNumber(figures.lastMet);
  return {
    streakCount: figures.streak,
    bestStreak: figures.best,
    completionRate: figures.rate,
    completedToday: figures.status === MET,
    lastCompletedDate: last ?? null,
  };
}

/**
 * deriveHabit's habit, with the figures of kind-figures.ts for a habit that counts by kind, as the web store shows
 * them. The server's answers use it; `weekStart` is the user's setting (the server knows no locale: Monday
 * without one, as the reminders count).
 */
export function deriveAnyHabit(
  stored: StoredHabit,
  today: LocalDate,
  vacations: readonly Vacation[] | undefined,
  weekStart: WeekStart,
): Habit {
  const habit = deriveHabit(stored, today, vacations);
  const { rules } = stored;
  if (!rules || rules.length === 0 || !countsByKind(stored)) return habit;
  const kind = stored.kind ?? "yesNo";
  const numbers = kind !== "yesNo";
  const values = stored.values ?? [];
  const days = kindDaysOf({
    kind,
    rules,
    // deriveHabit's lists: distinct and ascending, the skipped days without the done ones.
    dates: numbers ? values.map(([date]) => date) : habit.completedDates,
    values: numbers ? values.map(([, value]) => value) : undefined,
    skippedDates: habit.skippedDates,
    vacations,
    weekStart,
  });
  const figures = kindFigures(days, toDayNumber(today));
  return Object.assign(habit, kindHabitFigures({ kind, completedDates: habit.completedDates }, figures));
}
