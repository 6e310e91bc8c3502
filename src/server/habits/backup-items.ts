// Import and migration bodies: the array is checked at once (contract-schema.ts), its items one by one in slices,
// since a file may hold 100,000 days (docs/decisions/0058).
import { backupHabitSchema, type BackupHabit } from "../../core/backup-schema";
import { addDays, todayInZone, type LocalDate } from "../../core/local-date";
import { badRequest } from "../http/errors";
import { issuesText } from "../http/validation";
import { slicer } from "./slices";

/** The rule of marking a day (docs/decisions/0003-client-day.md): no day after the server's UTC date plus one. */
export const latestDay = (now: Date): LocalDate => addDays(todayInZone(now, "UTC"), 1);

/** Import: every item must be a valid backup habit, else 400 naming the first bad item's faults. */
export async function parseBackupItems(items: readonly unknown[], latest: LocalDate): Promise<BackupHabit[]> {
  const schema = backupHabitSchema(latest);
  const pause = slicer();
  const habits: BackupHabit[] = [];
  for (const [index, item] of items.entries()) {
    await pause();
    const result = schema.safeParse(item);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] }));
      throw badRequest("VALIDATION_FAILED", issuesText(issues));
    }
    habits.push(result.data);
  }
  return habits;
}

/** Migration: the valid items, and how many were not (a future day counts as invalid too). */
export async function partitionLocalHabits(
  items: readonly unknown[],
  latest: LocalDate,
): Promise<{ valid: BackupHabit[]; failed: number }> {
  const schema = backupHabitSchema(latest);
  const pause = slicer();
  const valid: BackupHabit[] = [];
  for (const item of items) {
    await pause();
    const result = schema.safeParse(item);
    if (result.success) valid.push(result.data);
  }
  return { valid, failed: items.length - valid.length };
}
