// Migration 0007: reminders (docs/decisions/0033-reminders.md). Times are text, so that one schema
// serves SQLite and PostgreSQL: instants as ISO 8601 UTC with milliseconds (they sort as they compare), days as
// YYYY-MM-DD.
import type { Kysely, Migration } from "kysely";

export const remindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // The user's zone (from the browser, on each visit) and e-mail digest; no row: no zone yet, digest on.
    await db.schema
      .createTable("reminder_settings")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("time_zone", "text")
      .addColumn("email_enabled", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    // A daily time (habit_id null) or a habit's own time. next_fire_at: the next instant it fires, for the local
    // date fire_date (null while the user has no zone).
    await db.schema
      .createTable("reminders")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("habit_id", "text", (c) => c.references("habits.id").onDelete("cascade"))
      .addColumn("time", "text", (c) => c.notNull())
      .addColumn("next_fire_at", "text")
      .addColumn("fire_date", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("reminders_user").on("reminders").column("user_id").execute();
    // One own time per habit (NULLs are distinct in both dialects: any number of daily times).
    await db.schema.createIndex("reminders_habit").on("reminders").column("habit_id").unique().execute();
    // The scheduler's scan: the due rows, earliest first.
    await db.schema.createIndex("reminders_next_fire").on("reminders").column("next_fire_at").execute();
    // One row per device: a browser's endpoint is unique, and moves to whoever subscribes it last.
    await db.schema
      .createTable("push_subscriptions")
      .addColumn("endpoint", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("p256dh", "text", (c) => c.notNull())
      .addColumn("auth", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("push_subscriptions_user")
      .on("push_subscriptions")
      .column("user_id")
      .execute();
    // The exactly-once key: one delivery per (user, reminder, user's day). Inserted when a process claims the
    // firing; its outcome is written after the sending.
    await db.schema
      .createTable("reminder_deliveries")
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("reminder_id", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("reminder_deliveries_pk", ["user_id", "reminder_id", "date"])
      .execute();
    await db.schema
      .createIndex("reminder_deliveries_created")
      .on("reminder_deliveries")
      .column("created_at")
      .execute();
  },
};
