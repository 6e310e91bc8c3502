import { backupFileName, buildBackup } from "../../../core/backup";
import { buildCsvExport, csvExportFileName } from "../../../core/csv-export";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { downloadFile } from "../../lib/download-file";

/** Saves the backup file, from the local store (works offline); returns the file name. */
export const downloadBackup = (habits: readonly Habit[], today: LocalDate): string =>
  downloadFile(buildBackup(habits), backupFileName(today), "application/json");

/** Saves the history as CSV, one row per habit and day (core/csv-export.ts); returns the file name. */
export const downloadCsv = (habits: readonly Habit[], today: LocalDate): string =>
  downloadFile(buildCsvExport(habits), csvExportFileName(today), "text/csv;charset=utf-8");
