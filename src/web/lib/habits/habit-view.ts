// The habits as the screens show them (useHabits' `habits`): core's figures derived from the store's rows for the
// user's today and vacations. Loaded after the first paint, beside the store engine (docs/decisions/0030): the
// store has no habits to derive before it opens.
import { deriveHabit, type Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { isDue, type Schedule } from "../../../core/schedule";
import { isOnVacation, type Vacation } from "../../../core/vacation";
import type { ReplicaHabit } from "../sync/replica-state";

/** A habit as the screens show it: src/core's figures, the issue 10 fields, and how it stands today. */
export type HabitView = Habit & {
  skippedDates: LocalDate[];
  schedule: Schedule | null;
  archived: boolean;
  position: number;
  /** Its schedule has today (a habit not due today is folded away on Today). */
  dueToday: boolean;
  /** The user skipped today. */
  skippedToday: boolean;
  /** Today is in one of the user's vacations. */
  onVacationToday: boolean;
};

// Derived once per change of the store, day and vacations, however many screens and hooks read it.
const derived = new WeakMap<
  readonly ReplicaHabit[],
  { today: LocalDate; vacations: readonly Vacation[]; habits: HabitView[] }
>();

/** One habit's view. */
export function deriveView(
  stored: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
): HabitView {
  const habit = deriveHabit(stored, today, vacations);
  return {
    ...habit,
    skippedDates: habit.skippedDates ?? [],
    schedule: stored.schedule,
    archived: stored.archived,
    position: stored.position,
    dueToday: isDue(stored.schedule, today),
    skippedToday: !habit.completedToday && stored.skippedDates.includes(today),
    onVacationToday: isOnVacation(vacations, today),
  };
}

/** Every habit's view, derived once per change of the store, day and vacations. */
export function deriveAll(
  stored: readonly ReplicaHabit[],
  today: LocalDate,
  vacations: readonly Vacation[],
): HabitView[] {
  const cached = derived.get(stored);
  if (cached?.today === today && cached.vacations === vacations) return cached.habits;
  const habits = stored.map((habit) => deriveView(habit, today, vacations));
  derived.set(stored, { today, vacations, habits });
  return habits;
}
