// Where a user's changes stand, for the in-sync pull (sync.routes.ts): one indexed statement.
import type { Db } from "../db/database";

/** The user's change counter and pruning horizon (0 when never set), from one snapshot. */
export async function syncPosition(db: Db, userId: string): Promise<{ current: number; horizon: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("sync_state").select("version").where("user_id", "=", userId).as("current"),
      eb.selectFrom("sync_horizons").select("version").where("user_id", "=", userId).as("horizon"),
    ])
    .executeTakeFirstOrThrow();
  return { current: Number(row.current ?? 0), horizon: Number(row.horizon ?? 0) };
}
