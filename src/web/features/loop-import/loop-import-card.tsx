import { useRef, type ChangeEvent } from "react";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { formatText, noteText, ruleText, thousandthsText } from "./loop-texts";
import type { LoopPhase, LoopPreview, LoopStatus } from "./use-loop-import";

const t = messages.loopImport;

const statusColour = {
  success: "text-emerald-700 dark:text-emerald-300",
  error: "font-medium text-rose-700 dark:text-rose-300",
  info: "text-slate-600 dark:text-slate-300",
} as const;

export type LoopImportCardProps = {
  phase: LoopPhase;
  status: LoopStatus;
  preview: LoopPreview | null;
  /** False while the habits are loading: a replace must know how many there are. */
  canImport: boolean;
  onChoose: (file: File) => void;
  onAdd: () => void;
  onReplace: () => void;
  onCancel: () => void;
};

/** Settings' "Import from Loop Habit Tracker": choose a file, see what comes in, then add or replace. */
export function LoopImportCard({
  phase,
  status,
  preview,
  canImport,
  onChoose,
  onAdd,
  onReplace,
  onCancel,
}: LoopImportCardProps) {
  const input = useRef<HTMLInputElement>(null);
  const busy = phase !== null;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again must fire again
    if (file) onChoose(file);
  };
  // Not `disabled` while busy: a disabled button drops the focus, which the question's dialog gives back to it.
  const busyProps = {
    "aria-disabled": busy || undefined,
    className: "min-h-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
  };
  return (
    <SettingsSection title={t.title} testId="settings-loop-import">
      <p className={mutedText}>{t.description}</p>
      <Button
        {...busyProps}
        className={`mt-3 ${busyProps.className}`}
        disabled={!canImport}
        aria-busy={phase === "reading"}
        onClick={() => busy || input.current?.click()}
      >
        {phase === "reading" ? t.reading : t.choose}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".db,.zip,application/zip,application/x-sqlite3,application/vnd.sqlite3,application/octet-stream"
        className="hidden"
        data-testid="loop-file-input"
        onChange={choose}
      />
      {preview && (
        <div data-testid="loop-preview" className="mt-4">
          <h3 className="font-medium text-slate-900 dark:text-white">
            {t.previewTitle(preview.plan.habits.length)}
          </h3>
          <p className={`mt-1 ${mutedText}`}>
            {formatText(preview.format)}. {t.totals(preview.plan.done, preview.plan.skipped)}
            {(preview.plan.valueDays > 0 || preview.plan.dayNotes > 0) &&
              ` ${t.moreTotals(preview.plan.valueDays, preview.plan.dayNotes)}`}
          </p>
          <ul
            // A long list scrolls inside the card; focusable, so that a keyboard can scroll it.
            tabIndex={0}
            aria-label={t.previewTitle(preview.plan.habits.length)}
            className="mt-3 max-h-96 divide-y divide-slate-200 overflow-auto rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {preview.plan.habits.map((habit, index) => (
              <li key={index} data-testid="loop-preview-habit" className="px-3 py-2">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium break-words text-slate-900 dark:text-white">
                    <bdi>{habit.name}</bdi>
                  </span>
                  {habit.archived && (
                    <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                      {t.archived}
                    </span>
                  )}
                </p>
                <p className={mutedText} data-testid="loop-habit-rule">
                  {ruleText(habit.rules[0])}
                </p>
                <p className={mutedText}>
                  <span data-testid="loop-habit-counts">
                    {habit.kind !== "yesNo"
                      ? t.measuredCounts(
                          habit.values.length,
                          thousandthsText(habit.total),
                          habit.rules[0].target?.unit ?? "",
                          habit.skippedDates.length,
                        )
                      : t.counts(habit.completedDates.length, habit.skippedDates.length)}
                  </span>
                  {" · "}
                  <span data-testid="loop-habit-range">
                    {habit.first && habit.last ? t.range(habit.first, habit.last) : t.noDays}
                  </span>
                </p>
                {habit.notes.length > 0 && (
                  <ul className="mt-1 list-disc ps-5 text-sm text-amber-800 dark:text-amber-200">
                    {habit.notes.map((note, i) => (
                      <li key={i} data-testid="loop-habit-note">
                        {noteText(note, habit.name)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="primary" {...busyProps} onClick={() => busy || onAdd()}>
              {phase === "saving" ? t.saving : t.add}
            </Button>
            <Button variant="secondary" {...busyProps} onClick={() => busy || onReplace()}>
              {t.replace}
            </Button>
            <Button variant="ghost" {...busyProps} onClick={() => busy || onCancel()}>
              {t.cancel}
            </Button>
          </div>
        </div>
      )}
      <p
        role="status"
        aria-live="polite"
        data-testid="loop-import-status"
        className={`mt-3 text-sm empty:hidden ${statusColour[status?.kind ?? "success"]}`}
      >
        {status?.text}
      </p>
    </SettingsSection>
  );
}
