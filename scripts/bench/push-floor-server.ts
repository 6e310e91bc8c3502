// The push's floor (docs/performance.md, "Write path"): a bare Hono server that does nothing for a
// push of day ops but the app's own work on SQLite, as the app does it (push-days.repo.ts on this thread's writer,
// with the near writer's pragmas), in a group that commits once per turn of the event loop and is answered after an
// fdatasync of the WAL on libuv's threads (decision 0038). Left out, against the app: the session (a cookie looked
// up in a map), the Origin and body checks, the contract's validation, the write limit, the log line, the change
// notice, the savepoints and the WAL's checkpoints. Run by scripts/dev-push-floor.ts; prints "port <n>".
// Two options model what the app could be: --app-cost-us=N spends N µs of this thread's CPU on each push, standing
// in for the app's own work outside SQLite; --writer-thread runs the SQLite work on a thread of its own
// (push-floor-writer.ts), one message there and one back per group. It also serves the REST mark's floor (PUT and
// DELETE /api/habits/:id/completions/:date, below), in the same group commit, on this thread only.
// Usage: npx tsx scripts/bench/push-floor-server.ts <database file> <users.json> [--app-cost-us=N] [--writer-thread]
// (users.json: { cookie: userId })
import { serve } from "@hono/node-server";
import Database from "better-sqlite3";
import { Hono } from "hono";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { NEAR_PRAGMAS, syncFile } from "../../src/server/db/database";
import { writerOnThisThread } from "../../src/server/db/sqlite-writer";
import { latestDayOf } from "../../src/server/http/user-day";
import { keptDates } from "../../src/server/habits/habit-dates.repo";
import { toStored } from "../../src/server/habits/habits.repo";
import { markNow } from "../../src/server/habits/mark-now.repo";
import type { Db } from "../../src/server/db/database";
import { deriveHabit } from "../../src/core/habit";
import type { LocalDate } from "../../src/core/local-date";
import type { SyncPushResult } from "../../src/core/sync";
import { dayOpsOf, pushDaysNow } from "../../src/server/sync/push-days.repo";
import type { FloorPush } from "./push-floor-writer";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "app-cost-us": { type: "string" }, "writer-thread": { type: "boolean" } },
});
const [file, usersFile] = positionals;
const appCostMs = Number(values["app-cost-us"] ?? 0) / 1000;
if (!file || !usersFile) throw new Error("Usage: push-floor-server.ts <database file> <users.json>");
const users = new Map(Object.entries(JSON.parse(readFileSync(usersFile, "utf8")) as Record<string, string>));
const connection = new Database(file);
for (const pragma of NEAR_PRAGMAS) connection.exec(`pragma ${pragma}`);
const { sync: sql } = writerOnThisThread(connection);
const limits = { maxHabits: 1_000, maxDays: 200_000 }; // the bench's USER_MAX_DAYS
const spend = () => {
  const until = performance.now() + appCostMs;
  while (performance.now() < until);
};

// The group: opened by its first push, committed once per turn of the loop, answered after the WAL's next sync
// (one sync at a time; a commit made during one waits for the one after it).
let open = false;
let members: (() => void)[] = [];
let commitScheduled = false;
let syncing: Promise<void> | undefined;
let queued: Promise<void> | undefined;
const startSync = () => {
  const sync = syncFile(`${file}-wal`);
  syncing = sync;
  void sync.finally(() => {
    if (syncing === sync) syncing = undefined;
  });
  return sync;
};
const durable = () =>
  syncing
    ? (queued ??= syncing.then(() => {
        queued = undefined;
        return startSync();
      }))
    : startSync();
const commitSoon = () => {
  if (commitScheduled) return;
  commitScheduled = true;
  setImmediate(() => {
    commitScheduled = false;
    sql.run("commit", []);
    open = false;
    const answered = members;
    members = [];
    void durable().then(() => answered.forEach((answer) => answer()));
  });
};

// --writer-thread: the pushes that arrive in one turn of the loop go to the writer as one group; while it runs,
// the next group gathers here.
const writer = values["writer-thread"]
  ? new Worker(
      // A worker's entry is not loaded through tsx's hooks on Node 20: tsx imports it.
      `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(new URL("./push-floor-writer.ts", import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`,
      { eval: true, workerData: { file, limits } },
    )
  : undefined;
let gathering: { push: FloorPush; answer: (result: SyncPushResult) => void }[] = [];
const sent: (typeof gathering)[] = [];
let flushScheduled = false;
const flush = () => {
  flushScheduled = false;
  if (sent.length > 0 || gathering.length === 0) return; // one group at the writer at a time
  const group = gathering;
  gathering = [];
  sent.push(group);
  writer!.postMessage(group.map((g) => g.push));
};
writer?.on("message", (results: SyncPushResult[]) => {
  const group = sent.shift()!;
  void durable().then(() => group.forEach((g, i) => g.answer(results[i]!)));
  flush();
});
const viaWriter = (push: FloorPush) =>
  new Promise<SyncPushResult>((answer) => {
    gathering.push({ push, answer });
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  });

const app = new Hono();
app.post("/api/sync/push", async (c) => {
  const userId = users.get(c.req.header("cookie") ?? "");
  if (!userId) return c.json({ error: "unknown cookie" }, 401);
  const body = (await c.req.json()) as { ops: { opId: string }[] };
  const ops = dayOpsOf(body.ops);
  if (!ops) return c.json({ error: "not day ops" }, 400);
  const now = new Date();
  spend();
  const latest = latestDayOf(c.req.header("x-local-date"), now);
  if (writer) return c.json(await viaWriter({ userId, ops, now: now.getTime(), latest }));
  if (!open) sql.run("begin immediate", []);
  open = true;
  const result = pushDaysNow(sql, userId, ops, { now, limits, latest });
  await new Promise<void>((answer) => {
    members.push(answer);
    commitSoon();
  });
  return c.json(result);
});

// The REST mark's floor: habits.repo.ts setCompletion's way on this thread's writer (mark-now.repo.ts, with the days
// kept per habit as the app keeps them), then the habit's answer as the app derives and writes it (core/habit.ts,
// JSON under 12 KiB sent as it is). Left out besides the push's list above: the date's check against the user's
// today and the vacations (the bench's accounts have none; the app reads them from its kept settings).
const kept = keptDates({} as Db); // kept per database object: this server's own, as it has no Kysely handle
app.on(["PUT", "DELETE"], "/api/habits/:id/completions/:date", async (c) => {
  const userId = users.get(c.req.header("cookie") ?? "");
  if (!userId) return c.json({ error: "unknown cookie" }, 401);
  const id = c.req.param("id");
  const date = c.req.param("date") as LocalDate;
  const now = new Date();
  spend();
  const today = latestDayOf(c.req.header("x-local-date"), now);
  if (!open) sql.run("begin immediate", []);
  open = true;
  const mark = { userId, id, date, done: c.req.method === "PUT", now, limits };
  const marked = markNow(sql, mark, kept.entry(userId, id));
  await new Promise<void>((answer) => {
    members.push(answer);
    commitSoon();
  });
  if (!marked) return c.json({ error: "no such habit" }, 404);
  kept.set(userId, id, marked.counter, Number(marked.row.version), marked.dates);
  return c.body(JSON.stringify(deriveHabit(toStored(marked.row, marked.dates), today)), 200, {
    "content-type": "application/json; charset=UTF-8",
  });
});
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`port ${info.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
