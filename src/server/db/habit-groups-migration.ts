// Migration 0015: groups of habits (docs/decisions/0070). The user's groups are a short list kept as JSON text with
// their settings, so that a pull carries the whole list when it changed, as it carries the vacations; a habit names
// its group by id (null: ungrouped).
import type { Kysely, Migration } from "kysely";

export const habitGroupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("user_settings")
      .addColumn("groups", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
    await db.schema.alterTable("habits").addColumn("group_id", "text").execute();
  },
};
