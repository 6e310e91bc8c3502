import { Kysely, PostgresAdapter, PostgresDialect, sql, type SqliteDatabase } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import { dirname } from "node:path";
import type { Database } from "./schema";
import { makePrivateDir, makePrivateFile } from "../private-files";
import { hasNodeSqlite, openNodeSqlite } from "./node-sqlite";
import { sqliteDialect } from "./sqlite-dialect";

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

/** better-sqlite3, or Node's own node:sqlite where its native addon cannot load (docs/decisions/0021-node-24.md). */
export function connectSqlite(file: string): SqliteDatabase & { exec: (sql: string) => unknown } {
  try {
    return new SQLite(file);
  } catch (error) {
    if (!hasNodeSqlite()) throw error;
    return openNodeSqlite(file);
  }
}

// WAL lets the reader run beside the writer; FULL sync means a committed write survives power loss, and SQLite
// checkpoints the WAL itself (docs/decisions/0058-write-path.md).
const PRAGMAS = ["journal_mode = WAL", "synchronous = FULL", "busy_timeout = 5000", "foreign_keys = ON"];

function openSqlite(file: string, pragmas: readonly string[]): SqliteDatabase {
  const sqlite = connectSqlite(file);
  for (const pragma of pragmas) sqlite.exec(`pragma ${pragma}`);
  return sqlite;
}

/** A file gets a writer and a read-only reader, both on this thread; an in-memory database, one connection. */
function sqliteDatabase(file: string): Kysely<Database> {
  if (file === ":memory:") return new Kysely({ dialect: sqliteDialect(openSqlite(file, PRAGMAS)) });
  makePrivateDir(dirname(file));
  makePrivateFile(file);
  const writer = openSqlite(file, PRAGMAS);
  const reader = openSqlite(file, [...PRAGMAS, "query_only = ON"]);
  return new Kysely<Database>({ dialect: sqliteDialect(writer, reader) });
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
