// Kysely's SQLite dialect with two changes (docs/decisions/0017-sqlite-writer-and-reader.md):
// - a transaction starts with BEGIN IMMEDIATE, so it takes the write lock at once and waits (busy timeout) for
//   another process's writer; a plain BEGIN that upgrades later fails at once with "database is locked";
// - a SELECT outside a transaction runs on a second, read-only connection, so that (with WAL) reads go on while a
//   long write transaction, such as a large import, holds the one writer connection.
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type SqliteDatabase,
} from "kysely";

/** What Kysely holds between acquire and release: the writer is taken only when a query needs it. */
type Routed = DatabaseConnection & { writer?: DatabaseConnection };

export function sqliteDialect(writer: SqliteDatabase, reader?: SqliteDatabase): Dialect {
  const writes = new SqliteDriver({ database: writer });
  const reads = reader ? new SqliteDriver({ database: reader }) : undefined;
  const writerOf = async (conn: Routed) => (conn.writer ??= await writes.acquireConnection());

  const connection = (): Routed => {
    const conn: Routed = {
      async executeQuery(query) {
        if (reads && !conn.writer && SelectQueryNode.is(query.query)) {
          const read = await reads.acquireConnection();
          try {
            return await read.executeQuery(query);
          } finally {
            await reads.releaseConnection();
          }
        }
        return (await writerOf(conn)).executeQuery(query);
      },
      async *streamQuery(query, chunkSize) {
        yield* (await writerOf(conn)).streamQuery(query, chunkSize);
      },
    };
    return conn;
  };

  const onWriter =
    (name: "savepoint" | "rollbackToSavepoint" | "releaseSavepoint") =>
    async (conn: Routed, savepoint: string, compile: QueryCompiler["compileQuery"]) =>
      writes[name](await writerOf(conn), savepoint, compile);

  const driver: Driver = {
    async init() {
      await writes.init();
      await reads?.init();
    },
    acquireConnection: async () => connection(),
    async beginTransaction(conn: Routed) {
      await (await writerOf(conn)).executeQuery(CompiledQuery.raw("begin immediate"));
    },
    commitTransaction: async (conn: Routed) => writes.commitTransaction(await writerOf(conn)),
    rollbackTransaction: async (conn: Routed) => writes.rollbackTransaction(await writerOf(conn)),
    savepoint: onWriter("savepoint"),
    rollbackToSavepoint: onWriter("rollbackToSavepoint"),
    releaseSavepoint: onWriter("releaseSavepoint"),
    async releaseConnection(conn: Routed) {
      if (!conn.writer) return;
      conn.writer = undefined;
      await writes.releaseConnection();
    },
    async destroy() {
      await reads?.destroy();
      await writes.destroy();
    },
  };

  return {
    createDriver: () => driver,
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
