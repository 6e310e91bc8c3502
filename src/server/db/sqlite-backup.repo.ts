import { sql } from "kysely";
import type { Db } from "./database";

/** A consistent copy of the whole database, read in one transaction while other connections keep writing. */
export async function vacuumInto(db: Db, file: string): Promise<void> {
  await sql`vacuum into ${file}`.execute(db);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What is wrong with the database file `file`, or null when it passes integrity_check and holds our tables. */
export async function problemWith(db: Db, file: string): Promise<string | null> {
  try {
    await sql`attach database ${file} as candidate`.execute(db);
  } catch (error) {
    return messageOf(error);
  }
  try {
    const check = await sql<{ integrity_check: string }>`pragma candidate.integrity_check`.execute(db);
    const result = check.rows.map((r) => r.integrity_check).join("; ");
    if (result !== "ok") return `integrity_check: ${result}`;
    const tables = await sql<{ name: string }>`select name from candidate.sqlite_master
      where type = 'table' and name in ('user', 'app_migrations')`.execute(db);
    if (tables.rows.length < 2) return "it is not a Habit Streaks database";
    // Rollback journal, so that the file stands alone (no -wal beside it) until the server opens it.
    await sql`pragma candidate.journal_mode = delete`.execute(db);
    return null;
  } catch (error) {
    return messageOf(error);
  } finally {
    await sql`detach database candidate`.execute(db);
  }
}

/**
 * How far a restore moves every user's sync counter (docs/decisions/0027): past any cursor a device can hold from
 * the replaced database, which no user reaches (a million writes a day for 2,700 years).
 */
export const RESTORE_VERSION_JUMP = 1_000_000_000_000;

/**
 * The restored copy `file` starts a new sync lineage: each user's counter jumps by RESTORE_VERSION_JUMP and
 * their horizon is set to it. A device's cursor from before the restore is then below the horizon, however many
 * writes follow, and its next pull answers reset (a cursor equal to the restored counter would be answered by
 * changes, but the jump leaves none). A backup older than the sync tables (before migration 0005) is left as is.
 */
export async function startNewSyncLineage(db: Db, file: string): Promise<void> {
  await sql`attach database ${file} as candidate`.execute(db);
  try {
    const tables = await sql<{ name: string }>`select name from candidate.sqlite_master
      where type = 'table' and name in ('sync_state', 'sync_horizons')`.execute(db);
    if (tables.rows.length < 2) return;
    await sql`begin`.execute(db);
    await sql`update candidate.sync_state set version = version + ${RESTORE_VERSION_JUMP}`.execute(db);
    await sql`insert into candidate.sync_horizons (user_id, version)
      select user_id, version from candidate.sync_state where true
      on conflict (user_id) do update set version = excluded.version`.execute(db);
    await sql`commit`.execute(db);
  } finally {
    await sql`detach database candidate`.execute(db);
  }
}

/**
 * Takes the database file `file` out of WAL mode, which SQLite allows only when no other connection has it open:
 * false means a server (or another command) is using it. On success its WAL has been written back and removed.
 */
export async function releaseIfUnused(db: Db, file: string): Promise<boolean> {
  await sql`attach database ${file} as live`.execute(db);
  try {
    const mode = await sql<{ journal_mode: string }>`pragma live.journal_mode = delete`.execute(db);
    return mode.rows[0]?.journal_mode === "delete";
  } catch {
    return false; // SQLITE_BUSY: another connection holds it
  } finally {
    await sql`detach database live`.execute(db);
  }
}
