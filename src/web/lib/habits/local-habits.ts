// The local habit list (browser storage key `habits`) that a signed-out browser kept, in the backup
// shape: the first-visit migration sends it to the server as it is and removes it once copied.
// Since the local store moved to IndexedDB nothing writes it any more.
import { STORAGE_KEYS } from "../../../core/constants";
import { readStorage, removeStorage } from "../storage";

export class LocalHabitsError extends Error {
  override name = "LocalHabitsError";
}

/**
 * The stored items as they are, for migration: the server checks each one and counts the bad ones as failed
 * ('Migrated N habits (M failed)'). [] when nothing is stored; throws when it is not a JSON array.
 */
export function readLocalItems(): unknown[] {
  const text = readStorage(STORAGE_KEYS.habits);
  if (text === null) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new LocalHabitsError("The local habit list is not JSON");
  }
  if (!Array.isArray(data)) throw new LocalHabitsError("The local habit list is not an array");
  return data;
}

export function removeLocalHabits(): void {
  removeStorage(STORAGE_KEYS.habits);
}
