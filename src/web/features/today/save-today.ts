// Today's list as last drawn from the store, kept for the next start (lib/habits/use-habits.ts: SavedToday;
// docs/decisions/0066). Loaded with the list's rows, not with the first paint.
import { addDays, type LocalDate } from "../../../core/local-date";
import type { WeekStart } from "../../../core/habit-kind";
import type { HabitGroup } from "../../../core/sync";
import type { Vacation } from "../../../core/vacation";
import type { HabitView, SavedToday } from "../../lib/habits/use-habits";
import { removeStorage, WEB_STORAGE_KEYS, writeStorage } from "../../lib/storage";

/** Above this many characters the list is not kept: a start then waits for the store, as without one. */
export const SAVED_TODAY_MAX_CHARS = 200_000;

/** The part of a view that Today's rows draw: the 7-day strip's dates, no values nor notes. */
function rowOf(habit: HabitView, from: LocalDate): HabitView {
  const { values: _values, notes: _notes, ...view } = habit;
  return {
    ...view,
    completedDates: habit.completedDates.filter((date) => date >= from),
    skippedDates: habit.skippedDates.filter((date) => date >= from),
  };
}

/** The text stored for `habits` of `userId` on `today`; null when it is over SAVED_TODAY_MAX_CHARS. */
export function savedTodayText(
  userId: string,
  today: LocalDate,
  weekStart: WeekStart,
  vacations: readonly Vacation[],
  habits: readonly HabitView[],
  groups: readonly HabitGroup[] = [],
): string | null {
  const from = addDays(today, -6);
  const saved: SavedToday = {
    v: 1,
    userId,
    today,
    weekStart,
    vacations: [...vacations],
    habits: habits.map((habit) => rowOf(habit, from)),
    ...(groups.length > 0 && { groups: [...groups] }),
  };
  const text = JSON.stringify(saved);
  return text.length > SAVED_TODAY_MAX_CHARS ? null : text;
}

/** Keeps the list for the next start; a list too large, or storage that refuses it, leaves none. */
export function saveToday(...args: Parameters<typeof savedTodayText>): void {
  const text = savedTodayText(...args);
  if (text === null || !writeStorage(WEB_STORAGE_KEYS.todaySnapshot, text))
    removeStorage(WEB_STORAGE_KEYS.todaySnapshot);
}
