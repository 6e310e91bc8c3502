// The SQLite writer connection on its own thread (docs/decisions/0017-sqlite-writer-and-reader.md): a commit's
// fsync, a checkpoint and a wait for another process's write lock block this thread, never the server's event
// loop. Plain JavaScript, so that it starts alike under tsx, vitest and Node 24. It runs one message at a time, in
// the order they arrive; sqlite-writer.ts sends the next only after the answer to the last.
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);

/** better-sqlite3, or node:sqlite where its native addon cannot load (as database.ts, docs/decisions/0021). */
function connect(file) {
  try {
    const Database = require("better-sqlite3");
    return { db: new Database(file), isReader: (statement) => statement.reader };
  } catch (error) {
    let nodeSqlite;
    try {
      nodeSqlite = require("node:sqlite");
    } catch {
      throw error;
    }
    return {
      db: new nodeSqlite.DatabaseSync(file),
      isReader: (statement) => statement.columns().length > 0,
    };
  }
}

const { file, pragmas } = workerData;
const { db, isReader } = connect(file);
for (const pragma of pragmas) db.exec(`pragma ${pragma}`);

// Statements by SQL text: preparing one costs as much as running a small one.
const cache = new Map();
function prepare(sql) {
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= 200) cache.clear();
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** Statement texts by the number the main thread gave them. */
const texts = [];

// A structured clone turns a Buffer into a Uint8Array; the drivers bind blobs from Buffers.
const bindable = (value) => (value instanceof Uint8Array ? Buffer.from(value) : value);

/** Runs one statement: rows for a reader, changes for a writer. */
function run(sql, parameters) {
  const statement = prepare(sql);
  const values = parameters.map(bindable);
  if (isReader(statement)) return { rows: statement.all(...values) };
  const { changes, lastInsertRowid } = statement.run(...values);
  return { changes, lastInsertRowid };
}

// A message may carry statements without parameters to run first (`b`, for before: BEGIN, SAVEPOINT, RELEASE), so that a
// transaction's bounds cost no trip of their own (docs/decisions/0032). The answer is the last statement's; on an
// error, `failedAt` tells which one failed (an index into `before`, or its length for the statement itself), and
// none after it ran.
parentPort.on("message", (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  // Statement texts come once, with a number (sqlite-writer.ts); later messages give only the number.
  if (message.t) for (const [n, text] of message.t) texts[n] = text;
  const { id, q, p: parameters, b: before = [] } = message;
  let at = 0;
  try {
    for (; at < before.length; at++) run(texts[before[at]], []);
    parentPort.postMessage({ id, ...run(texts[q], parameters) });
  } catch (error) {
    const { message = String(error), code, name } = error ?? {};
    parentPort.postMessage({ id, error: { message, code, name }, failedAt: at });
  }
});
