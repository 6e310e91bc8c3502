// Migration 0008: the days each user stores, kept as a count (docs/decisions/0058-write-path.md), so that
// the quota of a mark reads one row instead of counting every day of the account (habits/quota.ts). Every
// write that adds or removes a stored day (done or skipped) changes it in the same transaction (habits/owner.repo.ts).
import { sql, type Kysely, type Migration } from "kysely";

export const dayCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("day_counts")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("days", "integer", (c) => c.notNull())
      .execute();
    // Tombstones (done = 0) are not stored days. A user without days gets a row at their first.
    await sql`insert into day_counts (user_id, days)
      select h.user_id, count(*) from completions c join habits h on h.id = c.habit_id
      where c.done <> 0 group by h.user_id`.execute(db);
  },
};
