import { useId, useState } from "react";
import { messages } from "../../../core/messages";
import { formatTime } from "../../ui/format-values";
import { habitReminder, inputTime } from "../../lib/reminders/reminder-times";
import { useReminders } from "../../lib/reminders/use-reminders";
import { Button } from "../../ui/button";
import { inputClass } from "../../ui/form-controls";

const copy = messages.reminderSettings;
const muted = "text-sm text-slate-600 dark:text-slate-300";

/** The habit's own reminder time, optional: set, changed when the input is left, or cleared. */
export function HabitReminder({ habitId }: { habitId: string }) {
  const reminders = useReminders();
  const { settings } = reminders;
  const titleId = useId();
  const own = settings ? habitReminder(settings.reminders, habitId) : null;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="habit-reminder"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {copy.habitHeading}
      </h2>
      <p className={`mt-1 ${muted}`}>{copy.habitDescription}</p>
      {settings === null ? (
        reminders.failed ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
              {copy.loadFailed}
            </p>
            <Button onClick={reminders.retry}>{copy.retry}</Button>
          </div>
        ) : (
          <p role="status" className={`mt-2 ${muted}`}>
            {copy.loading}
          </p>
        )
      ) : (
        <OwnTime
          key={own ? `${own.id} ${own.time}` : "none"}
          saved={own?.time ?? null}
          onSave={async (time) =>
            own ? reminders.change(own.id, time) : (await reminders.add(time, habitId)) !== null
          }
          onClear={async () => (own ? reminders.remove(own.id) : true)}
        />
      )}
    </section>
  );
}

type OwnTimeProps = {
  saved: string | null;
  onSave: (time: string) => Promise<boolean>;
  onClear: () => Promise<boolean>;
};

function OwnTime({ saved, onSave, onClear }: OwnTimeProps) {
  const inputId = useId();
  const [value, setValue] = useState(saved ?? "");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async (change: () => Promise<boolean>) => {
    setFailed(false);
    setBusy(true);
    const ok = await change();
    setBusy(false);
    setFailed(!ok);
    if (!ok) setValue(saved ?? "");
  };
  const commit = () => {
    const time = inputTime(value);
    if (time === null) {
      // Emptied by hand: the same as Clear.
      if (value === "" && saved !== null) void run(onClear);
      else setValue(saved ?? "");
    } else if (time !== saved) void run(() => onSave(time));
  };
  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label
            htmlFor={inputId}
            className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {copy.timeLabel}
          </label>
          <input
            id={inputId}
            type="time"
            value={value}
            disabled={busy}
            onChange={(e) => setValue(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === "Enter") commit();
            }}
            className={`${inputClass} min-h-11 w-36 disabled:opacity-60`}
          />
        </div>
        {saved !== null && (
          <Button variant="ghost" disabled={busy} onClick={() => void run(onClear)}>
            {copy.habitClear}
          </Button>
        )}
      </div>
      <p role="status" className={`mt-2 ${muted}`} data-testid="habit-reminder-state">
        {saved === null ? copy.habitCleared : copy.habitSet(formatTime(saved))}
      </p>
      {failed && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {copy.saveFailed}
        </p>
      )}
    </div>
  );
}
