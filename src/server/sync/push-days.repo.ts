// A push of day ops only (setDay, and the previous release's setCompletion: a device's tick, its most frequent
// write) applied at once on this thread's SQLite writer (docs/decisions/0038-near-writes.md). The same statements,
// numbers and outcomes as the general way (push.repo.ts), run synchronously inside the group commit: no query
// builder and no promise between them. push-days.api.test.ts compares the two ways on every kind of day op.
import type { SyncSql } from "../db/sqlite-writer";
import { DAY_DONE, DAY_NONE, type DayCode } from "../db/schema";
import { ApiError } from "../http/errors";
import { dayFault } from "../http/user-day";
import { checkQuota, type UserLimits } from "../habits/quota";
import type { LocalDate } from "../../core/local-date";
import type { SyncOpResult, SyncPushResult } from "../../core/sync";
import { SyncOpSchema } from "../../core/sync-schema";
import {
  applied,
  CODES,
  dropped,
  notFound,
  ownerOf,
  rejected,
  replay,
  toStored,
  type Outcome,
  type Stored,
} from "./push-outcomes";

export type DayOp = { opId: string; habitId: string; date: LocalDate; state: DayCode };

/** The ops as day ops when every one is a valid setDay or setCompletion; else undefined (the general way). */
export function dayOpsOf(ops: readonly { opId: string }[]): DayOp[] | undefined {
  const days: DayOp[] = [];
  for (const raw of ops) {
    const parsed = SyncOpSchema.safeParse(raw);
    if (!parsed.success) return undefined;
    const op = parsed.data;
    if (op.type === "setDay") days.push({ ...op, state: CODES[op.state] });
    else if (op.type === "setCompletion") days.push({ ...op, state: op.done ? DAY_DONE : DAY_NONE });
    else return undefined;
  }
  return days;
}

// versions.repo.ts: nextVersions, the user's change counter (its row stays locked until commit).
const NEXT_VERSIONS =
  'insert into "sync_state" ("user_id", "version") values (?, ?) on conflict ("user_id") do update set "version" = "sync_state"."version" + ? returning "version"';
// push.repo.ts: whoseDay, the habit's owner (live or buried) and the day's state in one statement.
const WHOSE_DAY =
  'select (select "user_id" from "habits" where "id" = ?) as "live", (select "user_id" from "deleted_habits" where "id" = ?) as "dead", (select "done" from "completions" where "habit_id" = ? and "date" = ?) as "state"';
// owner.repo.ts: changeDayCount, with and without the quota's bound, and its fallbacks.
const MOVE_COUNT = 'update "day_counts" set "days" = "days" + ? where "user_id" = ?';
const MOVE_COUNT_WITHIN = `${MOVE_COUNT} and "days" <= ?`;
const KEPT_COUNT = 'select "days" from "day_counts" where "user_id" = ?';
const COUNT_DAYS = `select count(*) as "count" from "completions" where "habit_id" in (select "id" from "habits" where "user_id" = ?) and "done" <> ${DAY_NONE}`;
const SET_COUNT =
  'insert into "day_counts" ("user_id", "days") values (?, ?) on conflict ("user_id") do update set "days" = ?';
// days.repo.ts: setDayState; a day returned to nothing keeps a tombstone row.
const DAY_TO_NONE = `update "completions" set "done" = ${DAY_NONE}, "version" = ? where "habit_id" = ? and "date" = ? and "done" <> ${DAY_NONE}`;
const DAY_TO =
  'insert into "completions" ("habit_id", "date", "user_id", "version", "done") values (?, ?, ?, ?, ?) on conflict ("habit_id", "date") do update set "done" = ?, "version" = ? where "completions"."done" <> ?';
// push.repo.ts: updateHabit with no change but its version and time.
const TOUCH_HABIT = 'update "habits" set "updated_at" = ?, "version" = ? where "id" = ?';
const RECORD_OP =
  'insert into "sync_ops" ("user_id", "op_id", "status", "code", "message", "created_at") values (?, ?, ?, ?, ?, ?)';
const seenOps = (count: number) =>
  `select "op_id", "status", "code", "message" from "sync_ops" where "user_id" = ? and "op_id" in (${Array(count).fill("?").join(", ")})`;

type Context = {
  sql: SyncSql;
  userId: string;
  at: string;
  limits: UserLimits;
  latest: LocalDate;
  next: number;
};

/** owner.repo.ts: changeDayCount with the quota: a count past it changes nothing and throws QUOTA_EXCEEDED. */
function changeDayCount({ sql, userId, limits }: Context, change: number): void {
  if (change === 0) return;
  const moved =
    change > 0
      ? sql.run(MOVE_COUNT_WITHIN, [change, userId, limits.maxDays - change])
      : sql.run(MOVE_COUNT, [change, userId]);
  if (moved > 0) return;
  const kept = sql.all<{ days: number }>(KEPT_COUNT, [userId])[0];
  const days = Number(kept?.days ?? sql.all<{ count: number }>(COUNT_DAYS, [userId])[0]!.count) + change;
  checkQuota(limits, { days });
  if (!kept) sql.run(SET_COUNT, [userId, days, days]);
}

/** push.repo.ts: setDay, the last write to reach the server wins per (habit, day). */
function setDay(ctx: Context, { habitId, date, state }: DayOp): Outcome {
  const { sql, userId } = ctx;
  const fault = dayFault(date, ctx.latest);
  if (fault) return rejected("INVALID_DATE", fault);
  const row = sql.all<{ live: string | null; dead: string | null; state: DayCode | null }>(WHOSE_DAY, [
    habitId,
    habitId,
    habitId,
    date,
  ])[0]!;
  const owner = ownerOf(userId, row.live, row.dead);
  if (owner === "buried") return dropped;
  if (owner !== "mine") return notFound();
  const before = row.state ?? DAY_NONE;
  if (before === state) return applied;
  changeDayCount(ctx, before === DAY_NONE ? 1 : state === DAY_NONE ? -1 : 0);
  const version = ctx.next++;
  if (state === DAY_NONE) sql.run(DAY_TO_NONE, [version, habitId, date]);
  else sql.run(DAY_TO, [habitId, date, userId, version, state, state, version, state]);
  sql.run(TOUCH_HABIT, [ctx.at, ctx.next++, habitId]);
  return applied;
}

function applyOne(ctx: Context, op: DayOp): Outcome {
  try {
    return setDay(ctx, op);
  } catch (error) {
    if (error instanceof ApiError) return rejected(error.code, error.message);
    throw error;
  }
}

/** push.repo.ts: pushOps, for day ops, in the caller's transaction on this thread's writer. */
export function pushDaysNow(
  sql: SyncSql,
  userId: string,
  ops: readonly DayOp[],
  { now, limits, latest }: { now: Date; limits: UserLimits; latest: LocalDate },
): SyncPushResult {
  const count = 2 * ops.length;
  const last = Number(sql.all<{ version: number }>(NEXT_VERSIONS, [userId, count, count])[0]!.version);
  const at = now.toISOString();
  const ctx: Context = { sql, userId, at, limits, latest, next: last - count + 1 };
  const seen = new Map<string, Stored>();
  if (ops.length > 0)
    for (const row of sql.all<Stored & { op_id: string }>(seenOps(ops.length), [
      userId,
      ...ops.map((op) => op.opId),
    ]))
      seen.set(row.op_id, row);
  const results: SyncOpResult[] = [];
  for (const op of ops) {
    const before = seen.get(op.opId);
    if (before) {
      results.push(replay(op.opId, before));
      continue;
    }
    const outcome = applyOne(ctx, op);
    const stored = toStored(outcome);
    seen.set(op.opId, stored);
    sql.run(RECORD_OP, [userId, op.opId, stored.status, stored.code, stored.message, at]);
    results.push({ opId: op.opId, ...outcome });
  }
  return { results, cursor: String(last) };
}
