import { sql, type Kysely } from "kysely";
import { locksRows, type Db } from "../db/database";
import type { Database } from "../db/schema";

export type WriteCount = { count: number; windowStart: number };

/** One statement: counts a write in the user's current window, starting a new window when the old one is over. */
async function upsert(db: Kysely<Database>, userId: string, windowStart: number): Promise<WriteCount> {
  const row = await db
    .insertInto("user_write_rate")
    .values({ user_id: userId, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        // A process whose clock lags a little behind another's counts into the newer window, never back.
        count: sql`case when excluded.window_start > user_write_rate.window_start then 1
          else user_write_rate.count + 1 end`,
        window_start: sql`case when excluded.window_start > user_write_rate.window_start
          then excluded.window_start else user_write_rate.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/**
 * Counts one API write of the user in the window `windowStart` (a minute number) and returns the window's count.
 * The counter may be lost in a crash, so it never costs an fsync (docs/decisions/0016-user-write-rate-limit.md):
 * on PostgreSQL the table is unlogged; on SQLite this one commit runs with synchronous = NORMAL.
 */
export async function countWrite(db: Db, userId: string, windowStart: number): Promise<WriteCount> {
  if (locksRows(db)) return upsert(db, userId, windowStart);
  return db.connection().execute(async (conn) => {
    const [mode] = (await sql<{ synchronous: number }>`pragma synchronous`.execute(conn)).rows;
    await sql`pragma synchronous = normal`.execute(conn);
    try {
      return await upsert(conn, userId, windowStart);
    } finally {
      await sql.raw(`pragma synchronous = ${Number(mode?.synchronous ?? 2)}`).execute(conn);
    }
  });
}
