import { useEffect, useId, useRef, useState } from "react";
import type { Reminder } from "../../../core/contract-schema";
import { messages } from "../../../core/messages";
import { REMINDER_TIMES_MAX } from "../../../core/reminders/limits";
import { formatTime } from "../../ui/format-values";
import { canAddDaily, dailyReminders, inputTime, nextReminderTime } from "../../lib/reminders/reminder-times";
import { Button } from "../../ui/button";
import { inputClass } from "../../ui/form-controls";
import { mutedText } from "../../ui/settings-section";

const copy = messages.reminderSettings;

export type ReminderTimesProps = {
  reminders: readonly Reminder[];
  /** Each resolves false (or null) when the server did not take the change. */
  onAdd: (time: string) => Promise<Reminder | null>;
  onChange: (id: string, time: string) => Promise<boolean>;
  onRemove: (id: string) => Promise<boolean>;
};

/** The daily reminder times: each one a time input, saved when it is left; at most five. */
export function ReminderTimesList({ reminders, onAdd, onChange, onRemove }: ReminderTimesProps) {
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const daily = dailyReminders(reminders);

  const run = async (change: () => Promise<boolean>) => {
    setError(null);
    setBusy(true);
    const ok = await change();
    setBusy(false);
    if (!ok) setError(copy.saveFailed);
    return ok;
  };
  const add = () =>
    run(async () => {
      const saved = await onAdd(nextReminderTime(reminders));
      if (saved) setFocusId(saved.id);
      return saved !== null;
    });

  return (
    <div>
      <h3 id={headingId} className="font-medium text-slate-900 dark:text-white">
        {copy.timesHeading}
      </h3>
      {daily.length === 0 ? (
        <p className={`mt-1 ${mutedText}`}>{copy.noTimes}</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-2 space-y-2">
          {daily.map((reminder) => (
            <TimeRow
              key={`${reminder.id} ${reminder.time}`}
              reminder={reminder}
              focus={reminder.id === focusId}
              disabled={busy}
              onSave={(time) => run(() => onChange(reminder.id, time))}
              onRemove={() => void run(() => onRemove(reminder.id))}
            />
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button onClick={() => void add()} disabled={busy || !canAddDaily(reminders)}>
          {copy.addTime}
        </Button>
        {!canAddDaily(reminders) && <p className={mutedText}>{copy.limit(REMINDER_TIMES_MAX)}</p>}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

type TimeRowProps = {
  reminder: Reminder;
  focus: boolean;
  disabled: boolean;
  /** Resolves false when the time was not saved: the input shows the saved one again. */
  onSave: (time: string) => Promise<boolean>;
  onRemove: () => void;
};

/** One daily time: a labelled time input, saved when left (or on Enter), and its remove button. */
function TimeRow({ reminder, focus, disabled, onSave, onRemove }: TimeRowProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(reminder.time);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  const commit = () => {
    const time = inputTime(value);
    if (time === null)
      setValue(reminder.time); // cleared or incomplete: the saved time stays
    else if (time !== reminder.time)
      void onSave(time).then((saved) => {
        if (!saved) setValue(reminder.time);
      });
  };
  return (
    <li className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          {copy.timeLabel}
        </label>
        <input
          ref={input}
          id={id}
          type="time"
          required
          value={value}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
          }}
          className={`${inputClass} min-h-11 w-36 disabled:opacity-60`}
        />
      </div>
      <Button
        variant="danger"
        aria-label={copy.removeTime(formatTime(reminder.time))}
        disabled={disabled}
        onClick={onRemove}
      >
        {copy.remove}
      </Button>
    </li>
  );
}
