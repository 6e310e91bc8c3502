// The react-query cache entry of the habit list and the pure updates that optimistic mutations apply to it.
import type { QueryClient } from "@tanstack/react-query";
import type { StoredHabit } from "../../../core/habit";

/** "server": signed in and reached; "local": the server could not be reached, so browser storage is used. */
export type HabitsSource = "server" | "local";
export type HabitsData = { source: HabitsSource; habits: StoredHabit[] };

export const habitsKey = (userId: string) => ["habits", userId] as const;

export function updateHabits(
  client: QueryClient,
  userId: string,
  update: (habits: StoredHabit[]) => StoredHabit[],
): void {
  client.setQueryData<HabitsData>(
    habitsKey(userId),
    (data) => data && { ...data, habits: update(data.habits) },
  );
}

export function replaceHabit(habits: StoredHabit[], id: string, next: StoredHabit): StoredHabit[] {
  return habits.map((habit) => (habit.id === id ? next : habit));
}

export function patchHabit(
  habits: StoredHabit[],
  id: string,
  patch: (habit: StoredHabit) => StoredHabit,
): StoredHabit[] {
  return habits.map((habit) => (habit.id === id ? patch(habit) : habit));
}

/** Puts a habit back where it was (after a failed delete), unless it is already there. */
export function restoreHabit(habits: StoredHabit[], habit: StoredHabit, index: number): StoredHabit[] {
  if (habits.some((h) => h.id === habit.id)) return habits;
  const next = [...habits];
  next.splice(Math.min(index, next.length), 0, habit);
  return next;
}

// Several quick taps on one habit: only the answer to the last request may overwrite the optimistic state.
const inFlight = new Map<string, number>();

export function beginWrite(id: string): void {
  inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
}

/** True when no other write to this habit is still waiting for its answer. */
export function endWrite(id: string): boolean {
  const left = (inFlight.get(id) ?? 1) - 1;
  if (left <= 0) inFlight.delete(id);
  else inFlight.set(id, left);
  return left <= 0;
}
