import { Kysely, PostgresAdapter, PostgresDialect, sql, type SqliteDatabase } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Database } from "./schema";
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
function connectSqlite(file: string): SqliteDatabase & { exec: (sql: string) => unknown } {
  try {
    return new SQLite(file);
  } catch (error) {
    if (!hasNodeSqlite()) throw error;
    return openNodeSqlite(file);
  }
}

function openSqlite(file: string, { reader = false } = {}): SqliteDatabase {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = connectSqlite(file);
  // WAL lets readers run beside the writer; FULL sync means a committed write survives power loss.
  sqlite.exec("pragma journal_mode = WAL");
  sqlite.exec("pragma synchronous = FULL");
  sqlite.exec("pragma busy_timeout = 5000");
  sqlite.exec("pragma foreign_keys = ON");
  if (reader) sqlite.exec("pragma query_only = ON");
  return sqlite;
}

export function openDatabase(url: string): DatabaseHandle {
  const dialect = dialectOf(url);
  if (dialect === "sqlite") {
    const file = sqliteFile(url);
    // Reads outside transactions get their own connection (an in-memory database cannot be shared).
    const reader = file === ":memory:" ? undefined : openSqlite(file, { reader: true });
    const db = new Kysely<Database>({ dialect: sqliteDialect(openSqlite(file), reader) });
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

/**
 * True on PostgreSQL, where a user's bulk writes take `select ... for update` on their profile row to run one
 * at a time; SQLite needs no lock because every transaction takes its one write lock (BEGIN IMMEDIATE).
 */
export function locksRows(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
