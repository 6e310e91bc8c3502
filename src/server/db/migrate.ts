import { getMigrations } from "better-auth/db/migration";
import type { Kysely } from "kysely";
import type { Auth } from "../auth/auth";
import { migrateAppTables } from "./migrations";

/** Better Auth's tables first (ours reference user.id), then ours; both are idempotent. */
export async function migrateAll(auth: Auth, db: Kysely<unknown>): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  await migrateAppTables(db);
}
