// The local habit list (SPEC §3 browser storage key `habits`), kept in the backup shape of SPEC §3 so that it
// can be migrated to the server as it is. Used when the server cannot be reached.
import { buildBackup } from "../../../core/backup";
import type { BackupHabit, parseBackup } from "../../../core/backup-schema";
import { STORAGE_KEYS } from "../../../core/constants";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { readStorage, removeStorage, writeStorage } from "../storage";
import { loadBackupParser } from "./habit-validation";
import { newId } from "./new-id";

export class LocalHabitsError extends Error {
  override name = "LocalHabitsError";
}

type BackupParser = typeof parseBackup;

/** The stored list as backup rows; [] when nothing is stored; throws LocalHabitsError when unreadable. */
function readLocalBackup(parseBackup: BackupParser): BackupHabit[] {
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

/** The stored list; [] when nothing is stored; rejects with LocalHabitsError when unreadable. */
export function readLocalHabits(): Promise<StoredHabit[]> {
  return withLocalHabits((habits) => habits);
}

/**
 * Reads the stored list and hands it to `use` in one synchronous step once the parser is loaded, so that a
 * read-change-write in `use` cannot interleave with another one (two quick taps would lose the first).
 */
export async function withLocalHabits<T>(use: (habits: StoredHabit[]) => T): Promise<T> {
  const parseBackup = await loadBackupParser();
  return use(readStoredHabits(parseBackup));
}

function readStoredHabits(parseBackup: BackupParser): StoredHabit[] {
  const nowIso = new Date().toISOString();
  const rows = readLocalBackup(parseBackup);
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
