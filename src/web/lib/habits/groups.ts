// The rules a group's name and the number of groups follow, as the server applies them (docs/product.md, "Groups"),
// checked here first so that Settings can say what is wrong before anything is written.
import { messages } from "../../../core/messages";
import { nameProblem } from "../../../core/name-texts";
import { findSameName } from "../../../core/same-name";
import { type HabitGroup, MAX_GROUPS } from "../../../core/sync";

/**
 * Why `name` cannot be a group's name among `groups` (the one name rule, then no two groups reading the same), or
 * why no group can be added (MAX_GROUPS); null when it can. `renaming`: the group being renamed, which may keep
 * its own name.
 */
export function groupProblem(name: string, groups: readonly HabitGroup[], renaming?: string): string | null {
  const problem = nameProblem(name, "Group name");
  if (problem !== null) return problem;
  const others = groups.filter((group) => group.id !== renaming);
  if (findSameName(others, name)) return messages.groups.taken;
  if (renaming === undefined && groups.length >= MAX_GROUPS) return messages.groups.limit(MAX_GROUPS);
  return null;
}

/** The group a habit is shown under: its own when the user has it, else none (a group deleted meanwhile). */
export function groupOf(
  habit: { groupId?: string | null },
  groups: readonly HabitGroup[],
): HabitGroup | undefined {
  const { groupId } = habit;
  return groupId == null ? undefined : groups.find((group) => group.id === groupId);
}

/** The filter "Show group" of Today and Stats: every habit ("all"), the ungrouped ones, or one group's (its id, a
 * UUID, never one of the two words). */
export type GroupFilter = string;

/** The habits the filter shows, in their order; a group that is gone shows every habit. */
export function filterByGroup<T extends { groupId?: string | null }>(
  habits: readonly T[],
  groups: readonly HabitGroup[],
  filter: GroupFilter,
): readonly T[] {
  if (filter === "all") return habits;
  if (filter === "ungrouped") return habits.filter((habit) => groupOf(habit, groups) === undefined);
  if (!groups.some((group) => group.id === filter)) return habits;
  return habits.filter((habit) => habit.groupId === filter);
}
