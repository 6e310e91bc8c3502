// Migration 0011: mail only to addresses that asked for it (docs/decisions/0053-mail-only-to-verified-addresses.md).
// When the unsubscribe link was last used, so that a digest toggle made before it cannot undo it; and counters of
// rarer actions than writes (a test reminder: a few an hour), kept like the write counters.
import { PostgresAdapter, sql, type Kysely, type Migration } from "kysely";

export const emailConsentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("reminder_settings").addColumn("email_unsubscribed_at", "text").execute();
    // May be lost in a crash like user_write_rate (0002): unlogged on PostgreSQL, no WAL flush per count.
    const unlogged = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable("user_action_rate")
      .$call((t) => (unlogged ? t.modifyFront(sql`unlogged`) : t))
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("window_start", "integer", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("user_action_rate_pk", ["user_id", "action"])
      .execute();
  },
};
