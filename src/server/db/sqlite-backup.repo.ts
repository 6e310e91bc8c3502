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
