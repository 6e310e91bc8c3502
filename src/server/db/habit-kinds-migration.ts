// Migration 0014: habit kinds, dated rules, numbers and notes (docs/decisions/0061, 0063). Every habit so far is a
// yes/no one: it gets one rule from its first day (the UTC date of created_at) of its schedule, so its days are
// judged as before. Days gain a number and a note; the week's first day joins the user's settings; a reminder may
// ring on some weekdays only.
import { sql, type Kysely, type Migration } from "kysely";

export const habitKindsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // SQLite adds one column per ALTER TABLE.
    await db.schema
      .alterTable("habits")
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("yesNo"))
      .execute();
    await db.schema.alterTable("habits").addColumn("rules", "text").execute();
    await db.schema
      .alterTable("habits")
      .addColumn("step", "double precision", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable("completions").addColumn("value", "double precision").execute();
    await db.schema.alterTable("completions").addColumn("note", "text").execute();
    await db.schema.alterTable("user_settings").addColumn("week_start", "integer").execute();
    // A habit's reminder from a backup (a Loop habit's) may ring on some weekdays only.
    await db.schema.alterTable("reminders").addColumn("weekdays", "text").execute();
    // The schedule column holds canonical JSON already (db/habit-columns.ts), so the rule is spliced as text.
    await sql`update habits set rules = '[{"from":"' || substr(created_at, 1, 10) || '","frequency":'
      || coalesce(schedule, 'null') || ',"target":null}]'`.execute(db);
    // Days with a number or a note are few beside the days done: partial indexes let a pull (by version) and the
    // habit list (by habit) read them without reading every day's row (the covering indexes do not hold them).
    const entries = sql<boolean>`value is not null or note is not null`;
    await db.schema
      .createIndex("completions_entries_by_version")
      .on("completions")
      .columns(["user_id", "version"])
      .where(entries)
      .execute();
    await db.schema
      .createIndex("completions_entries_by_habit")
      .on("completions")
      .columns(["habit_id", "date"])
      .where(entries)
      .execute();
  },
};
