// The zod schemas the server shares, loaded on first use so that zod stays out of the initial bundle
// (docs/decisions/0060). preloadHabitValidation() fetches them once the app runs: a module already loaded
// resolves from memory, so adding a habit waits for nothing and the local fallback still parses the browser's
// list when the server stops answering later.
import type { parseBackup } from "../../../core/backup-schema";

const habitSchema = () => import("../../../core/habit-schema");
const backupSchema = () => import("../../../core/backup-schema");

export function preloadHabitValidation(): void {
  // A failed preload is retried on first use, where its failure is reported.
  backupSchema().catch(() => undefined);
}

/** The trimmed name, or null when the schema refuses it (a blank name is ignored). */
export async function parseHabitName(name: string): Promise<string | null> {
  const { HabitNameSchema } = await habitSchema();
  const parsed = HabitNameSchema.safeParse(name);
  return parsed.success ? parsed.data : null;
}

/** parseBackup of src/core/backup-schema.ts, loaded on first use. */
export async function loadBackupParser(): Promise<typeof parseBackup> {
  return (await backupSchema()).parseBackup;
}
