import type { HabitsSource } from "../../lib/habits/habits-cache";
import type { HabitsStatus } from "../../lib/habits/use-habits";
import type { SyncState } from "./settings-copy";

export type SyncInputs = {
  status: HabitsStatus;
  source: HabitsSource | null;
  /** The list is being fetched again (a retry, a new day). */
  fetching: boolean;
  /** Writes still waiting for their answer (usePendingWrites). */
  pendingWrites: number;
};

/**
 * The truthful sync line: pending while loading or while a request is on its way (also on local data, where a
 * retry or an import asks the server), local after a server failure, error when no list could be read.
 */
export function syncState({ status, source, fetching, pendingWrites }: SyncInputs): SyncState {
  if (status === "loading") return "pending";
  if (fetching || pendingWrites > 0) return "pending";
  if (status === "error") return "error";
  return source === "local" ? "local" : "synced";
}
