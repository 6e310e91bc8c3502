// The write floor, the reference of `npm run bench`'s write rows (docs/performance.md, "Write path"): a bare Hono
// server that does nothing for a mark but the app's own statements on SQLite, as the app does it (push-days.repo.ts
// and mark-now.repo.ts on this thread's writer, with the near writer's pragmas), in a group that commits once per
// turn of the event loop and is answered after an fdatasync of the WAL on libuv's threads (decision 0038). Left out,
// against the app: the session (a cookie looked up in a map), the Origin and body checks, the contract's
// validation, the write limit, the log line, the change notice, the savepoints and the WAL's checkpoints.
// Prints "port <n>". Usage: npx tsx scripts/bench/push-floor-server.ts <database file> <users.json>
// (users.json: { cookie: userId })
import { serve } from "@hono/node-server";
import Database from "better-sqlite3";
import { Hono } from "hono";
import { readFileSync } from "node:fs";
import { NEAR_PRAGMAS, syncFile } from "../../src/server/db/database";
import { writerOnThisThread } from "../../src/server/db/sqlite-writer";
import { latestDayOf } from "../../src/server/http/user-day";
import { toStored } from "../../src/server/habits/habits.repo";
import { markNow } from "../../src/server/habits/mark-now.repo";
import { deriveHabit } from "../../src/core/habit";
import type { LocalDate } from "../../src/core/local-date";
import { dayOpsOf, pushDaysNow } from "../../src/server/sync/push-days.repo";

const [file, usersFile] = process.argv.slice(2);
if (!file || !usersFile) throw new Error("Usage: push-floor-server.ts <database file> <users.json>");
const users = new Map(Object.entries(JSON.parse(readFileSync(usersFile, "utf8")) as Record<string, string>));
const connection = new Database(file);
for (const pragma of NEAR_PRAGMAS) connection.exec(`pragma ${pragma}`);
const { sync: sql } = writerOnThisThread(connection);
const limits = { maxHabits: 1_000, maxDays: 200_000 }; // the bench's USER_MAX_DAYS

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

const app = new Hono();
app.post("/api/sync/push", async (c) => {
  const userId = users.get(c.req.header("cookie") ?? "");
  if (!userId) return c.json({ error: "unknown cookie" }, 401);
  const body = (await c.req.json()) as { ops: { opId: string }[] };
  const ops = dayOpsOf(body.ops);
  if (!ops) return c.json({ error: "not day ops" }, 400);
  const now = new Date();
  const latest = latestDayOf(c.req.header("x-local-date"), now);
  if (!open) sql.run("begin immediate", []);
  open = true;
  const result = pushDaysNow(sql, userId, ops, { now, limits, latest });
  await new Promise<void>((answer) => {
    members.push(answer);
    commitSoon();
  });
  return c.json(result);
});

// The REST mark's floor: habits.repo.ts setCompletion's way on this thread's writer (mark-now.repo.ts), then the
// habit's answer as the app derives and writes it (core/habit.ts, JSON under 12 KiB sent as it is). Left out besides the push's list above: the date's check against the user's
// today and the vacations (the bench's accounts have none; the app reads them from its kept settings).
app.on(["PUT", "DELETE"], "/api/habits/:id/completions/:date", async (c) => {
  const userId = users.get(c.req.header("cookie") ?? "");
  if (!userId) return c.json({ error: "unknown cookie" }, 401);
  const id = c.req.param("id");
  const date = c.req.param("date") as LocalDate;
  const now = new Date();
  const today = latestDayOf(c.req.header("x-local-date"), now);
  if (!open) sql.run("begin immediate", []);
  open = true;
  const mark = { userId, id, date, done: c.req.method === "PUT", now, limits };
  const marked = markNow(sql, mark);
  await new Promise<void>((answer) => {
    members.push(answer);
    commitSoon();
  });
  if (!marked) return c.json({ error: "no such habit" }, 404);
  return c.body(JSON.stringify(deriveHabit(toStored(marked.row, marked.dates), today)), 200, {
    "content-type": "application/json; charset=UTF-8",
  });
});
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`port ${info.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
