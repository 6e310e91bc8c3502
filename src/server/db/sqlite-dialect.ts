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

/**
 * What Kysely holds between acquire and release: `release` is set while it holds the writer, `inTransaction` while
 * its transaction's savepoint is open.
 */
type Routed = DatabaseConnection & { release?: () => void; inTransaction?: boolean };

/** Hands the writer to one holder at a time, in the order asked, and tells how many are waiting. */
function mutex() {
  let tail = Promise.resolve();
  let waiting = 0;
  const lock = async () => {
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((resolve) => (release = resolve));
    waiting++;
    await previous;
    waiting--;
    return release;
  };
  return Object.assign(lock, { waiting: () => waiting });
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

/** Transactions that share one real transaction at most; their answers wait for its commit. */
export const GROUP_MAX = 64;

type Member = { resolve: () => void; reject: (error: unknown) => void };

const raw = (sql: string) => CompiledQuery.raw(sql);

export function sqliteDialect(writer: SqliteWriter, reader?: SqliteDatabase): Dialect {
  const lock = mutex();
  const prepared = reader && statements(reader);
  // Group commit (docs/decisions/0032-write-path.md): the transactions that queue for the writer while one runs
  // continue the same real transaction (BEGIN IMMEDIATE ... COMMIT), each inside a savepoint of its own, so that a
  // failing one rolls back alone. Each is answered only once the shared COMMIT has returned: one fsync for the
  // group, nothing acknowledged before it is durable.
  const group = { open: false, size: 0, members: [] as Member[] };

  /** Ends the open group: COMMIT, then every member's commit returns; or they all fail with its error. */
  const commitGroup = async () => {
    const members = group.members;
    group.members = [];
    group.size = 0;
    try {
      await writer.execute(raw("commit"));
      group.open = false;
      for (const member of members) member.resolve();
    } catch (error) {
      await abandonGroup(error, members);
      throw error;
    }
  };

  /** The real transaction is gone (or its COMMIT failed): roll back what is left, fail every member. */
  const abandonGroup = async (error: unknown, members = group.members) => {
    group.members = [];
    group.size = 0;
    group.open = false;
    await writer.execute(raw("rollback")).catch(() => undefined); // SQLite may have rolled back already
    for (const member of members) member.reject(error);
  };

  const hold = async (conn: Routed) => {
    if (conn.release) return;
    conn.release = await lock();
    // A statement outside a transaction (a pragma, an autocommit write) runs after the group is durable.
    if (group.open && !conn.inTransaction) await commitGroup().catch(() => undefined);
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
    async beginTransaction(conn: Routed) {
      conn.inTransaction = true;
      await hold(conn);
      try {
        if (!group.open) {
          await writer.execute(raw("begin immediate"));
          group.open = true;
        }
        await writer.execute(raw("savepoint member"));
      } catch (error) {
        conn.inTransaction = false;
        throw error;
      }
    },
    async commitTransaction(conn: Routed) {
      await writer.execute(raw("release member"));
      conn.inTransaction = false;
      group.size++;
      const durable = new Promise<void>((resolve, reject) => group.members.push({ resolve, reject }));
      // Others are waiting: let the next one continue the transaction; the last of the group commits it.
      if (lock.waiting() > 0 && group.size < GROUP_MAX) {
        conn.release?.();
        conn.release = undefined;
      } else {
        await commitGroup().catch(() => undefined); // the member's promise carries the error
      }
      await durable;
    },
    async rollbackTransaction(conn: Routed) {
      if (!conn.inTransaction) return; // BEGIN failed, or the group's COMMIT did (its members already failed)
      conn.inTransaction = false;
      try {
        await writer.execute(raw("rollback to member"));
        await writer.execute(raw("release member"));
      } catch (error) {
        // SQLite rolled the whole transaction back (an I/O error, a full disk): the group's members fail with it.
        await abandonGroup(error);
      }
    },
    async releaseConnection(conn: Routed) {
      if (!conn.release) return;
      // The group ends with the last holder when nobody waits to continue it.
      if (group.open && lock.waiting() === 0) await commitGroup().catch(() => undefined);
      conn.release();
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
