import { useId, useRef, type ChangeEvent } from "react";
import { Button } from "../../ui/button";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { backupCopy } from "./backup-copy";

export type BackupStatus = { kind: "success" | "error" | "info"; text: string } | null;

const statusColour = {
  success: "text-emerald-700 dark:text-emerald-300",
  error: "font-medium text-rose-700 dark:text-rose-300",
  info: "text-slate-600 dark:text-slate-300",
} as const;

export type BackupCardProps = {
  /** null while the list is not loaded. */
  habitCount: number | null;
  canImport: boolean;
  /** Reading the file or replacing the habits. */
  importing: boolean;
  /** An import is under way, its question included: the button stays focusable but does nothing. */
  busy: boolean;
  status: BackupStatus;
  onExport: () => void;
  onExportCsv: () => void;
  onImport: (file: File) => void;
};

/** Export and import of the backup file. */
export function BackupCard({
  habitCount,
  canImport,
  importing,
  busy,
  status,
  onExport,
  onExportCsv,
  onImport,
}: BackupCardProps) {
  const input = useRef<HTMLInputElement>(null);
  const exportHintId = useId();
  const canExport = habitCount !== null && habitCount > 0;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again must fire again
    if (file) onImport(file);
  };
  return (
    <SettingsSection title={backupCopy.title} testId="settings-backup">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-medium text-slate-900 dark:text-white">{backupCopy.exportTitle}</h3>
          <p className={`mt-1 ${mutedText}`}>{backupCopy.exportDescription}</p>
          <Button
            variant="primary"
            className="mt-3 min-h-11"
            disabled={!canExport}
            aria-describedby={habitCount === 0 ? exportHintId : undefined}
            onClick={onExport}
          >
            {backupCopy.exportButton}
          </Button>
          <p className={`mt-3 ${mutedText}`}>{backupCopy.exportCsvDescription}</p>
          <Button
            className="mt-2 min-h-11"
            disabled={!canExport}
            aria-describedby={habitCount === 0 ? exportHintId : undefined}
            onClick={onExportCsv}
          >
            {backupCopy.exportCsvButton}
          </Button>
          {habitCount === 0 && (
            <p id={exportHintId} className={`mt-2 ${mutedText}`}>
              {backupCopy.exportEmpty}
            </p>
          )}
        </div>
        <div>
          <h3 className="font-medium text-slate-900 dark:text-white">{backupCopy.importTitle}</h3>
          <p className={`mt-1 ${mutedText}`}>{backupCopy.importDescription}</p>
          <Button
            className="mt-3 min-h-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            disabled={!canImport}
            // Not `disabled`: a disabled button drops the focus, which the question's dialog gives back to it.
            aria-disabled={busy || undefined}
            aria-busy={importing}
            onClick={() => busy || input.current?.click()}
          >
            {importing ? backupCopy.importing : backupCopy.importButton}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".json,application/json"
            className="hidden"
            data-testid="backup-file-input"
            onChange={choose}
          />
        </div>
      </div>
      <p
        role="status"
        aria-live="polite"
        data-testid="backup-status"
        className={`mt-3 text-sm empty:hidden ${statusColour[status?.kind ?? "success"]}`}
      >
        {status?.text}
      </p>
    </SettingsSection>
  );
}
