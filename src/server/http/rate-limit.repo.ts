import { sql, type Kysely } from "kysely";
import { locksRows, type Db } from "../db/database";
import type { Database, UserActionRateTable } from "../db/schema";
import { onWriter } from "../db/writer";

export type WriteCount = { count: number; windowStart: number };

/** The action under which API writes are counted (the general write limit). */
const WRITE = "write";

/**
 * One statement: counts one `action` of the user in its current window, starting a new window when the old one is
 * over, and returns the window's count.
 */
async function upsert(
  db: Kysely<Database>,
  userId: string,
  action: string,
  windowStart: number,
): Promise<WriteCount> {
  const row = await db
    .insertInto("user_action_rate")
    .values({ user_id: userId, action, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(["user_id", "action"]).doUpdateSet({
        // A process whose clock lags a little behind another's counts into the newer window, never back.
        count: sql`case when excluded.window_start > user_action_rate.window_start then 1
          else user_action_rate.count + 1 end`,
        window_start: sql`case when excluded.window_start > user_action_rate.window_start
          then excluded.window_start else user_action_rate.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

type Counter = WriteCount & { dirty: boolean };

/** Users written back in one statement at most. */
const FLUSH_ROWS = 500;

/**
 * SQLite: one server process serves a database file, so the count lives in this process's memory (no statement,
 * no commit, no wait for the writer on the request's path). A user's counter is read from the table the first time
 * they write in this process, and changed counters are written back in one transaction as soon as the previous
 * write-back is done: under load that is one small statement in each group commit (db/sqlite-dialect.ts), so a
 * restarted process goes on counting where the last one stopped, give or take the write-back in flight. A crash
 * may lose that much, as decision 0016 allows. A second process on the same file counts on its own from what it
 * read: at most `max` writes a minute per process.
 */
class MemoryCounters {
  private readonly counters = new Map<string, Counter>();
  private flushing = false;

  constructor(private readonly db: Db) {}

  async count(userId: string, windowStart: number): Promise<WriteCount> {
    let counter = this.counters.get(userId);
    if (!counter) {
      const row = await this.db
        .selectFrom("user_action_rate")
        .select(["count", "window_start"])
        .where("user_id", "=", userId)
        .where("action", "=", WRITE)
        .executeTakeFirst();
      // Another request of the user may have been first while this one read.
      counter = this.counters.get(userId) ?? {
        count: Number(row?.count ?? 0),
        windowStart: Number(row?.window_start ?? windowStart),
        dirty: false,
      };
      this.counters.set(userId, counter);
    }
    // As the upsert: a later window starts again at 1; an earlier one (a lagging clock) counts into the newer.
    if (windowStart > counter.windowStart) Object.assign(counter, { windowStart, count: 1 });
    else counter.count++;
    counter.dirty = true;
    this.flushSoon();
    return { count: counter.count, windowStart: counter.windowStart };
  }

  private flushSoon() {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flush()
        .catch(() => undefined) // a closed database at shutdown: the counts may be lost (decision 0016)
        .finally(() => {
          this.flushing = false;
          if ([...this.counters.values()].some((c) => c.dirty)) this.flushSoon();
        });
    });
  }

  private async flush() {
    const rows: UserActionRateTable[] = [];
    let current = 0;
    for (const counter of this.counters.values()) current = Math.max(current, counter.windowStart);
    for (const [userId, counter] of this.counters) {
      if (counter.dirty) {
        counter.dirty = false;
        rows.push({
          user_id: userId,
          action: WRITE,
          window_start: counter.windowStart,
          count: counter.count,
        });
      } else if (counter.windowStart < current) {
        this.counters.delete(userId); // written back already, and its window is over: read again on next write
      }
    }
    for (let i = 0; i < rows.length; i += FLUSH_ROWS) {
      const values = rows.slice(i, i + FLUSH_ROWS);
      await writeCounters(this.db, values);
    }
  }
}

// A transaction, so that it joins the writes' group commit rather than ending it.
const writeCounters = onWriter("writeRateCounters", (db: Db, values: UserActionRateTable[]) =>
  db.transaction().execute((trx) =>
    trx
      .insertInto("user_action_rate")
      .values(values)
      .onConflict((oc) =>
        oc.columns(["user_id", "action"]).doUpdateSet({
          window_start: sql`excluded.window_start`,
          count: sql`excluded.count`,
        }),
      )
      .execute(),
  ),
);

const memory = new WeakMap<Db, MemoryCounters>();

/**
 * Counts one API write of the user in the window `windowStart` (a minute number) and returns the window's count.
 * The counter may be lost in a crash, so it never costs an fsync (docs/decisions/0016-user-write-rate-limit.md,
 * 0058-write-path.md): on PostgreSQL the table is unlogged and every process counts in it, so the limit holds
 * across processes; on SQLite the count is kept in memory and written back in the background.
 */
export async function countWrite(db: Db, userId: string, windowStart: number): Promise<WriteCount> {
  if (locksRows(db)) return upsert(db, userId, WRITE, windowStart);
  let counters = memory.get(db);
  if (!counters) memory.set(db, (counters = new MemoryCounters(db)));
  return counters.count(userId, windowStart);
}

/**
 * Counts one `action` of the user (a test reminder, an import) in the window `windowStart` and returns the window's
 * count. One statement on both databases: such actions are a few a minute, so they need no in-memory counter.
 */
export async function countAction(
  db: Db,
  userId: string,
  action: string,
  windowStart: number,
): Promise<WriteCount> {
  return upsert(db, userId, action, windowStart);
}
