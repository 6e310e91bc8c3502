import { useId } from "react";
import { messages } from "../../../core/messages";
import type { HabitGroup } from "../../../core/sync";
import { groupOf } from "../../lib/habits/groups";

/** The habit's group, chosen among the user's groups ("No group": ungrouped); shown only to a user with groups. */
export function HabitGroupField({
  habit,
  groups,
  onChange,
}: {
  habit: { groupId: string | null };
  groups: readonly HabitGroup[];
  onChange: (groupId: string | null) => void;
}) {
  const id = useId();
  if (groups.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {messages.today.groupField}
      </label>
      <select
        id={id}
        value={groupOf(habit, groups)?.id ?? ""}
        onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
        data-testid="habit-group"
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-2 text-base text-slate-900 sm:max-w-xs dark:border-slate-500 dark:bg-slate-950 dark:text-white"
      >
        <option value="">{messages.today.noGroup}</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </select>
    </div>
  );
}
