// The main thread's end of the SQLite writer thread (sqlite-writer.worker.mjs, docs/decisions/0017).
import type { CompiledQuery, QueryResult, SqliteDatabase } from "kysely";
import { once } from "node:events";
import { Worker } from "node:worker_threads";

/**
 * A statement, and statements without parameters to run just before it in the same trip (BEGIN, SAVEPOINT,
 * RELEASE: docs/decisions/0032). The answer is the statement's; if any of them fails, the ones after it do not run
 * and the error's `failedAt` tells which failed: an index into `before`, or its length for the statement itself.
 */
export type WriterQuery = CompiledQuery & { before?: readonly string[] };

export type SqliteWriter = {
  execute: (query: WriterQuery) => Promise<QueryResult<unknown>>;
  close: () => Promise<void>;
};

/** Which statement of a WriterQuery failed (see WriterQuery); the statement itself when the error does not say. */
export const failedAt = (error: unknown, query: WriterQuery): number => {
  const at = (error as { failedAt?: unknown } | null)?.failedAt;
  return typeof at === "number" ? at : (query.before?.length ?? 0);
};

type Reply = {
  id: number;
  rows?: unknown[];
  changes?: number | bigint;
  lastInsertRowid?: number | bigint;
  error?: { message: string; code?: string; name?: string };
  failedAt?: number;
};

const resultOf = ({ rows, changes, lastInsertRowid }: Reply): QueryResult<unknown> =>
  rows
    ? { rows }
    : {
        rows: [],
        numAffectedRows: changes === undefined ? undefined : BigInt(changes),
        insertId: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
      };

/** Statements by SQL text: preparing one costs as much as running a small read. */
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

/** Statements run at once on a connection of this thread: a small transaction's body (docs/decisions/0038). */
export type SyncSql = {
  /** The rows of a statement that returns rows. */
  all: <R>(sql: string, parameters: readonly unknown[]) => R[];
  /** Runs a statement; the number of rows it changed. */
  run: (sql: string, parameters: readonly unknown[]) => number;
};

export type WriterHere = SqliteWriter & { sync: SyncSql };

/**
 * Runs statements on a connection of this thread: for an in-memory database, which no other thread can open, and
 * for the small transactions of a file (sqlite-dialect.ts, docs/decisions/0038), also synchronously (`sync`).
 */
export function writerOnThisThread(db: SqliteDatabase): WriterHere {
  const prepare = preparedStatements(db);
  return {
    async execute({ sql, parameters, before = [] }) {
      let at = 0;
      try {
        for (; at < before.length; at++) prepare(before[at]!).run([]);
        const statement = prepare(sql);
        if (statement.reader) return { rows: statement.all(parameters) };
        const { changes, lastInsertRowid } = statement.run(parameters);
        return resultOf({ id: 0, changes, lastInsertRowid });
      } catch (error) {
        throw Object.assign(error as Error, { failedAt: at });
      }
    },
    sync: {
      all: <R>(sql: string, parameters: readonly unknown[]) => prepare(sql).all(parameters) as R[],
      run: (sql, parameters) => Number(prepare(sql).run(parameters).changes),
    },
    close: async () => db.close(),
  };
}

/** Opens `file` on a thread of its own with these pragmas; queries are sent one at a time (the caller's mutex). */
export function startSqliteWriter(file: string, pragmas: readonly string[]): SqliteWriter {
  const worker = new Worker(new URL("./sqlite-writer.worker.mjs", import.meta.url), {
    workerData: { file, pragmas },
  });
  const pending = new Map<
    number,
    { resolve: (r: QueryResult<unknown>) => void; reject: (e: Error) => void }
  >();
  let next = 0;
  let failure: Error | undefined;
  // The thread keeps the process alive only while a statement is on its way, as a socket would.
  worker.unref();
  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The SQLite writer thread has stopped (exit code ${code})`)));
  worker.on("message", (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (!waiting) return;
    if (!reply.error) return waiting.resolve(resultOf(reply));
    const { message, code, name } = reply.error;
    waiting.reject(
      Object.assign(new Error(message), { code, name: name ?? "Error", failedAt: reply.failedAt }),
    );
  });

  // Statements and the bounds before them travel as numbers once the thread has seen their text (`t` and `b`
  // carry it the first time): a message is mostly the statement's parameters, and cheaper to copy.
  const numbers = new Map<string, number>();
  const numberOf = (text: string, message: { t?: [number, string][] }) => {
    let n = numbers.get(text);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(text, n);
      (message.t ??= []).push([n, text]);
    }
    return n;
  };

  return {
    execute({ sql, parameters, before }) {
      if (failure) return Promise.reject(failure);
      const id = next++;
      const message: { id: number; q: number; p: readonly unknown[]; b?: number[]; t?: [number, string][] } =
        {
          id,
          q: 0,
          p: parameters,
        };
      if (before?.length) message.b = before.map((text) => numberOf(text, message));
      message.q = numberOf(sql, message);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage(message);
      });
    },
    async close() {
      if (failure) return;
      const exited = once(worker, "exit");
      worker.ref();
      worker.postMessage({ close: true });
      await exited;
    },
  };
}
