import { backupFileName, buildBackup } from "../../../core/backup";
import { buildCsvExport, csvExportFileName } from "../../../core/csv-export";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import type { HabitGroup } from "../../../core/sync";

/** Saves `text` through the browser's download, from the local store: works offline. */
function download(text: string, fileName: string, type: string): string {
  const url = URL.createObjectURL(new Blob([text], { type }));
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

/** Saves the backup file; returns the file name. */
export const downloadBackup = (
  habits: readonly Habit[],
  today: LocalDate,
  groups: readonly HabitGroup[] = [],
): string => download(buildBackup(habits, groups), backupFileName(today), "application/json");

/** Saves the history as CSV, one row per habit and day (core/csv-export.ts); returns the file name. */
export const downloadCsv = (
  habits: readonly Habit[],
  today: LocalDate,
  groups: readonly HabitGroup[] = [],
): string => download(buildCsvExport(habits, groups), csvExportFileName(today), "text/csv;charset=utf-8");
