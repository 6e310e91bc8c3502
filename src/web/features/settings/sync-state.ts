import type { HabitsSource } from "../habits/habits-cache";
import type { HabitsStatus } from "../habits/use-habits";
import type { SyncState } from "./settings-copy";

export type SyncInputs = { status: HabitsStatus; source: HabitsSource | null; busy: boolean };

/** The truthful sync line: pending while loading or saving, local after a server failure. */
export function syncState({ status, source, busy }: SyncInputs): SyncState {
  if (status === "loading") return "pending";
  if (status === "error") return "error";
  if (source === "local") return "local";
  return busy ? "pending" : "synced";
}
