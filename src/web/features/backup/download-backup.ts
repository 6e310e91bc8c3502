import { backupFileName, buildBackup } from "../../../core/backup";
import { buildCsvExport, csvExportFileName } from "../../../core/csv-export";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { downloadFile } from "../../lib/download-file";
import type { HabitGroup } from "../../../core/sync";

/** Saves the backup file, from the local store (works offline); returns the file name. */
export const downloadBackup = (
  habits: readonly Habit[],
  today: LocalDate,
  groups: readonly HabitGroup[],
): string => downloadFile(buildBackup(habits, groups), backupFileName(today), "application/json");

/** Saves the history as CSV, one row per habit and day (core/csv-export.ts); returns the file name. */
export const downloadCsv = (
  habits: readonly Habit[],
  today: LocalDate,
  groups: readonly HabitGroup[],
): string => downloadFile(buildCsvExport(habits, groups), csvExportFileName(today), "text/csv;charset=utf-8");
