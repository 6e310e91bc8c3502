// The per-user change counter behind sync cursors (docs/decisions/0023-sync-conflicts.md).
import { compiledNamed, named } from "../db/compiled-once";
import type { Db } from "../db/database";

// Every write takes it: compiled once (db/compiled-once.ts).
const reserve = compiledNamed<{ version: number | string }, { userId: string; count: number }>((db) =>
  db
    .insertInto("sync_state")
    .values({ user_id: named("userId"), version: named("count") })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet((eb) => ({ version: eb("sync_state.version", "+", named<number>("count")) })),
    )
    .returning("version"),
);

/**
 * Reserves `count` change numbers for the caller's transaction and returns the first. The upsert also locks the
 * user's counter row until commit, so numbers are handed out in commit order and a pull that has read the counter
 * sees every row up to it. Take it after lockOwner (profile row) and before touching any habit row, so that locks
 * always come in one order; a count of 0 only takes the lock.
 */
export async function nextVersions(trx: Db, userId: string, count: number): Promise<number> {
  const { rows } = await reserve(trx, { userId, count });
  return Number(rows[0]!.version) - count + 1;
}

/** The user's latest change number; 0 before any write. */
export async function currentVersion(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("sync_state")
    .select("version")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** A habit's tombstone: pulls list it in deletedHabitIds; later writes to it are dropped. */
export async function buryHabits(trx: Db, userId: string, ids: readonly string[], firstVersion: number) {
  if (ids.length === 0) return;
  await trx
    .insertInto("deleted_habits")
    .values(ids.map((id, i) => ({ id, user_id: userId, version: firstVersion + i })))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
