import { useIsMutating } from "@tanstack/react-query";
import { useCurrentUser } from "../current-user";
import { habitsKey } from "./habits-cache";

/**
 * How many habit writes (add, toggle, rename, delete, import) are still waiting for their answer. They live in
 * react-query's mutation cache, so a write started on Today still counts after the user moves to Settings.
 */
export function usePendingWrites(): number {
  const { id: userId } = useCurrentUser();
  return useIsMutating({ mutationKey: habitsKey(userId) });
}
