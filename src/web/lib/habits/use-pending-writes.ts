import { useHabitStore } from "./use-habits";

/** How many local writes wait in the outbox for the server (issue 9): shared by every tab of this browser. */
export function usePendingWrites(): number {
  return useHabitStore().snapshot.pending;
}
