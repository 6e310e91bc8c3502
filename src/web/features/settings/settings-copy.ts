// Labels of the Settings screen that the product does not fix, in the catalogue (src/locales); its fixed texts too.
import { messages } from "../../../core/messages";
import type { PermissionState } from "../../lib/notifications";

export type SyncState = "synced" | "pending" | "waiting" | "offline" | "local" | "error";
/** What the sync line names beside its state: changes in the outbox, and the times of the last sync. */
export type SyncDetails = { pending: number; offlineSince?: string; lastSyncedAt?: string };

export const settingsCopy = messages.settingsPage satisfies {
  sync: { states: Record<SyncState, { label: string; body: (email: string) => string }> };
  notifications: { permission: Record<PermissionState, string> };
};
