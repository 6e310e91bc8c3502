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
import { failedAt, type SqliteWriter, type WriterQuery } from "./sqlite-writer";

/**
 * What Kysely holds between acquire and release: `release` is set while it holds the writer, `inTransaction` from
 * its BEGIN to its end, `opened` once its savepoint is open (with its first statement).
 */
type Routed = DatabaseConnection & { release?: () => void; inTransaction?: boolean; opened?: boolean };

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
  // group, nothing acknowledged before it is durable. A transaction's bounds travel with its statements: BEGIN and
  // SAVEPOINT with its first, and its RELEASE with the next member's first statement or with the COMMIT
  // (`releasing`), so that a member costs the writer thread one trip per statement and no more.
  const group = { open: false, size: 0, members: [] as Member[], releasing: false };

  /** Runs `query` after the last member's RELEASE if it is still to be sent; a failing RELEASE loses the group. */
  const send = async (query: CompiledQuery, before: readonly string[] = []) => {
    const release = group.releasing ? ["release member"] : [];
    group.releasing = false;
    const sent: WriterQuery = { ...query, before: [...release, ...before] };
    try {
      return await writer.execute(sent);
    } catch (error) {
      const at = failedAt(error, sent) - release.length;
      if (at < 0) await abandonGroup(error);
      throw Object.assign(error as Error, { failedAt: at });
    }
  };

  /** Ends the open group: COMMIT, then every member's commit returns; or they all fail with its error. */
  const commitGroup = async () => {
    const members = group.members;
    group.members = [];
    group.size = 0;
    try {
      await send(raw("commit"));
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
    group.releasing = false;
    await writer.execute(raw("rollback")).catch(() => undefined); // SQLite may have rolled back already
    for (const member of members) member.reject(error);
  };

  const hold = async (conn: Routed) => {
    if (conn.release) return;
    conn.release = await lock();
    // A statement outside a transaction (a pragma, an autocommit write) runs after the group is durable.
    if (group.open && !conn.inTransaction) await commitGroup().catch(() => undefined);
  };

  /** A transaction's first statement, after BEGIN IMMEDIATE (when no group is open) and its SAVEPOINT. */
  const openWith = async (conn: Routed, query: CompiledQuery) => {
    const begin = group.open ? [] : ["begin immediate"];
    try {
      const result = await send(query, [...begin, "savepoint member"]);
      group.open = true;
      conn.opened = true;
      return result;
    } catch (error) {
      const at = failedAt(error, query);
      if (at >= begin.length) group.open = true; // BEGIN ran (or was not needed)
      if (at > begin.length)
        conn.opened = true; // the statement failed inside the savepoint: roll back to it
      else conn.inTransaction = false; // nothing of this transaction is open
      throw error;
    }
  };

  const connection = (): Routed => {
    const conn: Routed = {
      async executeQuery<R>(query: CompiledQuery) {
        if (prepared && !conn.release && SelectQueryNode.is(query.query))
          return { rows: prepared(query.sql).all(query.parameters) } as QueryResult<R>;
        await hold(conn);
        if (conn.inTransaction && !conn.opened) return (await openWith(conn, query)) as QueryResult<R>;
        return (await send(query)) as QueryResult<R>;
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
      // BEGIN and SAVEPOINT go with the first statement (openWith).
      conn.inTransaction = true;
      conn.opened = false;
      await hold(conn);
    },
    async commitTransaction(conn: Routed) {
      conn.inTransaction = false;
      if (!conn.opened) return; // no statement ran: nothing to commit
      conn.opened = false;
      group.size++;
      const durable = new Promise<void>((resolve, reject) => group.members.push({ resolve, reject }));
      // Others are waiting: the next one continues the transaction, after this one's RELEASE; the last of the
      // group commits it.
      if (lock.waiting() > 0 && group.size < GROUP_MAX) {
        group.releasing = true;
        conn.release?.();
        conn.release = undefined;
      } else {
        group.releasing = true;
        await commitGroup().catch(() => undefined); // the member's promise carries the error
      }
      await durable;
    },
    async rollbackTransaction(conn: Routed) {
      if (!conn.inTransaction) return; // BEGIN failed, or the group's COMMIT did (its members already failed)
      conn.inTransaction = false;
      if (!conn.opened) return; // its savepoint was never opened
      conn.opened = false;
      try {
        await send(raw("release member"), ["rollback to member"]);
      } catch (error) {
        // SQLite rolled the whole transaction back (an I/O error, a full disk): the group's members fail with it.
        if (group.open) await abandonGroup(error);
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
