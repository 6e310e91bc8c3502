import type { HabitGroup } from "../../../core/sync";
import { groupOf } from "../../lib/habits/groups";
import { GroupSelect } from "../../ui/group-select";

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
  if (groups.length === 0) return null;
  return (
    <GroupSelect
      value={groupOf(habit, groups)?.id ?? ""}
      groups={groups}
      onChange={(value) => onChange(value === "" ? null : value)}
      testId="habit-group"
      className="flex flex-wrap items-center gap-2"
    />
  );
}
