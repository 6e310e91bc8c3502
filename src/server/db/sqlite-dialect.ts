// Kysely's SQLite dialect with our own driver (docs/decisions/0017-sqlite-writer-and-reader.md):
// - one writer, usually on its own thread (sqlite-writer.ts), taken by one Kysely connection at a time;
// - a transaction starts with BEGIN IMMEDIATE, so it takes the write lock at once and waits (busy timeout) for
//   another process's writer; a plain BEGIN that upgrades later fails at once with "database is locked";
// - a SELECT outside a transaction runs on a read-only connection of this thread, so that (with WAL) reads go on
//   while a long write transaction, such as a large import, holds the writer.
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from "kysely";
import type { SqliteWriter } from "./sqlite-writer";

/** What Kysely holds between acquire and release; `release` is set while it holds the writer. */
type Routed = DatabaseConnection & { release?: () => void };

/** Hands the writer to one holder at a time, in the order asked. */
function mutex(): () => Promise<() => void> {
  let tail = Promise.resolve();
  return async () => {
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  };
}

/** Statements by SQL text: preparing one costs as much as running a small read. */
function statements(db: SqliteDatabase, max = 200) {
  const cache = new Map<string, ReturnType<SqliteDatabase["prepare"]>>();
  return (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      if (cache.size >= max) cache.clear();
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}

export function sqliteDialect(writer: SqliteWriter, reader?: SqliteDatabase): Dialect {
  const lock = mutex();
  const prepared = reader && statements(reader);
  const hold = async (conn: Routed) => {
    conn.release ??= await lock();
  };
  const run = (sql: string) => async (conn: Routed) => {
    await hold(conn);
    await writer.execute(CompiledQuery.raw(sql));
  };

  const connection = (): Routed => {
    const conn: Routed = {
      async executeQuery<R>(query: CompiledQuery) {
        if (prepared && !conn.release && SelectQueryNode.is(query.query))
          return { rows: prepared(query.sql).all(query.parameters) } as QueryResult<R>;
        await hold(conn);
        return (await writer.execute(query)) as QueryResult<R>;
      },
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        yield Promise.reject<QueryResult<R>>(new Error("Streaming queries are not supported on SQLite here"));
      },
    };
    return conn;
  };

  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection(),
    beginTransaction: run("begin immediate"),
    commitTransaction: run("commit"),
    rollbackTransaction: run("rollback"),
    async releaseConnection(conn: Routed) {
      conn.release?.();
      conn.release = undefined;
    },
    async destroy() {
      reader?.close();
      await writer.close();
    },
  };

  return {
    createDriver: () => driver,
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
