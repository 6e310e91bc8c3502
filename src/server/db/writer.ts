// Write functions: a whole transaction, named, so that on a SQLite file it runs on the writer's thread as one
// message (docs/decisions/0058-write-path.md). Elsewhere (PostgreSQL, an in-memory database, and on the writer's
// thread itself) the function runs where it is called.
import type { Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;
type WriteFunction = (db: Db, ...args: never[]) => Promise<unknown>;
type AnyDb = Kysely<Database> | Kysely<unknown>;

/** Every write function by name; the writer's thread looks its messages up here. */
export const writeFunctions = new Map<string, WriteFunction>();

/** The adapter of a database whose writer is on another thread: it runs a write function there. */
export type WriterCall = { callWrite(name: string, args: readonly unknown[]): Promise<unknown> };

const writerCall = (db: AnyDb): WriterCall | undefined => {
  const adapter = db.getExecutor().adapter as Partial<WriterCall>;
  return typeof adapter.callWrite === "function" ? (adapter as WriterCall) : undefined;
};

/**
 * `fn` as a write function called `name`. Its arguments and result travel between threads, so they are plain data
 * (structured clone: no functions, no class instances other than Date and Error).
 */
export function onWriter<D extends AnyDb, A extends unknown[], R>(
  name: string,
  fn: (db: D, ...args: A) => Promise<R>,
): (db: D, ...args: A) => Promise<R> {
  if (writeFunctions.has(name)) throw new Error(`Two write functions are called ${name}`);
  writeFunctions.set(name, fn as unknown as WriteFunction);
  return (db, ...args) => {
    const call = writerCall(db);
    return call ? (call.callWrite(name, args) as Promise<R>) : fn(db, ...args);
  };
}
