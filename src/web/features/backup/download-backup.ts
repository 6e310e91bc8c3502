import { backupFileName, buildBackup } from "../../../core/backup";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";

/** Saves the SPEC §3 backup file through the browser's download; returns the file name. */
export function downloadBackup(habits: readonly Habit[], today: LocalDate): string {
  const fileName = backupFileName(today);
  const url = URL.createObjectURL(new Blob([buildBackup(habits)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}
