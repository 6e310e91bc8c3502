import { useId } from "react";
import { todayRows } from "../../core/messages/today-rows";
import type { HabitGroup } from "../../core/sync";

const g = todayRows.groupFilter;

/** "Show group" on Today and Stats: every habit ("all"), one group's (its id), or the ungrouped ones ("ungrouped"). */
export function GroupFilterSelect({
  groups,
  value,
  onChange,
  testId,
}: {
  groups: readonly HabitGroup[];
  value: string;
  onChange: (filter: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {g.label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className="h-11 max-w-[14rem] min-w-0 rounded-lg border border-slate-400 bg-white px-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-white"
      >
        <option value="all">{g.all}</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
        <option value="ungrouped">{g.ungrouped}</option>
      </select>
    </div>
  );
}
