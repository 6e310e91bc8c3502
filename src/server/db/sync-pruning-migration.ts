// Migration 0005: what pruning sync data needs (docs/decisions/0027-sync-pruning.md). Tombstones carry a
// version, not a time: per-user checkpoints "the counter was V at time T" date them, and a per-user horizon (the
// highest tombstone version pruned) tells the server when a device's cursor is too old to be answered by changes.
import { sql, type Kysely, type Migration } from "kysely";

export const syncPruningMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sync_checkpoints")
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("version", "bigint", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("sync_checkpoints_pk", ["user_id", "version"])
      .execute();
    await db.schema
      .createTable("sync_horizons")
      .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("version", "bigint", (c) => c.notNull())
      .execute();
    // Old op results go by age, a day's worth at a time: a range of this index, not a scan of every op.
    await db.schema.createIndex("sync_ops_created_at").on("sync_ops").column("created_at").execute();
    // Unmarked days only: a prune reads the few tombstones, not every done day of every user.
    await db.schema
      .createIndex("completions_tombstones")
      .on("completions")
      .columns(["user_id", "version"])
      .where(sql.ref("done"), "=", 0)
      .execute();
  },
};
