// Browser storage that never throws: private modes and full quotas make localStorage fail, and the app must go on.
import { STORAGE_KEYS } from "../../core/constants";

/** Web-only keys beside the product's own (core/constants.ts: STORAGE_KEYS). */
export const WEB_STORAGE_KEYS = {
  notificationPromptDismissed: "habitStreaksNotificationPromptDismissed",
  /** The last signed-in user, so that the app opens on the local store when the server cannot be reached. */
  lastUser: "habitStreaksLastUser",
  /** That user's day start, so that a reload shows the right today before the local store opens. */
  dayStart: "habitStreaksDayStart",
  /** That user's Today as last drawn (lib/habits/use-habits.ts: SavedToday), drawn before the local store opens. */
  todaySnapshot: "habitStreaksTodaySnapshot",
  /** The groups folded or unfolded by hand on Today, on this device (features/today/group-sections.tsx). */
  foldedGroups: "habitStreaksFoldedGroups",
  /** The language chosen on this device (lib/locale.ts); a signed-in user's account keeps it too. */
  language: "habitStreaksLanguage",
} as const;

export type StorageKey =
  (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | (typeof WEB_STORAGE_KEYS)[keyof typeof WEB_STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** True when the value was stored. */
export function writeStorage(key: StorageKey, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** habitStreaksFirstVisit becomes "false" once the first-visit flow is done. */
export function isFirstVisitDone(): boolean {
  return readStorage(STORAGE_KEYS.firstVisit) === "false";
}

export function markFirstVisitDone(): void {
  writeStorage(STORAGE_KEYS.firstVisit, "false");
}
