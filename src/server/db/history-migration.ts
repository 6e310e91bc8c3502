// Migration 0006: what history needs (docs/decisions/0029-history-storage.md). A completion row's `done`
// becomes its state (0 nothing: a tombstone, 1 done, 2 skipped), so the covering index of pulls and the partial
// index of tombstones stay as they are; habits gain schedule, archived, position and emoji; the day start and the
// vacations live in user_settings, with the change number of their last write.
import { PostgresAdapter, sql, type Kysely, type Migration } from "kysely";

/**
 * Existing habits get the positions that keep the order Today shows (newest first, ties by id, byte order as the
 * browser compares), and each a new change number, so that devices pull them again with their new fields.
 */
async function backfill(db: Kysely<unknown>) {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql` collate "C"` : sql``;
  await sql`update habits set position = s.p, version = s.v
    from (select h.id,
            row_number() over (partition by h.user_id
              order by h.created_at${bytes} desc, h.id${bytes} desc) - 1 as p,
            coalesce(st.version, 0) + row_number() over (partition by h.user_id order by h.created_at, h.id) as v
          from habits h left join sync_state st on st.user_id = h.user_id) as s
    where habits.id = s.id`.execute(db);
  // "where true": SQLite cannot otherwise tell the upsert's "on conflict" from a join constraint.
  await sql`insert into sync_state (user_id, version)
    select user_id, max(version) from habits where true group by user_id
    on conflict (user_id) do update set version = excluded.version
    where excluded.version > sync_state.version`.execute(db);
}

export const historyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // SQLite adds one column per ALTER TABLE.
    await db.schema.alterTable("habits").addColumn("schedule", "text").execute();
    await db.schema
      .alterTable("habits")
      .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("habits")
      .addColumn("position", "double precision", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("habits").addColumn("emoji", "text").execute();
    await db.schema
      .createTable("user_settings")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("day_start", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("vacations", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("version", "bigint", (c) => c.notNull())
      .execute();
    await backfill(db);
  },
};
