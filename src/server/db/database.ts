import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, sql, type SqliteDatabase } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import fs from "node:fs";
import { dirname } from "node:path";
import type { Database } from "./schema";
import { makePrivateDir, makePrivateFile } from "../private-files";
import { hasNodeSqlite, openNodeSqlite } from "./node-sqlite";
import { sqliteDialect, type NearTransact } from "./sqlite-dialect";
import { startSqliteWriter, writerOnThisThread, type SyncSql } from "./sqlite-writer";

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

// WAL lets readers run beside the writer; FULL sync means a committed write survives power loss.
const PRAGMAS = ["journal_mode = WAL", "synchronous = FULL", "busy_timeout = 5000", "foreign_keys = ON"];
/**
 * This thread's writer for small transactions never waits for a lock nor checkpoints, and its COMMIT does not sync
 * the WAL: the dialect syncs it off this thread before any of its writes is answered or read (decision 0038).
 */
export const NEAR_PRAGMAS = [
  "journal_mode = WAL",
  "synchronous = NORMAL",
  "busy_timeout = 0",
  "foreign_keys = ON",
  "wal_autocheckpoint = 0",
];

/**
 * fdatasync of the WAL on libuv's threads, opened anew each time (the file may have been replaced meanwhile), with
 * fs's callbacks: one promise for the three calls, where fs/promises made a handle and a promise for each.
 */
export function syncFile(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    fs.open(path, "r+", (opened, fd) => {
      if (opened) return reject(opened);
      fs.fdatasync(fd, (synced) =>
        fs.close(fd, (closed) => ((synced ?? closed) ? reject(synced ?? closed) : resolve())),
      );
    });
  });
}

function openSqlite(file: string, pragmas: readonly string[]): SqliteDatabase {
  const sqlite = connectSqlite(file);
  for (const pragma of pragmas) sqlite.exec(`pragma ${pragma}`);
  return sqlite;
}

/** Each database's handle for small transactions (smallWrites), and its synchronous ones (nearTransaction). */
const nearTwins = new WeakMap<Db, Db>();
const nearTransacts = new WeakMap<Db, NearTransact>();

/**
 * A file gets a writer thread, a reader on this thread and, for small transactions, a writer on this thread; an
 * in-memory database, one connection here.
 */
function sqliteDatabase(file: string): Kysely<Database> {
  if (file === ":memory:")
    return new Kysely({ dialect: sqliteDialect(writerOnThisThread(openSqlite(file, PRAGMAS))) });
  makePrivateDir(dirname(file));
  makePrivateFile(file);
  const reader = openSqlite(file, [...PRAGMAS, "query_only = ON"]);
  const writer = startSqliteWriter(file, PRAGMAS);
  const near = {
    writer: writerOnThisThread(openSqlite(file, NEAR_PRAGMAS)),
    checkpoint: () => writer.execute(CompiledQuery.raw("pragma wal_checkpoint(PASSIVE)")),
    syncWal: () => syncFile(`${file}-wal`),
  };
  const dialects = sqliteDialect(writer, reader, near);
  const db = new Kysely<Database>({ dialect: dialects });
  if (dialects.near) nearTwins.set(db, new Kysely<Database>({ dialect: dialects.near }));
  if (dialects.transact) nearTransacts.set(db, dialects.transact);
  return db;
}

/**
 * Runs `body` as a small transaction whose statements run at once, synchronously, on this thread's SQLite writer
 * (docs/decisions/0038-near-writes.md): no promise and no query builder between them. Undefined, having done
 * nothing, where there is no such writer (PostgreSQL, an in-memory database) or another process holds the write
 * lock: the caller then takes its general way.
 */
export async function nearTransaction<T>(
  db: Db,
  body: (sql: SyncSql) => T,
): Promise<{ value: T } | undefined> {
  return nearTransacts.get(db)?.(body);
}

/**
 * The handle for a small, short transaction (a mark, a push of a few ops): on a SQLite file it runs on this
 * thread's writer connection, with no trip to the writer thread, and commits with the others of the same turn of
 * the event loop (docs/decisions/0038-near-writes.md). Elsewhere, `db` itself. Large writes (imports) must not use
 * it: they would hold the event loop.
 */
export const smallWrites = (db: Db): Db => nearTwins.get(db) ?? db;

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
