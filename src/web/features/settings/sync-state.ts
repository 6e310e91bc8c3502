import type { HabitsSource, HabitsStatus } from "../../lib/habits/use-habits";
import type { SyncState } from "./settings-copy";

export type SyncInputs = {
  status: HabitsStatus;
  source: HabitsSource | null;
  /** Writes waiting in the outbox (the store snapshot's `pending`). */
  pendingWrites: number;
  /** Since when the server could not be reached at all, if it cannot now. */
  offlineSince?: string;
};

/**
 * The truthful sync line: syncing while the first sync runs; offline since a time when the server
 * cannot be reached; last synced at a time when it answered with errors; N changes waiting; else in sync.
 */
export function syncState({ status, source, pendingWrites, offlineSince }: SyncInputs): SyncState {
  if (status === "loading") return "pending";
  if (status === "error") return "error";
  if (source === "local") return offlineSince !== undefined ? "offline" : "local";
  if (pendingWrites > 0) return "waiting";
  return source === null ? "pending" : "synced";
}
