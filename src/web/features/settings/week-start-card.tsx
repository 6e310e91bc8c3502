import { useId, useState } from "react";
import type { WeekStart } from "../../../core/habit-kind";
import { messages } from "../../../core/messages";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { selectClass } from "./day-start-card";

const t = messages.settingsDays;
/** The select's values: "" stands for null, the browser's language decides. */
const LANGUAGE = "";

export type WeekStartCardProps = {
  /** The user's choice: 1 Monday, 0 Sunday, null the browser's language. */
  weekStart: WeekStart | null;
  /** Resolves false when the change could not be kept on this device. */
  onChange: (weekStart: WeekStart | null) => Promise<boolean>;
  /** The local store has not opened yet: what shows is the default, not the user's choice. */
  loading?: boolean;
};

/** "Week starts on": Monday, Sunday or from the browser's language; weeks of "N times a week" follow it. */
export function WeekStartCard({ weekStart, onChange, loading = false }: WeekStartCardProps) {
  const selectId = useId();
  const helpId = useId();
  const [failed, setFailed] = useState(false);
  const choose = async (value: string) => {
    setFailed(false);
    setFailed(!(await onChange(value === LANGUAGE ? null : value === "0" ? 0 : 1)));
  };
  return (
    <SettingsSection title={t.weekStartTitle} testId="settings-week-start">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={selectId} className="font-medium text-slate-900 dark:text-white">
          {t.weekStartLabel}
        </label>
        <select
          id={selectId}
          value={weekStart === null ? LANGUAGE : String(weekStart)}
          aria-describedby={helpId}
          disabled={loading}
          onChange={(e) => void choose(e.target.value)}
          className={`${selectClass} disabled:opacity-60`}
        >
          <option value="1">{t.monday}</option>
          <option value="0">{t.sunday}</option>
          <option value={LANGUAGE}>{t.fromLanguage}</option>
        </select>
      </div>
      <p id={helpId} className={`mt-2 ${mutedText}`}>
        {t.weekStartHelp}
      </p>
      {failed && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {t.saveFailed}
        </p>
      )}
    </SettingsSection>
  );
}
