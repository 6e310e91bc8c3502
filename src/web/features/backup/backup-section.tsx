import { useHabits } from "../../lib/habits/use-habits";
import { useToday } from "../../lib/use-today";
import { ConfirmDialog, useConfirm } from "../../ui/confirm-dialog";
import { BackupCard } from "./backup-card";
import { type UseBackupOptions, useBackup } from "./use-backup";

export type BackupSectionProps = Pick<UseBackupOptions, "onExported" | "onImported">;

/** The Backup card of Settings with its data: the habit list to export, and the import into it. */
export function BackupSection({ onExported, onImported }: BackupSectionProps) {
  const today = useToday();
  const { habits, groups, status, importAll } = useHabits();
  const { ask, pending } = useConfirm();
  const habitCount = status === "ready" ? habits.length : null;
  const backup = useBackup({
    habits,
    groups,
    currentCount: habitCount,
    confirm: ask,
    today,
    importAll,
    onExported,
    onImported,
  });
  return (
    <>
      <BackupCard
        habitCount={habitCount}
        canImport={status !== "loading"}
        importing={backup.phase === "checking" || backup.phase === "importing"}
        busy={backup.phase !== null}
        status={backup.status}
        onExport={backup.exportBackup}
        onExportCsv={backup.exportCsv}
        onImport={(file) => void backup.importFile(file)}
      />
      <ConfirmDialog pending={pending} testId="import-confirm" />
    </>
  );
}
