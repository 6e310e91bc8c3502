// Migration 0010: personal API tokens (docs/decisions/0035-api-tokens.md). Only the token's
// SHA-256 is stored: the database (or a backup of it) holds nothing that signs in.
import type { Kysely, Migration } from "kysely";

export const apiTokensMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("api_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      // Hex SHA-256 of the whole token; unique, so that a request finds its token with one index read.
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text")
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("api_tokens_user").on("api_tokens").column("user_id").execute();
  },
};
