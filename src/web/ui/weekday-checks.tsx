import { useId } from "react";
import { messages } from "../../core/messages";
import type { Weekday } from "../../core/schedule";
import { cx } from "./cx";
import { weekdayName } from "./day-names";

const h = messages.history;
/** Sunday first, as the app's calendars. */
const WEEK: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

export const choiceRow =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800";
export const choiceControl = "size-5 shrink-0 accent-indigo-600 dark:accent-indigo-400";

type Props = { chosen: readonly Weekday[]; onChange: (weekdays: Weekday[]) => void; className?: string };

/**
 * A habit's weekdays as seven checkboxes, in ascending order; the last weekday left cannot be unticked (a habit is
 * due on at least one day).
 */
export function WeekdayChecks({ chosen, onChange, className }: Props) {
  const hintId = useId();
  const one = chosen.length === 1;
  const toggle = (day: Weekday, on: boolean) =>
    onChange(WEEK.filter((d) => (d === day ? on : chosen.includes(d))));
  return (
    <fieldset aria-describedby={one ? hintId : undefined} className={className}>
      <legend className="sr-only">{h.weekdaysLabel}</legend>
      <div className="grid grid-cols-2 gap-1 sm:grid-cols-4">
        {WEEK.map((day) => {
          const checked = chosen.includes(day);
          const last = one && checked;
          return (
            <label key={day} className={cx(choiceRow, last && "cursor-not-allowed")}>
              <input
                type="checkbox"
                className={choiceControl}
                checked={checked}
                disabled={last}
                onChange={(e) => toggle(day, e.target.checked)}
              />
              {weekdayName(day)}
            </label>
          );
        })}
      </div>
      {one && (
        <p id={hintId} className="mt-1 px-2 text-xs text-slate-600 dark:text-slate-300">
          {h.oneWeekdayLeft}
        </p>
      )}
    </fieldset>
  );
}
