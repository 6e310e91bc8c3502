// The SQLite writer's thread (db/sqlite-dialect.ts: threadedSqliteDialect). It loads the server's modules so that
// every write function (db/writer.ts) is known here by its name, then serves the event loop's messages.
import { parentPort, workerData } from "node:worker_threads";
import { serveWriter } from "./db/sqlite-dialect";
import "./server";

serveWriter(parentPort!, (workerData as { file: string }).file);
