// The SQLite writer's thread (db/sqlite-dialect.ts: threadedSqliteDialect). It loads the modules that hold write
// functions (db/writer.ts: onWriter), so that each is known here by its name, and nothing else of the server:
// every module loaded is memory this thread holds (sqlite-writer.worker.test.ts checks the list is whole).
import { parentPort, workerData } from "node:worker_threads";
import { serveWriter } from "./db/sqlite-dialect";
import "./db/migrations";
import "./groups/groups.repo";
import "./habits/habits-append.repo";
import "./habits/habits-import.repo";
import "./habits/habits.repo";
import "./http/rate-limit.repo";
import "./reminders/reminders.repo";
import "./sync/prune.repo";
import "./sync/push.repo";
import "./tokens/tokens.repo";

serveWriter(parentPort!, (workerData as { file: string }).file);
