// When a pull cannot be answered by changes since the device's cursor (docs/decisions/0027-sync-pruning.md).
import type { Db } from "../db/database";

/**
 * True when `cursor` is ahead of the user's counter (the database was restored from an older backup) or below
 * their horizon (tombstones after it were pruned). A cursor of 0 asks for everything and is never stale. One
 * statement, so the counter and the horizon come from one snapshot.
 */
export async function isStaleCursor(db: Db, userId: string, cursor: number): Promise<boolean> {
  if (cursor === 0) return false;
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("sync_state").select("version").where("user_id", "=", userId).as("current"),
      eb.selectFrom("sync_horizons").select("version").where("user_id", "=", userId).as("horizon"),
    ])
    .executeTakeFirstOrThrow();
  return cursor > Number(row.current ?? 0) || cursor < Number(row.horizon ?? 0);
}
