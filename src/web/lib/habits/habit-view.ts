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

// Each habit's view, kept while its row is the same object (the store makes a new row only for a habit that
// changed: replica-state.ts storedHabits), for the same day and vacations: a tick derives one habit, and the
// other views stay the same objects, so that their rows on Today are not drawn again.
const viewOf = new WeakMap<
  ReplicaHabit,
  { today: LocalDate; vacations: readonly Vacation[]; view: HabitView }
>();

/** Every habit's view, derived once per change of the store, day and vacations. */
export function deriveAll(
  stored: readonly ReplicaHabit[],
  today: LocalDate,
  vacations: readonly Vacation[],
): HabitView[] {
  const cached = derived.get(stored);
  if (cached?.today === today && cached.vacations === vacations) return cached.habits;
  const habits = stored.map((habit) => {
    const last = viewOf.get(habit);
    if (last?.today === today && last.vacations === vacations) return last.view;
    const view = deriveView(habit, today, vacations);
    viewOf.set(habit, { today, vacations, view });
    return view;
  });
  derived.set(stored, { today, vacations, habits });
  return habits;
}
