import { useId, useState } from "react";
import type { DayStart } from "../../../core/day-start";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { fullDate } from "../../ui/day-names";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { clockTime, dayStartChoices } from "./days-settings";

const t = messages.settingsDays;

export const selectClass =
  "block min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm " +
  "dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

export type DayStartCardProps = {
  dayStart: DayStart;
  /** The user's today under that day start. */
  today: LocalDate;
  /** Resolves false when the change could not be kept on this device. */
  onChange: (dayStart: DayStart) => Promise<boolean>;
  /** The local store has not opened yet: what shows is the default, not the user's choice. */
  loading?: boolean;
};

/** "Day starts at": 00:00 to 06:00; the change is a local write sent by the outbox. */
export function DayStartCard({ dayStart, today, onChange, loading = false }: DayStartCardProps) {
  const selectId = useId();
  const helpId = useId();
  const [failed, setFailed] = useState(false);
  const choose = async (value: string) => {
    setFailed(false);
    setFailed(!(await onChange(Number(value))));
  };
  return (
    <SettingsSection title={t.dayStartTitle} testId="settings-day-start">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={selectId} className="font-medium text-slate-900 dark:text-white">
          {t.dayStartLabel}
        </label>
        <select
          id={selectId}
          value={dayStart}
          aria-describedby={helpId}
          disabled={loading}
          onChange={(e) => void choose(e.target.value)}
          className={`${selectClass} disabled:opacity-60`}
        >
          {dayStartChoices(dayStart).map((minutes) => (
            <option key={minutes} value={minutes}>
              {clockTime(minutes)}
            </option>
          ))}
        </select>
      </div>
      <p id={helpId} className={`mt-2 ${mutedText}`}>
        {t.dayStartHelp}
      </p>
      <p className={`mt-1 ${mutedText}`} aria-live="polite" data-testid="settings-today">
        {t.todayIs(fullDate(today))}
      </p>
      {failed && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {t.saveFailed}
        </p>
      )}
    </SettingsSection>
  );
}
