import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import type { LoopStatus } from "./use-loop-import";

const t = messages.loopExport;

export type LoopExportCardProps = {
  busy: boolean;
  status: LoopStatus;
  /** False while the habits are loading: the file must hold every one. */
  canExport: boolean;
  onExport: () => void;
};

/** Settings' "Export for Loop Habit Tracker": a Loop backup of every habit, to import in Loop on a phone. */
export function LoopExportCard({ busy, status, canExport, onExport }: LoopExportCardProps) {
  return (
    <SettingsSection title={t.title} testId="settings-loop-export">
      <p className={mutedText}>{t.description}</p>
      <Button
        className="mt-3 min-h-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        disabled={!canExport}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        onClick={() => busy || onExport()}
      >
        {busy ? t.writing : t.button}
      </Button>
      <p
        role="status"
        aria-live="polite"
        data-testid="loop-export-status"
        className={`mt-3 text-sm empty:hidden ${status?.kind === "error" ? "font-medium text-rose-700 dark:text-rose-300" : "text-emerald-700 dark:text-emerald-300"}`}
      >
        {status?.text}
      </p>
    </SettingsSection>
  );
}
