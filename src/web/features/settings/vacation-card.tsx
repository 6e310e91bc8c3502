import { type FormEvent, useId, useRef, useState } from "react";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { Vacation } from "../../../core/vacation";
import { Button } from "../../ui/button";
import { fullDate } from "../../ui/day-names";
import { inputClass } from "../../ui/form-controls";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { EARLIEST_DAY } from "../../../core/sync";
import { checkVacation, defaultVacation, vacationsByTime } from "./days-settings";

const t = messages.settingsDays;
const range = (v: Vacation) => t.range(fullDate(v.from), fullDate(v.to));
const subheading = "font-medium text-slate-900 dark:text-white";

export type VacationCardProps = {
  vacations: readonly Vacation[];
  today: LocalDate;
  /** Each resolves false when the change could not be kept on this device. */
  onStart: (from: LocalDate, to: LocalDate) => Promise<boolean>;
  /**
   * Ends the vacation today is in (from today on, days count as usual again), or else drops the next one planned
   * (core endVacation).
   */
  onEnd: () => Promise<boolean>;
  /** The local store has not opened yet: the vacations shown are none, not the user's. */
  loading?: boolean;
};

/** Vacation mode: every day of a vacation counts as skipped for every habit. */
export function VacationCard({ vacations, today, onStart, onEnd, loading = false }: VacationCardProps) {
  const { current, upcoming, past } = vacationsByTime(vacations, today);
  const [from, setFrom] = useState(() => defaultVacation(today).from);
  const [to, setTo] = useState(() => defaultVacation(today).to);
  const [error, setError] = useState<string | null>(null);
  const state = useRef<HTMLParagraphElement>(null);
  const errorId = useId();

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkVacation(from, to, vacations);
    if (!check.ok) return setError(check.error);
    if (check.covered) return setError(null); // already on vacation on each of those days: nothing to write
    setError((await onStart(check.vacation.from, check.vacation.to)) ? null : t.saveFailed);
  };
  const end = async () => {
    const ended = await onEnd();
    setError(ended ? null : t.saveFailed);
    // The button goes with the vacation: the focus moves to the line that says what is now the case.
    state.current?.focus();
  };

  return (
    <SettingsSection title={t.vacationTitle} testId="settings-vacation">
      <p className={mutedText}>{t.vacationIntro}</p>
      <div role="status" className="mt-3">
        <p
          ref={state}
          tabIndex={-1}
          className="font-semibold text-slate-900 dark:text-white"
          data-testid="vacation-state"
        >
          {current
            ? t.onVacationUntil(fullDate(current.to))
            : upcoming[0]
              ? t.vacationPlanned(fullDate(upcoming[0].from), fullDate(upcoming[0].to))
              : t.noVacation}
        </p>
      </div>
      {(current || upcoming[0]) && (
        <Button className="mt-3 min-h-11" onClick={() => void end()}>
          {current ? t.endVacation : t.cancelVacation}
        </Button>
      )}
      {upcoming.length > (current ? 0 : 1) && (
        <VacationList title={t.plannedVacations} vacations={upcoming.slice(current ? 0 : 1)} />
      )}

      <form onSubmit={(e) => void start(e)} noValidate className="mt-5">
        <h3 className={subheading}>{t.newVacation}</h3>
        <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <DateField
            label={t.firstDay}
            value={from}
            min={EARLIEST_DAY}
            onValue={setFrom}
            errorId={error ? errorId : undefined}
          />
          <DateField
            label={t.lastDay}
            value={to}
            min={from || EARLIEST_DAY}
            onValue={setTo}
            errorId={error ? errorId : undefined}
          />
          <Button type="submit" variant="primary" className="min-h-11" disabled={loading}>
            {t.startVacation}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
            {error}
          </p>
        )}
      </form>

      {past.length > 0 && <VacationList title={t.pastVacations} vacations={past} />}
    </SettingsSection>
  );
}

function DateField({
  label,
  value,
  min,
  onValue,
  errorId,
}: {
  label: string;
  value: string;
  min: string;
  onValue: (value: string) => void;
  errorId: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="date"
        required
        value={value}
        min={min}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
        onChange={(e) => onValue(e.target.value)}
        className={`${inputClass} min-h-11`}
      />
    </div>
  );
}

function VacationList({ title, vacations }: { title: string; vacations: readonly Vacation[] }) {
  const headingId = useId();
  return (
    <div className="mt-5">
      <h3 id={headingId} className={subheading}>
        {title}
      </h3>
      <ul aria-labelledby={headingId} className={`mt-1 grid gap-1 ${mutedText}`}>
        {vacations.map((v) => (
          <li key={v.from}>{range(v)}</li>
        ))}
      </ul>
    </div>
  );
}
