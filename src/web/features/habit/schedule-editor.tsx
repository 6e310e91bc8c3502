import { useId, useState } from "react";
import type { Habit } from "../../../core/habit";
import { messages } from "../../../core/messages";
import { normalizeSchedule, type Schedule, type Weekday } from "../../../core/schedule";
import { cx } from "../../ui/cx";
import { weekdayName } from "../../ui/day-names";
import { WEEK } from "./calendar-grid";

const h = messages.history;
/** What "On chosen weekdays" starts from: Monday to Friday. */
const WORKDAYS: Weekday[] = [1, 2, 3, 4, 5];

type Props = { habit: Habit; onChange: (schedule: Schedule | null) => Promise<unknown> };

const option =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800";
const control = "size-5 shrink-0 accent-indigo-600 dark:accent-indigo-400";

/**
 * Every day, or chosen weekdays. It shows the stored schedule and writes each change at once:
 * ticking all seven weekdays is every day again, and the last weekday left cannot be unticked (a habit is due on
 * at least one day).
 */
export function ScheduleEditor({ habit, onChange }: Props) {
  const titleId = useId();
  const hintId = useId();
  // The choice shows at once, while the store takes it (a controlled control would spring back until then).
  const [pending, setPending] = useState<{ schedule: Schedule | null } | null>(null);
  const chosen = (pending ? pending.schedule : habit.schedule)?.weekdays ?? null;
  const write = async (schedule: Schedule | null) => {
    setPending({ schedule });
    await onChange(schedule);
    setPending(null);
  };
  const set = (weekdays: Weekday[]) => void write(normalizeSchedule({ weekdays }));
  const toggle = (day: Weekday, on: boolean) =>
    set(on ? [...(chosen ?? []), day] : (chosen ?? WEEK).filter((d) => d !== day));

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <fieldset>
        <legend id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {h.scheduleTitle}
        </legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          <label className={option}>
            <input
              type="radio"
              name={`${titleId}-mode`}
              className={control}
              checked={chosen === null}
              onChange={() => void write(null)}
            />
            {h.everyDay}
          </label>
          <label className={option}>
            <input
              type="radio"
              name={`${titleId}-mode`}
              className={control}
              checked={chosen !== null}
              onChange={() => set(WORKDAYS)}
            />
            {h.chosenWeekdays}
          </label>
        </div>
        <fieldset
          disabled={chosen === null}
          aria-describedby={chosen?.length === 1 ? hintId : undefined}
          className="mt-2 border-t border-slate-200 pt-2 disabled:opacity-60 dark:border-slate-800"
        >
          <legend className="sr-only">{h.weekdaysLabel}</legend>
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-4">
            {WEEK.map((day) => {
              const checked = chosen === null || chosen.includes(day);
              const last = chosen?.length === 1 && checked;
              return (
                <label key={day} className={cx(option, last && "cursor-not-allowed")}>
                  <input
                    type="checkbox"
                    className={control}
                    checked={checked}
                    disabled={last}
                    onChange={(e) => toggle(day, e.target.checked)}
                  />
                  {weekdayName(day)}
                </label>
              );
            })}
          </div>
          {chosen?.length === 1 && (
            <p id={hintId} className="mt-1 px-2 text-xs text-slate-600 dark:text-slate-300">
              {h.oneWeekdayLeft}
            </p>
          )}
        </fieldset>
      </fieldset>
    </section>
  );
}
