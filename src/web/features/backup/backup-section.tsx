import { useHabits } from "../../lib/habits/use-habits";
import { useToday } from "../../lib/use-today";
import { BackupCard } from "./backup-card";
import { type UseBackupOptions, useBackup } from "./use-backup";

export type BackupSectionProps = Pick<UseBackupOptions, "onExported" | "onImported">;

/** The Backup card of Settings with its data: the habit list to export, and the import into it. */
export function BackupSection({ onExported, onImported }: BackupSectionProps) {
  const today = useToday();
  const { habits, status, importAll } = useHabits();
  const backup = useBackup({ habits, today, importAll, onExported, onImported });
  return (
    <BackupCard
      habitCount={status === "ready" ? habits.length : null}
      canImport={status !== "loading"}
      importing={backup.importing}
      status={backup.status}
      onExport={backup.exportBackup}
      onImport={(file) => void backup.importFile(file)}
    />
  );
}
