// The local habit list (SPEC §3 browser storage key `habits`), kept in the backup shape of SPEC §3 so that it
// can be migrated to the server as it is. Used when the server cannot be reached.
import { type BackupHabit, buildBackup, parseBackup } from "../../../core/backup";
import { STORAGE_KEYS } from "../../../core/constants";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { readStorage, removeStorage, writeStorage } from "../../lib/storage";
import { newId } from "./new-id";

export class LocalHabitsError extends Error {
  override name = "LocalHabitsError";
}

/** The stored list as backup rows; [] when nothing is stored; throws LocalHabitsError when unreadable. */
export function readLocalBackup(): BackupHabit[] {
  const text = readStorage(STORAGE_KEYS.habits);
  if (text === null) return [];
  const parsed = parseBackup(text);
  if (!parsed.ok) throw new LocalHabitsError(`The local habit list is unreadable: ${parsed.reason}`);
  return parsed.habits;
}

/**
 * The stored items as they are, for migration: the server checks each one and counts the bad ones as failed
 * (SPEC §4 'Migrated N habits (M failed)'). [] when nothing is stored; throws when it is not a JSON array.
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

export function toStoredHabit(row: BackupHabit, nowIso: string): StoredHabit {
  return {
    id: row.id ?? newId(),
    name: row.name,
    completedDates: row.completedDates,
    createdAt: row.createdAt ?? nowIso,
    updatedAt: row.updatedAt ?? nowIso,
  };
}

export function readLocalHabits(): StoredHabit[] {
  const nowIso = new Date().toISOString();
  const rows = readLocalBackup();
  const habits = rows.map((row) => toStoredHabit(row, nowIso));
  // Rows written by hand or by an older app may lack ids: keep the ones we give them, so that they stay stable.
  if (rows.some((row) => row.id === undefined)) {
    writeStorage(STORAGE_KEYS.habits, JSON.stringify(rows.map((row, i) => ({ ...row, id: habits[i]?.id }))));
  }
  return habits;
}

/** Throws LocalHabitsError when the browser refuses to store the list. */
export function writeLocalHabits(habits: readonly StoredHabit[], today: LocalDate): void {
  const text = buildBackup(habits.map((habit) => deriveHabit(habit, today)));
  if (!writeStorage(STORAGE_KEYS.habits, text))
    throw new LocalHabitsError("The browser refused to store the habit list");
}

export function removeLocalHabits(): void {
  removeStorage(STORAGE_KEYS.habits);
}

export function newLocalHabit(name: string, now: Date = new Date()): StoredHabit {
  const iso = now.toISOString();
  return { id: newId(), name, completedDates: [], createdAt: iso, updatedAt: iso };
}
