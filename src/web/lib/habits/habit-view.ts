// The habits as the screens show them (useHabits' `habits`): core's figures derived from the store's rows for the
// user's today and vacations. Loaded after the first paint, beside the store engine (docs/decisions/0060): the
// store has no habits to derive before it opens.
import { deriveFromDays, deriveHabit, type Habit } from "../../../core/habit";
import { firstNotBefore, type LocalDate, toDayNumber } from "../../../core/local-date";
import { isDue, type Schedule, scheduleMask } from "../../../core/schedule";
import { isOnVacation, type Vacation, vacationDayRanges } from "../../../core/vacation";
import type { ReplicaHabit } from "../sync/replica-state";

/** A habit as the screens show it: src/core's figures, the history fields, and how it stands today. */
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

/** One habit's view: from the day numbers the store holds, or from the strings when it holds none. */
export function deriveView(
  { dayNumbers, ...stored }: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
): HabitView {
  const habit = dayNumbers
    ? deriveFromDays(
        stored,
        {
          done: dayNumbers.done,
          skipped: dayNumbers.skipped,
          vacations: vacationDayRanges(vacations),
          mask: scheduleMask(stored.schedule),
        },
        toDayNumber(today),
      )
    : deriveHabit(stored, today, vacations);
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

/** The fields that need the habit's whole history: worked out on first read (lazyView). */
const HISTORY_FIELDS = [
  "completedDates",
  "skippedDates",
  "streakCount",
  "bestStreak",
  "lastCompletedDate",
  "completionRate",
] as const satisfies readonly (keyof HabitView)[];

/** Whether an ascending list of dates holds `date`. */
function holds(sorted: readonly LocalDate[], date: LocalDate): boolean {
  return sorted[firstNotBefore(sorted, date)] === date;
}

/**
 * deriveView's view, with the fields that read the whole history (HISTORY_FIELDS) derived on their first read, all
 * at once, and plain data fields from then on: every read gives what deriveView gives. How the habit stands today
 * is there at once (`stored.completedDates` is ascending and distinct, as the store sorts it: a binary search).
 * Today's heading reads only that of every habit, and its first render draws a few rows: deriving every habit's
 * whole history at once would lengthen that first render.
 */
function lazyView(stored: ReplicaHabit, today: LocalDate, vacations: readonly Vacation[]): HabitView {
  const completedToday = holds(stored.completedDates, today);
  const { dayNumbers: _, ...fields } = stored; // the views carry the dates only
  const view: HabitView = {
    ...fields,
    streakCount: 0,
    bestStreak: 0,
    lastCompletedDate: null,
    completedToday,
    completionRate: 0,
    dueToday: isDue(stored.schedule, today),
    skippedToday: !completedToday && stored.skippedDates.includes(today),
    onVacationToday: isOnVacation(vacations, today),
  };
  const settle = () => {
    const derived = deriveView(stored, today, vacations);
    for (const key of HISTORY_FIELDS)
      Object.defineProperty(view, key, {
        value: derived[key],
        writable: true,
        enumerable: true,
        configurable: true,
      });
  };
  for (const key of HISTORY_FIELDS)
    Object.defineProperty(view, key, {
      enumerable: true,
      configurable: true,
      get() {
        settle();
        return view[key];
      },
      set(value: unknown) {
        settle();
        Object.defineProperty(view, key, { value, writable: true, enumerable: true, configurable: true });
      },
    });
  return view;
}

// Each habit's view, kept while its row is the same object (the store makes a new row only for a habit that
// changed: replica-state.ts storedHabits), for the same day and vacations: a tick derives one habit, and the
// other views stay the same objects, so that their rows on Today are not drawn again.
const viewOf = new WeakMap<
  ReplicaHabit,
  { today: LocalDate; vacations: readonly Vacation[]; view: HabitView }
>();

/** Every habit's view, made once per change of the store, day and vacations; each derived when first read. */
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
    const view = lazyView(habit, today, vacations);
    viewOf.set(habit, { today, vacations, view });
    return view;
  });
  derived.set(stored, { today, vacations, habits });
  return habits;
}
