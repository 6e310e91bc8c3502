// Migration 0011: a push device's failures in a row, and the notice of devices dropped for them
// (docs/decisions/0054-push-to-public-addresses-fairly.md).
import type { Kysely, Migration } from "kysely";

export const pushFailuresMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Pushes in a row that the push service did not take; reset by one it takes.
    await db.schema
      .alterTable("push_subscriptions")
      .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    // Devices dropped since the user last enabled push, and when the last one was: Settings tells the user.
    await db.schema
      .alterTable("reminder_settings")
      .addColumn("push_removed", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("reminder_settings").addColumn("push_removed_at", "text").execute();
  },
};
