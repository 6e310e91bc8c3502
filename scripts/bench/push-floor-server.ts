// The write floor, the reference of `npm run bench`'s write rows (docs/performance.md, "Write path"): a bare Hono
// server that does nothing for a mark but the app's own statements on SQLite (the SQL that Kysely builds for
// sync/push.repo.ts and habits/habits.repo.ts, prepared once here), in a group that commits once per turn of the
// event loop and is answered after an fdatasync of the WAL on libuv's threads (its COMMIT does not sync:
// synchronous = NORMAL). Left out, against the app: the session (a cookie looked up in a map), the Origin and body
// checks, the contract's validation, the write limit, the log line, the change notice, the query builder, the
// savepoints and SQLite's checkpoints (the app: docs/decisions/0058-write-path.md).
// Prints "port <n>". Usage: npx tsx scripts/bench/push-floor-server.ts <database file> <users.json>
// (users.json: { cookie: userId })
import { serve } from "@hono/node-server";
import Database from "better-sqlite3";
import { Hono } from "hono";
import fs, { readFileSync } from "node:fs";
import { dayFault, latestDayOf } from "../../src/server/http/user-day";
import { toStored } from "../../src/server/habits/habits.repo";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type DayCode } from "../../src/server/db/schema";
import { deriveHabit } from "../../src/core/habit";
import type { LocalDate } from "../../src/core/local-date";
import { SyncOpSchema } from "../../src/core/sync-schema";

const [file, usersFile] = process.argv.slice(2);
if (!file || !usersFile) throw new Error("Usage: push-floor-server.ts <database file> <users.json>");
const users = new Map(Object.entries(JSON.parse(readFileSync(usersFile, "utf8")) as Record<string, string>));
const connection = new Database(file);
for (const pragma of [
  "journal_mode = WAL",
  "synchronous = NORMAL",
  "foreign_keys = ON",
  "wal_autocheckpoint = 0",
])
  connection.exec(`pragma ${pragma}`);
const maxDays = 200_000; // the bench's USER_MAX_DAYS

const cache = new Map<string, Database.Statement>();
const prepare = (text: string) => {
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = connection.prepare(text)));
  return statement;
};
const all = <R>(text: string, parameters: unknown[]) => prepare(text).all(parameters) as R[];
const run = (text: string, parameters: unknown[]) => Number(prepare(text).run(parameters).changes);

const NEXT_VERSIONS =
  'insert into "sync_state" ("user_id", "version") values (?, ?) on conflict ("user_id") do update set "version" = "sync_state"."version" + ? returning "version"';
const SEEN_OPS = (count: number) =>
  `select "op_id", "status", "code", "message" from "sync_ops" where "user_id" = ? and "op_id" in (${Array(count).fill("?").join(", ")})`;
const WHOSE_DAY =
  'select (select "user_id" from "habits" where "id" = ?) as "live", (select "user_id" from "deleted_habits" where "id" = ?) as "dead", (select "done" from "completions" where "habit_id" = ? and "date" = ?) as "state"';
const MOVE_COUNT = 'update "day_counts" set "days" = "days" + ? where "user_id" = ?';
const MOVE_COUNT_WITHIN = `${MOVE_COUNT} and "days" <= ?`;
const DAY_TO_NONE = `update "completions" set "done" = ?, "version" = ? where "habit_id" = ? and "date" = ? and "done" <> ?`;
const DAY_TO =
  'insert into "completions" ("habit_id", "date", "user_id", "version", "done") values (?, ?, ?, ?, ?) on conflict ("habit_id", "date") do update set "done" = ?, "version" = ? where "completions"."done" <> ?';
const TOUCH_HABIT = 'update "habits" set "updated_at" = ?, "version" = ? where "id" = ?';
const RECORD_OP =
  'insert into "sync_ops" ("user_id", "op_id", "status", "code", "message", "created_at") values (?, ?, ?, ?, ?, ?)';
const MARK_HABIT =
  'update "habits" set "updated_at" = ?, "version" = ? where "id" = ? and "user_id" = ? returning *, (select "done" from "completions" where "habit_id" = ? and "date" = ?) as "before"';
const DAYS_OF_HABIT = `select "habit_id", "date", "done" from "completions" where "habit_id" in (?) and "done" <> ? order by "date"`;

const nextVersions = (userId: string, count: number) =>
  Number(all<{ version: number }>(NEXT_VERSIONS, [userId, count, count])[0]!.version) - count + 1;
/** The day count moved within the quota (the bench's accounts all have a kept count); false when over it. */
const moveCount = (userId: string, change: number) =>
  change === 0 ||
  (change > 0
    ? run(MOVE_COUNT_WITHIN, [change, userId, maxDays - change])
    : run(MOVE_COUNT, [change, userId])) > 0;
const setDayState = (userId: string, habitId: string, date: string, version: number, state: DayCode) =>
  state === DAY_NONE
    ? run(DAY_TO_NONE, [DAY_NONE, version, habitId, date, DAY_NONE])
    : run(DAY_TO, [habitId, date, userId, version, state, state, version, state]);

// The group: opened by its first write, committed once per turn of the loop, answered after the WAL's next sync
// (one sync at a time; a commit made during one waits for the one after it).
let open = false;
let members: (() => void)[] = [];
let commitScheduled = false;
let syncing: Promise<void> | undefined;
let queued: Promise<void> | undefined;
const syncWal = () =>
  new Promise<void>((resolve, reject) => {
    fs.open(`${file}-wal`, "r+", (opened, fd) => {
      if (opened) return reject(opened);
      fs.fdatasync(fd, (synced) =>
        fs.close(fd, (closed) => ((synced ?? closed) ? reject(synced ?? closed) : resolve())),
      );
    });
  });
const startSync = () => {
  const sync = syncWal();
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
    run("commit", []);
    open = false;
    const answered = members;
    members = [];
    void durable().then(() => answered.forEach((answer) => answer()));
  });
};
const inGroup = <T>(write: () => T): Promise<T> => {
  if (!open) run("begin immediate", []);
  open = true;
  const result = write();
  return new Promise<T>((answer) => {
    members.push(() => answer(result));
    commitSoon();
  });
};

const CODES = { done: DAY_DONE, skipped: DAY_SKIPPED, none: DAY_NONE } as const;

const app = new Hono();
app.post("/api/sync/push", async (c) => {
  const userId = users.get(c.req.header("cookie") ?? "");
  if (!userId) return c.json({ error: "unknown cookie" }, 401);
  const body = (await c.req.json()) as { ops: { opId: string }[] };
  const ops = body.ops.map((raw) => SyncOpSchema.parse(raw));
  const now = new Date();
  const at = now.toISOString();
  const latest = latestDayOf(c.req.header("x-local-date"), now);
  const result = await inGroup(() => {
    let next = nextVersions(userId, 2 * ops.length);
    const cursor = String(next + 2 * ops.length - 1);
    const seen = new Set(
      all<{ op_id: string }>(SEEN_OPS(ops.length), [userId, ...ops.map((op) => op.opId)]).map((r) => r.op_id),
    );
    const results = ops.map((op) => {
      if (seen.has(op.opId)) return { opId: op.opId, status: "duplicate" };
      if (op.type !== "setDay" && op.type !== "setCompletion") throw new Error("not a day op");
      const state = op.type === "setDay" ? CODES[op.state] : op.done ? DAY_DONE : DAY_NONE;
      const fault = dayFault(op.date, latest);
      const [dayVersion, habitVersion] = [next++, next++];
      let status = fault ? "rejected" : "applied";
      if (!fault) {
        const row = all<{ live: string | null; dead: string | null; state: DayCode | null }>(WHOSE_DAY, [
          op.habitId,
          op.habitId,
          op.habitId,
          op.date,
        ])[0]!;
        const before = row.state ?? DAY_NONE;
        if (row.live !== userId) status = "rejected";
        else if (before !== state) {
          if (!moveCount(userId, before === DAY_NONE ? 1 : state === DAY_NONE ? -1 : 0)) status = "rejected";
          else {
            setDayState(userId, op.habitId, op.date, dayVersion, state);
            run(TOUCH_HABIT, [at, habitVersion, op.habitId]);
          }
        }
      }
      run(RECORD_OP, [userId, op.opId, status, null, null, at]);
      return { opId: op.opId, status };
    });
    return { results, cursor };
  });
  return c.json(result);
});

// The REST mark's floor: habits.repo.ts setCompletion's statements, then the habit's answer as the app derives and
// writes it (core/habit.ts, JSON under 12 KiB sent as it is), its days read from the database. Left out besides the
// push's list above: the date's check against the user's today and the vacations (the bench's accounts have none).
app.on(["PUT", "DELETE"], "/api/habits/:id/completions/:date", async (c) => {
  const userId = users.get(c.req.header("cookie") ?? "");
  if (!userId) return c.json({ error: "unknown cookie" }, 401);
  const id = c.req.param("id");
  const date = c.req.param("date") as LocalDate;
  const now = new Date();
  const today = latestDayOf(c.req.header("x-local-date"), now);
  const done = c.req.method === "PUT";
  const marked = await inGroup(() => {
    const version = nextVersions(userId, 2);
    const [updated] = all<Parameters<typeof toStored>[0] & { before: DayCode | null }>(MARK_HABIT, [
      now.toISOString(),
      version,
      id,
      userId,
      id,
      date,
    ]);
    if (!updated) return undefined;
    const { before: stored, ...row } = updated;
    const before = stored ?? DAY_NONE;
    const state = done ? DAY_DONE : DAY_NONE;
    if (before !== state && moveCount(userId, before === DAY_NONE ? 1 : done ? 0 : -1))
      setDayState(userId, id, date, version + 1, state);
    const days = all<{ date: LocalDate; done: DayCode }>(DAYS_OF_HABIT, [id, DAY_NONE]);
    const dates = {
      done: days.filter((d) => d.done === DAY_DONE).map((d) => d.date),
      skipped: days.filter((d) => d.done === DAY_SKIPPED).map((d) => d.date),
      values: [],
      notes: [],
    };
    return { row, dates };
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
