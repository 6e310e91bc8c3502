import { useState } from "react";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import type { UseHabits } from "../../lib/habits/use-habits";
import { backupCopy } from "./backup-copy";
import type { BackupStatus } from "./backup-card";
import { downloadBackup } from "./download-backup";
import { type BackupFileCheck, readBackupFile } from "./read-backup-file";

export type UseBackupOptions = {
  habits: readonly Habit[];
  today: LocalDate;
  importAll: UseHabits["importAll"];
  /** After a saved export, with the file name (SPEC §9: app/ wires it to a notification). */
  onExported: (fileName: string) => void;
  /** After a successful import, with the number of habits (SPEC §9, as onExported). */
  onImported: (count: number) => void;
  /** SPEC §5 says 'alert'; injectable for tests. */
  alert?: (message: string) => void;
};

export function useBackup({
  habits,
  today,
  importAll,
  onExported,
  onImported,
  alert = (m) => window.alert(m),
}: UseBackupOptions) {
  const [status, setStatus] = useState<BackupStatus>(null);
  const [importing, setImporting] = useState(false);

  const exportBackup = () => {
    const fileName = downloadBackup(habits, today);
    setStatus({ kind: "success", text: backupCopy.exported(fileName) });
    onExported(fileName);
  };

  const importFile = async (file: File) => {
    setImporting(true);
    setStatus(null);
    try {
      let check: BackupFileCheck;
      try {
        check = await readBackupFile(file);
      } catch {
        // The checker is loaded on first use (docs/decisions/0007) and could not be fetched.
        setStatus({ kind: "error", text: backupCopy.rejectedDetail(backupCopy.checkerUnavailable) });
        return;
      }
      if (!check.ok) {
        alert(check.alert);
        setStatus({ kind: "error", text: backupCopy.rejectedDetail(check.reason) });
        return;
      }
      const result = await importAll(check.habits);
      if (!result.ok) {
        // importAll has shown the SPEC §8 banner; say what that means for the user's data.
        setStatus({
          kind: "error",
          text: result.source === "local" ? backupCopy.failedDetail : backupCopy.refusedDetail,
        });
        return;
      }
      setStatus({ kind: "success", text: backupCopy.imported(check.habits.length) });
      onImported(check.habits.length);
    } finally {
      setImporting(false);
    }
  };

  return { status, importing, exportBackup, importFile };
}
