// The habits as the screens show them (useHabits' `habits`), derived from the store's rows. Loaded with the store
// engine (sync/sync-engine.ts), not with the first paint: before the store opens there is nothing to derive.
import { deriveFromDays, deriveHabit } from "../../../core/habit";
import type { WeekStart } from "../../../core/habit-kind";
import { firstNotBefore, type LocalDate, toDayNumber } from "../../../core/local-date";
import { isDue, scheduleMask } from "../../../core/schedule";
import { isOnVacation, type Vacation, vacationDayRanges } from "../../../core/vacation";
import type { ReplicaHabit } from "../sync/replica-state";
import type { KindView } from "./kind-view";
import type { Habit } from "../../../core/habit";
import type { HabitKind, HabitRule } from "../../../core/habit-kind";
import type { Schedule } from "../../../core/schedule";
import type { KindToday } from "./kind-view";

/** A habit as the screens show it: src/core's figures, the history fields, and how it stands today. */
export type HabitView = Habit & {
  skippedDates: LocalDate[];
  schedule: Schedule | null;
  archived: boolean;
  position: number;
  kind: HabitKind;
  rules: HabitRule[];
  step: number;
  /** Its group (one of the user's groups), or null. */
  groupId: string | null;
  /** A habit that counts by kind (core/kind-habit.ts): today and its figures (kind-view.ts). */
  kindToday?: KindToday;
  /** Its schedule has today (a habit not due today is folded away on Today). */
  dueToday: boolean;
  /** The user skipped today. */
  skippedToday: boolean;
  /** Today is in one of the user's vacations. */
  onVacationToday: boolean;
};

export type KindFigureFn = (
  habit: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
) => KindView | null;

/** What the views are derived for: the user's today, vacations and week start, and the kinds' figures. */
export type ViewContext = {
  today: LocalDate;
  vacations: readonly Vacation[];
  weekStart: WeekStart;
  kindView: KindFigureFn | null;
};

const sameContext = (a: ViewContext, b: ViewContext) =>
  a.today === b.today &&
  a.vacations === b.vacations &&
  a.weekStart === b.weekStart &&
  a.kindView === b.kindView;

// Derived once per change of the store, day, vacations and week start, however many screens and hooks read it.
const derived = new WeakMap<readonly ReplicaHabit[], { context: ViewContext; habits: HabitView[] }>();

/** One habit's view: from the day numbers the store holds, or from the strings when it holds none. */
export function deriveView(
  { dayNumbers, dayValues: _values, dayNotes: _notes, ...stored }: ReplicaHabit,
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
    kind: stored.kind,
    rules: stored.rules,
    step: stored.step,
    groupId: stored.groupId,
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

/** The view of a habit whose figures core/kind-figures.ts counts (kind-view.ts), derived at once for Today's row. */
function kindHabitView(
  stored: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
  kind: KindView,
) {
  const { dayNumbers: _, dayValues: _values, dayNotes: _notes, ...fields } = stored;
  return {
    ...fields,
    ...kind,
    dueToday: isDue(stored.schedule, today),
    skippedToday: stored.skippedDates.includes(today),
    onVacationToday: isOnVacation(vacations, today),
  };
}

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
  const { dayNumbers: _, dayValues: _values, dayNotes: _notes, ...fields } = stored; // the views carry the dates only
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
const viewOf = new WeakMap<ReplicaHabit, { context: ViewContext; view: HabitView }>();

/**
 * Every habit's view, made once per change of the store, day, vacations and week start; a yes/no habit's derived
 * when first read, the others' at once (kindView).
 */
export function deriveAll(stored: readonly ReplicaHabit[], context: ViewContext): HabitView[] {
  const cached = derived.get(stored);
  if (cached && sameContext(cached.context, context)) return cached.habits;
  const { today, vacations, weekStart } = context;
  const habits = stored.map((habit) => {
    const last = viewOf.get(habit);
    if (last && sameContext(last.context, context)) return last.view;
    const kind = context.kindView?.(habit, today, vacations, weekStart);
    const view = kind ? kindHabitView(habit, today, vacations, kind) : lazyView(habit, today, vacations);
    viewOf.set(habit, { context, view });
    return view;
  });
  derived.set(stored, { context, habits });
  return habits;
}

export type DeriveAll = typeof deriveAll;
