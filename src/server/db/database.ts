import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { dirname } from "node:path";
import type { Database } from "./schema";
import { makePrivateDir, makePrivateFile } from "../private-files";
import { openSqlite, sqliteDialect, threadedSqliteDialect } from "./sqlite-dialect";

export { connectSqlite } from "./sqlite-dialect";

export type Dialect = "sqlite" | "postgres";
export type Db = Kysely<Database>;
export type DatabaseHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

export function dialectOf(url: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  if (url.startsWith("sqlite:") || url === ":memory:") return "sqlite";
  throw new Error(`Configuration error: DATABASE_URL must start with postgres:// or sqlite:, got "${url}"`);
}

function sqliteFile(url: string): string {
  return url === ":memory:" ? ":memory:" : url.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
}

/** A file's writer is on a thread of its own, its reads on this one; an in-memory database is one connection here. */
function sqliteDatabase(file: string): Kysely<Database> {
  if (file === ":memory:") return new Kysely({ dialect: sqliteDialect(openSqlite(file)) });
  makePrivateDir(dirname(file));
  makePrivateFile(file);
  return new Kysely<Database>({ dialect: threadedSqliteDialect(file) });
}

export function openDatabase(url: string): DatabaseHandle {
  const dialect = dialectOf(url);
  if (dialect === "sqlite") {
    const db = sqliteDatabase(sqliteFile(url));
    return { db, dialect, close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that PostgreSQL ends (restart, failover, admin) must not crash the server: the pool
  // drops it and opens a new one for the next query.
  pool.on("error", (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect, close: () => db.destroy() };
}

export async function checkDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * True on PostgreSQL, where a user's bulk writes take `select ... for update` on their profile row to run one
 * at a time; SQLite needs no lock because every transaction takes its one write lock (BEGIN IMMEDIATE).
 */
export function locksRows(db: Db): boolean {
  return isPostgres(db);
}
