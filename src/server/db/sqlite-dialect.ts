// Kysely's SQLite dialect with our own driver (docs/decisions/0058-write-path.md):
// - one writer connection on this thread (synchronous = FULL), taken by one Kysely transaction at a time;
// - transactions that queue for it share one real transaction (BEGIN IMMEDIATE ... COMMIT), each in a savepoint of
//   its own, and each is answered only once that COMMIT (and so its fsync) has returned: a group commit;
// - a SELECT outside a transaction runs on a read-only connection, which sees committed, and so durable, rows only.
import {
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from "kysely";

/** Statements by SQL text: preparing one costs as much as running a small one. */
export function preparedStatements(db: SqliteDatabase, max = 200) {
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

/** Hands the writer to one holder at a time, in the order asked. */
function mutex() {
  let tail = Promise.resolve();
  return async () => {
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  };
}

type Member = { resolve: () => void; reject: (error: unknown) => void };

/** What Kysely holds between acquire and release: `release` while it holds the writer, `inTransaction` once its savepoint is open. */
type Held = DatabaseConnection & { release?: () => void; inTransaction?: boolean };

/** `writer` takes every write; `reader` (absent for an in-memory database) the SELECTs outside a transaction. */
export function sqliteDialect(writer: SqliteDatabase, reader?: SqliteDatabase): Dialect {
  const lock = mutex();
  const prepare = preparedStatements(writer);
  const prepareRead = reader && preparedStatements(reader);

  const run = <R>(sql: string, parameters: readonly unknown[] = []): QueryResult<R> => {
    const statement = prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      rows: [],
      numAffectedRows: BigInt(changes),
      insertId: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
    };
  };

  const group = { open: false, members: [] as Member[] };

  /** The real transaction is gone (or its COMMIT failed): roll back what is left, fail every member. */
  const abandonGroup = (error: unknown) => {
    const members = group.members;
    group.members = [];
    group.open = false;
    try {
      run("rollback");
    } catch {
      // SQLite rolled back already
    }
    for (const member of members) member.reject(error);
  };

  /** COMMIT (with the writer held), then every member of the group is answered. */
  const commitGroup = () => {
    if (!group.open) return;
    try {
      run("commit");
    } catch (error) {
      abandonGroup(error);
      return;
    }
    const members = group.members;
    group.members = [];
    group.open = false;
    for (const member of members) member.resolve();
  };

  // The group commits once the event loop has run what it read in this turn: every request read meanwhile has
  // queued for the writer before this, and joins the group.
  let commitScheduled = false;
  const commitSoon = () => {
    if (commitScheduled) return;
    commitScheduled = true;
    setImmediate(() => {
      commitScheduled = false;
      void lock().then((release) => {
        commitGroup();
        release();
      });
    });
  };

  const connection = (): Held => {
    const conn: Held = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        if (conn.release) return run<R>(query.sql, query.parameters);
        if (prepareRead && SelectQueryNode.is(query.query))
          return { rows: prepareRead(query.sql).all(query.parameters) as R[] };
        // Anything else outside a transaction (a pragma, a write on its own) runs after the open group commits.
        const release = await lock();
        try {
          commitGroup();
          return run<R>(query.sql, query.parameters);
        } finally {
          release();
        }
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
    async beginTransaction(conn: Held) {
      conn.release = await lock();
      // BEGIN IMMEDIATE takes the write lock at once (waiting busy_timeout for another process's); a plain BEGIN
      // that upgrades later would fail at once with "database is locked".
      if (!group.open) {
        run("begin immediate");
        group.open = true;
      }
      run("savepoint member");
      conn.inTransaction = true;
    },
    async commitTransaction(conn: Held) {
      conn.inTransaction = false;
      try {
        run("release member");
      } catch (error) {
        abandonGroup(error);
        throw error;
      }
      const durable = new Promise<void>((resolve, reject) => group.members.push({ resolve, reject }));
      conn.release?.();
      conn.release = undefined;
      commitSoon();
      await durable;
    },
    async rollbackTransaction(conn: Held) {
      if (!conn.inTransaction) return; // its savepoint was never opened
      conn.inTransaction = false;
      try {
        run("rollback to member");
        run("release member");
      } catch (error) {
        // SQLite rolled the whole transaction back (an I/O error, a full disk): the group's members fail with it.
        abandonGroup(error);
      }
    },
    async releaseConnection(conn: Held) {
      if (!conn.release) return;
      conn.release();
      conn.release = undefined;
      commitSoon();
    },
    async destroy() {
      const release = await lock();
      commitGroup();
      reader?.close();
      writer.close();
      release();
    },
  };

  return {
    createDriver: () => driver,
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
