// A push of day ops only (setDay, and the previous release's setCompletion: a device's tick, its most frequent
// write) applied at once on this thread's SQLite writer (docs/decisions/0038-near-writes.md). The same statements,
// numbers and outcomes as the general way (push.repo.ts), run synchronously inside the group commit: no query
// builder and no promise between them. push-days.api.test.ts compares the two ways on every kind of day op.
import type { SyncSql } from "../db/sqlite-writer";
import { DAY_DONE, DAY_NONE, type DayCode } from "../db/schema";
import { ApiError } from "../http/errors";
import { dayFault } from "../http/user-day";
import type { UserLimits } from "../habits/quota";
import type { LocalDate } from "../../core/local-date";
import type { SyncOpResult, SyncPushResult } from "../../core/sync";
import { SyncOpSchema } from "../../core/sync-schema";
import { changeDayCountNow, nextVersionsNow, setDayStateNow } from "./days-now.repo";
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

// push.repo.ts: whoseDay, the habit's owner (live or buried) and the day's state in one statement.
const WHOSE_DAY =
  'select (select "user_id" from "habits" where "id" = ?) as "live", (select "user_id" from "deleted_habits" where "id" = ?) as "dead", (select "done" from "completions" where "habit_id" = ? and "date" = ?) as "state"';
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

/** push.repo.ts: setDay, the last write to reach the server wins per (habit, day). */
function setDay(ctx: Context, { habitId, date, state }: DayOp): Outcome {
  const { sql, userId } = ctx;
  const fault = dayFault(date, ctx.latest);
  if (fault) return rejected("INVALID_DATE", fault);
  // A valid day op takes its two numbers (the day's, the habit row's) whether or not it writes, as push.repo.ts does.
  const [dayVersion, habitVersion] = [ctx.next++, ctx.next++];
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
  changeDayCountNow(sql, userId, before === DAY_NONE ? 1 : state === DAY_NONE ? -1 : 0, ctx.limits);
  setDayStateNow(sql, { userId, habitId, date, version: dayVersion }, state);
  sql.run(TOUCH_HABIT, [ctx.at, habitVersion, habitId]);
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
  const first = nextVersionsNow(sql, userId, 2 * ops.length);
  const at = now.toISOString();
  const ctx: Context = { sql, userId, at, limits, latest, next: first };
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
  return { results, cursor: String(first + 2 * ops.length - 1) };
}
