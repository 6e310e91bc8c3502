// The backup file (docs/product.md, "Backup, import and export"): a JSON array of habits. Writing and naming it; its
// schema and parser are in backup-schema.ts, so that writing a backup does not load zod (docs/decisions/0060).
import { MAX_BACKUP_HABITS } from "./constants";
import type { Habit } from "./habit";
import type { LocalDate } from "./local-date";

// The file's two faults as a whole, here rather than in backup-schema.ts: the API contract (contract-schema.ts)
// names them for the import's body, and importing backup-schema.ts for two strings built its schemas too, a
// sixth of the zod set-up the web app pays before its first sync (Lighthouse's TBT).
export const BACKUP_NOT_AN_ARRAY = "a backup must be a JSON array of habits";
export const BACKUP_TOO_MANY = `a backup holds at most ${MAX_BACKUP_HABITS} habits`;

export function isBackupFileName(name: string): boolean {
  return /\.json$/i.test(name);
}

/**
 * Pretty JSON with the original habit fields, then the history ones (skipped days, schedule, archive flag,
 * position and emoji), always written so that a file says everything it restores (docs/decisions/0029).
 */
export function buildBackup(habits: readonly Habit[]): string {
  const rows = habits.map((habit, index) => ({
    id: habit.id,
    name: habit.name,
    streakCount: habit.streakCount,
    lastCompletedDate: habit.lastCompletedDate,
    completedDates: habit.completedDates,
    createdAt: habit.createdAt,
    updatedAt: habit.updatedAt,
    skippedDates: habit.skippedDates ?? [],
    schedule: habit.schedule ?? null,
    archived: habit.archived ?? false,
    position: habit.position ?? index,
    emoji: habit.emoji ?? null,
  }));
  return JSON.stringify(rows, null, 2);
}

export function backupFileName(today: LocalDate): string {
  return `habit-streaks-backup-${today}.json`;
}
