import { useId, useRef, type ChangeEvent } from "react";
import { Button } from "../../ui/button";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { backupCopy } from "./backup-copy";

export type BackupStatus = { kind: "success" | "error"; text: string } | null;

export type BackupCardProps = {
  /** null while the list is not loaded. */
  habitCount: number | null;
  canImport: boolean;
  importing: boolean;
  status: BackupStatus;
  onExport: () => void;
  onImport: (file: File) => void;
};

/** Export and import of the SPEC §3 backup file. */
export function BackupCard({
  habitCount,
  canImport,
  importing,
  status,
  onExport,
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
            className="mt-3"
            disabled={!canExport}
            aria-describedby={habitCount === 0 ? exportHintId : undefined}
            onClick={onExport}
          >
            {backupCopy.exportButton}
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
            className="mt-3"
            disabled={importing || !canImport}
            aria-busy={importing}
            onClick={() => input.current?.click()}
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
        className={`mt-3 text-sm empty:hidden ${status?.kind === "error" ? "font-medium text-rose-700 dark:text-rose-300" : "text-emerald-700 dark:text-emerald-300"}`}
      >
        {status?.text}
      </p>
    </SettingsSection>
  );
}
