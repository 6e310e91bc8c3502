// Node's own SQLite (node:sqlite, Node 22.13 and later) behind the interface Kysely's SqliteDialect expects.
// Used where better-sqlite3's native addon cannot load: see docs/decisions (Node 24 support).
import { createRequire } from "node:module";
import type { SqliteDatabase, SqliteStatement } from "kysely";

type StatementSync = {
  all: (...params: unknown[]) => unknown[];
  run: (...params: unknown[]) => { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate: (...params: unknown[]) => IterableIterator<unknown>;
  columns: () => unknown[];
};
type DatabaseSync = {
  prepare: (sql: string) => StatementSync;
  exec: (sql: string) => void;
  close: () => void;
};
type NodeSqliteModule = { DatabaseSync: new (path: string) => DatabaseSync };

/** True when this Node has node:sqlite. */
export function hasNodeSqlite(): boolean {
  try {
    loadModule();
    return true;
  } catch {
    return false;
  }
}

function loadModule(): NodeSqliteModule {
  // A plain import would fail to load on Node 20, where the module does not exist.
  return createRequire(import.meta.url)("node:sqlite") as NodeSqliteModule;
}

/** A node:sqlite database shaped like better-sqlite3 for Kysely, with `pragma` for our settings. */
export function openNodeSqlite(file: string): SqliteDatabase & { exec: (sql: string) => void } {
  const db = new (loadModule().DatabaseSync)(file);
  return {
    close: () => db.close(),
    exec: (sql) => db.exec(sql),
    prepare(sql): SqliteStatement {
      const statement = db.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (params) => statement.all(...params),
        run: (params) => statement.run(...params),
        iterate: (params) => statement.iterate(...params),
      };
    },
  };
}
