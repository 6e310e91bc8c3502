// Where a user's changes stand, for the answers kept per user (habits.routes.ts) and the in-sync pull
// (sync.routes.ts): one indexed statement, compiled once per database and run with the user's id.
import type { CompiledQuery } from "kysely";
import type { Db } from "../db/database";

type Position = { current: number | string | null; horizon: number | string | null };

const compiled = new WeakMap<Db, CompiledQuery<Position>>();

/** The statement with a placeholder id, compiled once: building it is most of the cost of so small a read. */
function statementOf(db: Db): CompiledQuery<Position> {
  let query = compiled.get(db);
  if (!query) {
    query = db
      .selectNoFrom((eb) => [
        eb.selectFrom("sync_state").select("version").where("user_id", "=", "").as("current"),
        eb.selectFrom("sync_horizons").select("version").where("user_id", "=", "").as("horizon"),
      ])
      .compile() as CompiledQuery<Position>;
    compiled.set(db, query);
  }
  return query;
}

/** The user's change counter and pruning horizon (0 when never set), from one snapshot. */
export async function syncPosition(db: Db, userId: string): Promise<{ current: number; horizon: number }> {
  const query = statementOf(db);
  const { rows } = await db.executeQuery<Position>({ ...query, parameters: [userId, userId] });
  const row = rows[0];
  return { current: Number(row?.current ?? 0), horizon: Number(row?.horizon ?? 0) };
}
