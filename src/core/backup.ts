// The backup file (docs/product.md, "Backup, import and export"): `{ "version": 2, "habits": [...] }`, or a bare array
// of habits from an earlier release (docs/decisions/0061). Writing and naming it; its schema and parser are in
// backup-schema.ts, so that writing a backup does not load zod (docs/decisions/0060).
import { MAX_BACKUP_HABITS } from "./constants";
import type { Habit } from "./habit";
import type { LocalDate } from "./local-date";
import { normalizeSchedule } from "./schedule";
import type { HabitGroup } from "./sync";

/** The file's version: 2 holds kinds, rules, numbers and notes; an earlier file is a bare array. */
export const BACKUP_VERSION = 2;

// The file's two faults as a whole, here rather than in backup-schema.ts: the API contract (contract-schema.ts)
// names them for the import's body, and importing backup-schema.ts for two strings built its schemas too, a
// sixth of the zod set-up the web app pays before its first sync (Lighthouse's TBT).
export const BACKUP_NOT_AN_ARRAY = "a backup must be a JSON array of habits";
export const BACKUP_TOO_MANY = `a backup holds at most ${MAX_BACKUP_HABITS} habits`;

export function isBackupFileName(name: string): boolean {
  return /\.json$/i.test(name);
}

/** A group as a backup holds it: by name, as a habit names its group (ids are the account's own). */
export type BackupGroup = { name: string; folded: boolean };

/**
 * Pretty JSON with the original habit fields, then the history ones (skipped days, schedule, archive flag,
 * position and emoji), then the kind's (kind, rules, step, numbers and notes), then its group's name, always written
 * so that a file says everything it restores (docs/decisions/0029, 0061, 0070). A habit without rules gets the one it
 * is judged by: its schedule from its first day. The groups follow the habits, in their order.
 */
export function buildBackup(habits: readonly Habit[], groups: readonly HabitGroup[] = []): string {
  const nameOf = new Map(groups.map((group) => [group.id, group.name]));
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
    kind: habit.kind ?? "yesNo",
    rules: habit.rules ?? [
      { from: habit.createdAt.slice(0, 10), frequency: normalizeSchedule(habit.schedule), target: null },
    ],
    step: habit.step ?? 1,
    values: habit.values ?? [],
    notes: habit.notes ?? [],
    group: (habit.groupId && nameOf.get(habit.groupId)) ?? null,
  }));
  const list: BackupGroup[] = groups.map(({ name, folded }) => ({ name, folded }));
  return JSON.stringify({ version: BACKUP_VERSION, habits: rows, groups: list }, null, 2);
}

export function backupFileName(today: LocalDate): string {
  return `habit-streaks-backup-${today}.json`;
}
