// The react-query cache entry of the habit list and the pure updates that optimistic mutations apply to it.
import type { QueryClient } from "@tanstack/react-query";
import type { StoredHabit } from "../../../core/habit";

/** "server": signed in and reached; "local": the server could not be reached, so browser storage is used. */
export type HabitsSource = "server" | "local";
export type HabitsData = { source: HabitsSource; habits: StoredHabit[] };

export const habitsKey = (userId: string) => ["habits", userId] as const;

export type HabitWrite = "add" | "toggle" | "rename" | "remove" | "import";
/** Mutation keys of the writes; habitsKey(userId) as a mutation filter matches every write of that user. */
export const habitWriteKey = (userId: string, write: HabitWrite) => [...habitsKey(userId), write] as const;

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

// Several quick taps on one habit: only the answer to the last request may overwrite the optimistic state,
// whatever order the answers arrive in (a late answer to an earlier tap would bring back a stale state).
const latestWrite = new Map<string, number>();
let lastTicket = 0;

/** Starts a write to this habit; pass the ticket to endWrite. */
export function beginWrite(id: string): number {
  lastTicket += 1;
  latestWrite.set(id, lastTicket);
  return lastTicket;
}

/** True when this was the last write started on this habit, so its answer may be shown. */
export function endWrite(id: string, ticket: number): boolean {
  if (latestWrite.get(id) !== ticket) return false;
  latestWrite.delete(id);
  return true;
}
