// Kysely's SQLite dialects, with our own drivers (docs/decisions/0058-write-path.md):
// - one writer connection (synchronous = FULL), taken by one Kysely transaction at a time;
// - transactions that queue for it share one real transaction (BEGIN IMMEDIATE ... COMMIT), each in a savepoint of
//   its own, and each is answered only once that COMMIT (and so its fsync) has returned: a group commit;
// - a SELECT outside a transaction runs on a read-only connection, which sees committed, and so durable, rows only;
// - for a file, the writer is on a thread of its own, which takes a whole write function (db/writer.ts) or a lone
//   statement per message, so that the event loop neither runs the statements nor waits for the fsync.
import { Worker, type MessagePort } from "node:worker_threads";
import {
  CompiledQuery,
  Kysely,
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
import SQLite from "better-sqlite3";
import { ApiError, type ErrorText } from "../http/errors";
import { hasNodeSqlite, openNodeSqlite } from "./node-sqlite";
import type { Database } from "./schema";
import { writeFunctions, type WriterCall } from "./writer";

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
// checkpoints the WAL itself.
export const PRAGMAS = [
  "journal_mode = WAL",
  "synchronous = FULL",
  "busy_timeout = 5000",
  "foreign_keys = ON",
];
const READER_PRAGMAS = [...PRAGMAS, "query_only = ON"];

export function openSqlite(file: string, pragmas: readonly string[] = PRAGMAS): SqliteDatabase {
  const sqlite = connectSqlite(file);
  for (const pragma of pragmas) sqlite.exec(`pragma ${pragma}`);
  return sqlite;
}

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

async function* noStreaming<R>(): AsyncIterableIterator<QueryResult<R>> {
  yield Promise.reject<QueryResult<R>>(new Error("Streaming queries are not supported on SQLite here"));
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
      streamQuery: noStreaming,
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

  return dialectWith(driver, new SqliteAdapter());
}

function dialectWith(driver: Driver, adapter: SqliteAdapter): Dialect {
  return {
    createDriver: () => driver,
    createAdapter: () => adapter,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}

// The writer's thread: messages between it and the event loop.
type Message =
  | { kind: "write"; name: string; args: readonly unknown[] }
  | { kind: "statement"; sql: string; parameters: readonly unknown[] }
  | { kind: "close" };
type Request = Message & { id: number };
type ErrorData = {
  name: string;
  message: string;
  stack?: string;
  api: boolean;
  props: Record<string, unknown>;
  /** An ApiError's message, as data (http/errors.ts). */
  text?: ErrorText;
};
type Answer = { id: number; result?: unknown; error?: ErrorData };

// An error crosses as its message and its own plain fields (an ApiError's status and code, SQLite's code).
function errorData(error: unknown): ErrorData {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), api: false, props: {} };
  const props = Object.fromEntries(
    Object.entries(error).filter(([, value]) => value === null || typeof value !== "object"),
  );
  const { name, message, stack } = error;
  if (error instanceof ApiError) return { name, message, stack, api: true, props, text: error.text };
  return { name, message, stack, api: false, props };
}

function errorOf({ name, message, stack, api, props, text }: ErrorData): Error {
  const error =
    api && text ? new ApiError(props.status as never, props.code as never, text) : new Error(message);
  Object.assign(error, props);
  error.name = name;
  error.stack = `${stack ?? `${name}: ${message}`}\n    at the SQLite writer's thread`;
  return error;
}

/** The writer's thread: the group commit of one writer connection, fed by messages (sqlite-writer.worker.ts). */
export function serveWriter(port: MessagePort, file: string): void {
  const db = new Kysely<Database>({
    dialect: sqliteDialect(openSqlite(file, PRAGMAS), openSqlite(file, READER_PRAGMAS)),
  });
  const answer = async (request: Request): Promise<unknown> => {
    if (request.kind === "statement")
      return db.executeQuery(CompiledQuery.raw(request.sql, [...request.parameters]));
    if (request.kind === "close") return db.destroy();
    const write = writeFunctions.get(request.name);
    if (!write) throw new Error(`No write function is called ${request.name} on the writer's thread`);
    return write(db, ...(request.args as never[]));
  };
  port.on("message", (request: Request) => {
    answer(request).then(
      (result) => {
        try {
          port.postMessage({ id: request.id, result } satisfies Answer);
        } catch (error) {
          port.postMessage({ id: request.id, error: errorData(error) } satisfies Answer);
        }
      },
      (error: unknown) => port.postMessage({ id: request.id, error: errorData(error) } satisfies Answer),
    );
  });
}

// The thread's code: its bundle beside the built server's, or its TypeScript through tsx (sqlite-writer.dev.mjs).
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("../sqlite-writer.dev.mjs", import.meta.url)
  : new URL("./sqlite-writer.worker.js", import.meta.url);

/**
 * A SQLite file as the event loop sees it: SELECTs on a read-only connection of its own (a transaction here only
 * reads), every write on the writer's thread, which answers once it is durable.
 */
export function threadedSqliteDialect(file: string): Dialect {
  openSqlite(file).close(); // the file made, in WAL mode, before either side reads it
  const reader = openSqlite(file, READER_PRAGMAS);
  const prepareRead = preparedStatements(reader);
  // The thread's young generation as small as the event loop's (package.json's start: --max-semi-space-size):
  // the server's memory budget holds both.
  const worker = new Worker(WORKER_URL, {
    workerData: { file },
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  worker.unref();
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  let stopped: Error | undefined;
  const failAll = (error: Error) => {
    stopped ??= error;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
  };
  worker.on("message", ({ id, result, error }: Answer) => {
    const call = pending.get(id);
    pending.delete(id);
    // The thread keeps the process alive only while it has work.
    if (pending.size === 0) worker.unref();
    if (error) call?.reject(errorOf(error));
    else call?.resolve(result);
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`The SQLite writer's thread stopped (exit code ${code})`)));
  const send = <R>(request: Message): Promise<R> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<R>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id });
    });
  };

  const adapter = new (class extends SqliteAdapter implements WriterCall {
    callWrite(name: string, args: readonly unknown[]) {
      return send({ kind: "write", name, args });
    }
  })();

  // A read transaction holds the reader; SELECTs outside it wait, so that none sees its older snapshot.
  let readTransaction: Promise<void> | undefined;
  const read = <R>(query: CompiledQuery): QueryResult<R> => {
    const statement = prepareRead(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    statement.run(query.parameters); // fails: the reader is query_only
    return { rows: [] };
  };
  type Reading = DatabaseConnection & { end?: () => void };
  const connection = (): Reading => {
    const conn: Reading = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        if (conn.end) return read<R>(query);
        if (SelectQueryNode.is(query.query)) {
          while (readTransaction) await readTransaction;
          return read<R>(query);
        }
        return send<QueryResult<R>>({ kind: "statement", sql: query.sql, parameters: query.parameters });
      },
      streamQuery: noStreaming,
    };
    return conn;
  };

  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection(),
    async beginTransaction(conn: Reading) {
      while (readTransaction) await readTransaction;
      readTransaction = new Promise<void>((resolve) => {
        conn.end = () => {
          conn.end = undefined;
          readTransaction = undefined;
          resolve();
        };
      });
      prepareRead("begin").run([]);
    },
    async commitTransaction(conn: Reading) {
      try {
        prepareRead("commit").run([]);
      } finally {
        conn.end?.();
      }
    },
    async rollbackTransaction(conn: Reading) {
      try {
        prepareRead("rollback").run([]);
      } finally {
        conn.end?.();
      }
    },
    releaseConnection: async () => undefined,
    async destroy() {
      if (!stopped) await send({ kind: "close" }).catch(() => undefined);
      await worker.terminate();
      reader.close();
    },
  };
  return dialectWith(driver, adapter);
}
