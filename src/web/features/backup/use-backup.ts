import { useRef, useState } from "react";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import type { HabitGroup } from "../../../core/sync";
import { messages } from "../../../core/messages";
import type { UseHabits } from "../../lib/habits/use-habits";
import type { ConfirmQuestion } from "../../ui/confirm-dialog";
import { backupCopy } from "./backup-copy";
import type { BackupStatus } from "./backup-card";
import { downloadBackup, downloadCsv } from "./download-backup";
import { type BackupFileCheck, readBackupFile } from "./read-backup-file";

export type UseBackupOptions = {
  habits: readonly Habit[];
  /** The user's groups, written to the backup and the CSV export by name (none: as before groups). */
  groups?: readonly HabitGroup[];
  /** How many habits an import would replace: all of them, archived too; null when not known (nothing loaded). */
  currentCount: number | null;
  /** Asks the user; resolves true to go on. */
  confirm: (question: ConfirmQuestion) => Promise<boolean>;
  today: LocalDate;
  importAll: UseHabits["importAll"];
  /** After a saved export, with the file name (app/ wires it to a test notification). */
  onExported: (fileName: string) => void;
  /** After a successful import, with the number of habits (as onExported). */
  onImported: (count: number) => void;
  /** The product shows an alert here; injectable for tests. */
  alert?: (message: string) => void;
};

/** What the import is doing: reading the file, waiting for the user's answer, or replacing the habits. */
export type ImportPhase = "checking" | "confirming" | "importing" | null;

const t = messages.importConfirm;

export function useBackup({
  habits,
  groups = [],
  currentCount,
  confirm,
  today,
  importAll,
  onExported,
  onImported,
  alert = (m) => window.alert(m),
}: UseBackupOptions) {
  const [status, setStatus] = useState<BackupStatus>(null);
  const [phase, setPhase] = useState<ImportPhase>(null);
  // The count when the file has been checked, not when it was chosen: a sync may have come in meanwhile.
  const count = useRef(currentCount);
  count.current = currentCount;

  const exportBackup = () => {
    const fileName = downloadBackup(habits, today, groups);
    setStatus({ kind: "success", text: backupCopy.exported(fileName) });
    onExported(fileName);
  };

  const exportCsv = () => {
    const fileName = downloadCsv(habits, today, groups);
    setStatus({ kind: "success", text: backupCopy.exported(fileName) });
  };

  const importFile = async (file: File) => {
    if (phase) return;
    setPhase("checking");
    setStatus(null);
    try {
      let check: BackupFileCheck;
      try {
        check = await readBackupFile(file);
      } catch {
        // The checker is loaded on first use (docs/decisions/0060) and could not be fetched.
        setStatus({ kind: "error", text: backupCopy.rejectedDetail(backupCopy.checkerUnavailable) });
        return;
      }
      if (!check.ok) {
        alert(check.alert);
        setStatus({ kind: "error", text: backupCopy.rejectedDetail(check.reason) });
        return;
      }
      // Checked first, so that the question can say how many habits come in; nothing to replace, nothing to ask.
      if (count.current !== 0) {
        setPhase("confirming");
        const replace = await confirm({
          title: t.question(count.current, check.habits.length),
          body: t.body,
          confirm: t.replace,
          cancel: t.cancel,
          tone: "danger",
        });
        if (!replace) {
          setStatus({ kind: "info", text: backupCopy.rejectedDetail(t.cancelled) });
          return;
        }
      }
      setPhase("importing");
      const result = await importAll(check.habits, check.groups);
      if (!result.ok) {
        // importAll has shown its failure banner; say what that means for the user's data.
        setStatus({
          kind: "error",
          text: result.source === "local" ? backupCopy.failedDetail : backupCopy.refusedDetail,
        });
        return;
      }
      setStatus({ kind: "success", text: backupCopy.imported(check.habits.length) });
      onImported(check.habits.length);
    } finally {
      setPhase(null);
    }
  };

  return { status, phase, exportBackup, exportCsv, importFile };
}
