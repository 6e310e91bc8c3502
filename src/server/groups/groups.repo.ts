// A user's groups of habits (docs/decisions/0070): every change, from a sync push or a REST route alike, goes through
// the functions here, inside the caller's transaction and at the change number it took, so that a pull carries the
// new list with the settings. Each checks before it writes, so a refused change has written nothing.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/database";
import { ApiError, errorText, type ErrorText } from "../http/errors";
import { onWriter } from "../db/writer";
import { readSettings, writeSettings } from "../sync/settings.repo";
import { nextVersions } from "../sync/versions.repo";
import { withGroup, withGroupChanged, withoutGroup, type GroupFault } from "../../core/habit-groups";
import { MAX_GROUPS } from "../../core/sync";
import { findSameName, sameNameKey } from "../../core/same-name";
import type { HabitGroup } from "../../core/sync";

/** A group fault's message in the catalogue (core/habit-groups.ts words it in English for the push's record). */
const GROUP_FAULTS: Record<GroupFault["code"], ErrorText> = {
  GROUP_LIMIT: errorText("groupLimit", { max: MAX_GROUPS }),
  GROUP_NAME_TAKEN: errorText("groupNameTaken"),
  GROUP_NOT_FOUND: errorText("groupNotFound"),
  CONFLICT: errorText("groupIdTaken"),
};

/** The group change, or the fault thrown as the API's error (a push answers it as the op's rejection). */
function orThrow(result: HabitGroup[] | GroupFault): HabitGroup[] {
  if (Array.isArray(result)) return result;
  throw new ApiError(result.code === "GROUP_NOT_FOUND" ? 404 : 409, result.code, GROUP_FAULTS[result.code]);
}

export const readGroups = async (db: Db, userId: string): Promise<HabitGroup[]> =>
  (await readSettings(db, userId)).groups;

/** Refuses a habit's group that is not one of the user's (null: ungrouped, always fine). */
export async function checkGroupId(trx: Db, userId: string, groupId: string | null | undefined) {
  if (groupId == null) return;
  if (!(await readGroups(trx, userId)).some((group) => group.id === groupId))
    throw new ApiError(404, "GROUP_NOT_FOUND", errorText("groupNotFound"));
}

export type NewGroup = { id: string; name: string; position?: number; folded?: boolean };
export type GroupChange = { name?: string; position?: number; folded?: boolean };

export async function addGroup(
  trx: Db,
  userId: string,
  group: NewGroup,
  version: number,
): Promise<HabitGroup> {
  const groups = orThrow(withGroup(await readGroups(trx, userId), group));
  await writeSettings(trx, userId, { groups }, version);
  return groups.find((g) => g.id === group.id)!;
}

export async function changeGroup(
  trx: Db,
  userId: string,
  id: string,
  change: GroupChange,
  version: number,
): Promise<HabitGroup> {
  const groups = orThrow(withGroupChanged(await readGroups(trx, userId), id, change));
  await writeSettings(trx, userId, { groups }, version);
  return groups.find((g) => g.id === id)!;
}

/**
 * The group goes and its habits become ungrouped, at the same change number as the list: a pull that carries the
 * new list carries them too, so no device keeps a habit in a group it no longer knows.
 */
export async function dropGroup(trx: Db, userId: string, id: string, version: number, now: Date) {
  const groups = orThrow(withoutGroup(await readGroups(trx, userId), id));
  await writeSettings(trx, userId, { groups }, version);
  await trx
    .updateTable("habits")
    .set({ group_id: null, updated_at: now.toISOString(), version })
    .where("user_id", "=", userId)
    .where("group_id", "=", id)
    .execute();
}

/**
 * A restored backup's groups (docs/decisions/0070): each name, the file's groups first in their order, then its
 * habits' others, is found among the user's groups as same-name.ts compares them, or made after the last (GROUP_LIMIT
 * past MAX_GROUPS). Returns each name's group id by its same-name key.
 */
export async function groupsByName(
  trx: Db,
  userId: string,
  wanted: readonly { name: string; folded?: boolean }[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (wanted.length === 0) return ids;
  let groups = await readGroups(trx, userId);
  const before = groups;
  for (const { name, folded } of wanted) {
    const key = sameNameKey(name);
    if (ids.has(key)) continue;
    const found = findSameName(groups, name);
    if (found) ids.set(key, found.id);
    else {
      const id = randomUUID();
      groups = orThrow(withGroup(groups, { id, name, folded }));
      ids.set(key, id);
    }
  }
  if (groups !== before) await writeSettings(trx, userId, { groups }, await nextVersions(trx, userId, 1));
  return ids;
}

// The REST routes' writes: one transaction each, the user's counter taken first (the lock order of versions.repo.ts).

export const createGroup = onWriter(
  "createGroup",
  async (db: Db, userId: string, group: NewGroup): Promise<HabitGroup> =>
    db.transaction().execute(async (trx) => addGroup(trx, userId, group, await nextVersions(trx, userId, 1))),
);

export const updateGroup = onWriter(
  "updateGroup",
  async (db: Db, userId: string, id: string, change: GroupChange): Promise<HabitGroup> =>
    db
      .transaction()
      .execute(async (trx) => changeGroup(trx, userId, id, change, await nextVersions(trx, userId, 1))),
);

export const deleteGroup = onWriter(
  "deleteGroup",
  async (db: Db, userId: string, id: string, now: Date): Promise<void> =>
    db
      .transaction()
      .execute(async (trx) => dropGroup(trx, userId, id, await nextVersions(trx, userId, 1), now)),
);
