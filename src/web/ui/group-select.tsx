import { useId } from "react";
import { messages } from "../../core/messages/first-screen";
import type { HabitGroup } from "../../core/sync";

/** "Group": one of the user's groups, or "No group" (the value ""); the add form's field and the habit page's. */
export function GroupSelect({
  value,
  groups,
  onChange,
  testId,
  className,
}: {
  value: string;
  groups: readonly HabitGroup[];
  onChange: (value: string) => void;
  testId: string;
  className: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {messages.today.groupField}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
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
