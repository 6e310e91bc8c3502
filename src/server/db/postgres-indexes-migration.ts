// Migration 0009 (docs/performance.md "PostgreSQL at scale"): on PostgreSQL the primary key of completions
// carries the day's state, `(habit_id, date) include (done)`, so that the habit list's days (and a mark's
// quota count) are read from the index alone. Days are written day by day over all users, so one account's
// 1,000 days lie on about 190 table pages: the list read them all (a bitmap heap scan, then a sort) where the
// index, in (habit, date) order already, holds them on about 25. The index grows by the state's 4 bytes;
// updates that change `done` also change `version`, which another index holds, so they were not HOT updates
// before either.
// SQLite keeps its key as it is.
import { PostgresAdapter, sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // One statement: the key is never missing for the upserts' ON CONFLICT (habit_id, date), which infer it by its
  // key columns. It rebuilds the index under an exclusive lock, which takes seconds on a large table.
  await sql`alter table completions drop constraint completions_pk,
    add constraint completions_pk primary key (habit_id, date) include (done)`.execute(db);
}
