// The push floor's SQLite work on a thread of its own (push-floor-server.ts --writer-thread): each message is a
// group of pushes, run in one transaction and committed (without a sync: the main thread syncs the WAL), answered
// with their results in one message.
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { NEAR_PRAGMAS } from "../../src/server/db/database";
import { writerOnThisThread } from "../../src/server/db/sqlite-writer";
import type { LocalDate } from "../../src/core/local-date";
import { pushDaysNow, type DayOp } from "../../src/server/sync/push-days.repo";

export type FloorPush = { userId: string; ops: DayOp[]; now: number; latest: LocalDate };

const { file, limits } = workerData as { file: string; limits: { maxHabits: number; maxDays: number } };
const connection = new Database(file);
for (const pragma of NEAR_PRAGMAS) connection.exec(`pragma ${pragma}`);
const { sync: sql } = writerOnThisThread(connection);
parentPort!.on("message", (group: FloorPush[]) => {
  sql.run("begin immediate", []);
  const results = group.map(({ userId, ops, now, latest }) =>
    pushDaysNow(sql, userId, ops, { now: new Date(now), limits, latest }),
  );
  sql.run("commit", []);
  parentPort!.postMessage(results);
});
