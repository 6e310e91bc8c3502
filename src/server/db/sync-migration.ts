// Migration 0003: the change numbers behind sync pulls (docs/decisions/0023-sync-conflicts.md).
// Every row a pull can send carries `version`, a per-user number from sync_state, distinct per row so that a page
// may end anywhere; deletes leave tombstones (deleted_habits, completions with done = 0).
import { sql, type Kysely, type Migration } from "kysely";

/** Existing rows get distinct versions per user: habits by creation, then completions by habit and day. */
async function backfill(db: Kysely<unknown>) {
  await sql`update habits set version = s.v
    from (select id, row_number() over (partition by user_id order by created_at, id) as v from habits) as s
    where habits.id = s.id`.execute(db);
  await sql`update completions set user_id = s.user_id, version = s.v
    from (select c.habit_id, c.date, h.user_id,
            n.habits + row_number() over (partition by h.user_id order by c.habit_id, c.date) as v
          from completions c
          join habits h on h.id = c.habit_id
          join (select user_id, count(*) as habits from habits group by user_id) as n on n.user_id = h.user_id) as s
    where completions.habit_id = s.habit_id and completions.date = s.date`.execute(db);
  await sql`insert into sync_state (user_id, version)
    select user_id, max(version) from
      (select user_id, version from habits union all select user_id, version from completions) as v
    group by user_id`.execute(db);
}

export const syncMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sync_state")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("version", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .alterTable("habits")
      .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex("habits_user_version").on("habits").columns(["user_id", "version"]).execute();
    // SQLite adds one column per ALTER TABLE.
    await db.schema.alterTable("completions").addColumn("user_id", "text").execute();
    await db.schema
      .alterTable("completions")
      .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("completions")
      .addColumn("done", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex("completions_user_version")
      .on("completions")
      // Covering: a pull reads a page of days from the index alone, not 5,000 lookups into the table.
      .columns(["user_id", "version", "habit_id", "done", "date"])
      .execute();
    await db.schema
      .createTable("deleted_habits")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("version", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("deleted_habits_user_version")
      .on("deleted_habits")
      .columns(["user_id", "version"])
      .execute();
    // Applied push ops, so that a replayed op is answered from here and changes nothing.
    await db.schema
      .createTable("sync_ops")
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("op_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("code", "text")
      .addColumn("message", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("sync_ops_pk", ["user_id", "op_id"])
      .execute();
    await backfill(db);
  },
};
