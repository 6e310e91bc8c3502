import { isBackupFileName } from "../../../core/backup";
import type { BackupGroupItem } from "../../../core/backup-groups-schema";
import type { BackupHabit } from "../../../core/backup-schema";
import { MAX_BACKUP_CHARS } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { loadBackupParser } from "../../lib/habits/habit-validation";
import { backupCopy } from "./backup-copy";

export type BackupFileCheck =
  | { ok: true; habits: BackupHabit[]; groups?: BackupGroupItem[] }
  | { ok: false; alert: string; reason: string };

const invalid = (reason: string): BackupFileCheck => ({
  ok: false,
  alert: messages.validation.importInvalidFormat,
  reason,
});

/** Import: a .json file that parses to a non-empty array of valid habits, else the product's exact alert. */
export async function readBackupFile(file: Pick<File, "name" | "size" | "text">): Promise<BackupFileCheck> {
  if (!isBackupFileName(file.name)) return invalid(backupCopy.notJson);
  // Checked before reading, so a huge file is never loaded into memory.
  if (file.size > MAX_BACKUP_CHARS) return invalid(backupCopy.tooLarge(MAX_BACKUP_CHARS / 1024 / 1024));
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, alert: messages.validation.importParseError, reason: backupCopy.unreadable };
  }
  const parseBackup = await loadBackupParser();
  const result = parseBackup(text);
  if (!result.ok) {
    const alert =
      result.kind === "parse"
        ? messages.validation.importParseError
        : messages.validation.importInvalidFormat;
    return { ok: false, alert, reason: result.reason };
  }
  // Replacing every habit with nothing would only lose data.
  if (result.habits.length === 0) return invalid(backupCopy.empty);
  return result;
}
