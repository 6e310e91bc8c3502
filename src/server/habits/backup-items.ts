import { z } from "zod";
import { BackupHabitSchema, type BackupHabit } from "../../core/backup-schema";
import { MAX_BACKUP_HABITS } from "../../core/constants";

/** Migration body: the browser's local list. Unlike an import, one bad habit fails alone (SPEC §4 "M failed"). */
export const LocalHabitsSchema = z
  .array(z.unknown(), { error: "the local habits must be a JSON array" })
  .max(MAX_BACKUP_HABITS, `at most ${MAX_BACKUP_HABITS} habits can be migrated`);

export function partitionLocalHabits(items: readonly unknown[]): { valid: BackupHabit[]; failed: number } {
  const valid: BackupHabit[] = [];
  for (const item of items) {
    const result = BackupHabitSchema.safeParse(item);
    if (result.success) valid.push(result.data);
  }
  return { valid, failed: items.length - valid.length };
}
