// A user's groups of habits as plain data (docs/product.md, "Groups"): the changes the server applies and a device
// may apply ahead of it, each checked against the rules (at most MAX_GROUPS, no two names the same, known ids).
import { MAX_GROUPS, type HabitGroup } from "./sync";
import { sameNameKey } from "./same-name";

/** Why a group change is refused: the API error code and its message. */
export type GroupFault = {
  code: "GROUP_LIMIT" | "GROUP_NAME_TAKEN" | "GROUP_NOT_FOUND" | "CONFLICT";
  message: string;
};

export const groupFaults = {
  limit: (): GroupFault => ({ code: "GROUP_LIMIT", message: `At most ${MAX_GROUPS} groups` }),
  nameTaken: (): GroupFault => ({ code: "GROUP_NAME_TAKEN", message: "Another group has this name" }),
  notFound: (): GroupFault => ({ code: "GROUP_NOT_FOUND", message: "Group not found" }),
  idTaken: (): GroupFault => ({ code: "CONFLICT", message: "This group id is already in use" }),
};

export function isHabitGroup(value: unknown): value is HabitGroup {
  if (typeof value !== "object" || value === null) return false;
  const group = value as Record<string, unknown>;
  return (
    typeof group.id === "string" &&
    typeof group.name === "string" &&
    typeof group.position === "number" &&
    Number.isFinite(group.position) &&
    typeof group.folded === "boolean"
  );
}

/** Ascending by position, ties by id: the order of Today's sections. */
export const sortGroups = (groups: readonly HabitGroup[]): HabitGroup[] =>
  [...groups].sort((a, b) =>
    a.position !== b.position ? a.position - b.position : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );

const nameTaken = (groups: readonly HabitGroup[], name: string, except?: string) => {
  const key = sameNameKey(name);
  return groups.some((group) => group.id !== except && sameNameKey(group.name) === key);
};

/** After the last group: one above the largest position (0 for the first). */
export const positionForNewGroup = (groups: readonly HabitGroup[]): number =>
  groups.length === 0 ? 0 : Math.max(...groups.map((group) => group.position)) + 1;

/** The list with a new group (its name already normalised by the name rule), or why not. */
export function withGroup(
  groups: readonly HabitGroup[],
  { id, name, position, folded }: { id: string; name: string; position?: number; folded?: boolean },
): HabitGroup[] | GroupFault {
  if (groups.some((group) => group.id === id)) return groupFaults.idTaken();
  if (groups.length >= MAX_GROUPS) return groupFaults.limit();
  if (nameTaken(groups, name)) return groupFaults.nameTaken();
  const group = { id, name, position: position ?? positionForNewGroup(groups), folded: folded ?? false };
  return sortGroups([...groups, group]);
}

/** The list with one group changed (each given field replaced), or why not. */
export function withGroupChanged(
  groups: readonly HabitGroup[],
  id: string,
  change: { name?: string; position?: number; folded?: boolean },
): HabitGroup[] | GroupFault {
  const group = groups.find((g) => g.id === id);
  if (!group) return groupFaults.notFound();
  if (change.name !== undefined && nameTaken(groups, change.name, id)) return groupFaults.nameTaken();
  const changed: HabitGroup = {
    ...group,
    ...(change.name !== undefined && { name: change.name }),
    ...(change.position !== undefined && { position: change.position }),
    ...(change.folded !== undefined && { folded: change.folded }),
  };
  return sortGroups(groups.map((g) => (g.id === id ? changed : g)));
}

/** The list without the group, or why not (its habits become ungrouped: the caller's part). */
export function withoutGroup(groups: readonly HabitGroup[], id: string): HabitGroup[] | GroupFault {
  if (!groups.some((group) => group.id === id)) return groupFaults.notFound();
  return groups.filter((group) => group.id !== id);
}
