// Outbox ops applied in order, each once per (user, opId) (POST /api/sync/push; docs/decisions/0023, 0029).
import type { Updateable } from "kysely";
import { compiledNamed, named } from "../db/compiled-once";
import { locksRows, type Db } from "../db/database";
import { scheduleColumn } from "../db/habit-columns";
import { DAY_DONE, DAY_NONE, type DayCode, type HabitTable } from "../db/schema";
import { ApiError } from "../http/errors";
import { dayFault } from "../http/user-day";
import { positionForNew } from "../habits/habits.repo";
import { changeDayCount, countHabits, dropHabitDays, lockOwner } from "../habits/owner.repo";
import { checkQuota, type UserLimits } from "../habits/quota";
import type { LocalDate } from "../../core/local-date";
import type { SyncOp, SyncOpResult, SyncPushResult } from "../../core/sync";
import { setDayState } from "./days.repo";
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
  type Owner,
  type Stored,
} from "./push-outcomes";
import { writeSettings } from "./settings.repo";
import { buryHabits, nextVersions } from "./versions.repo";
import { onWriter } from "../db/writer";

type Context = {
  trx: Db;
  userId: string;
  now: Date;
  limits: UserLimits;
  /** The latest day a day op may set: the user's today (http/user-day.ts). */
  latest: LocalDate;
  version: () => Promise<number>;
  /** The account's habits, counted once per push and then kept up to date. */
  usage: { habits?: number };
};

async function whose(trx: Db, userId: string, habitId: string): Promise<Owner> {
  const live = await trx.selectFrom("habits").select("user_id").where("id", "=", habitId).executeTakeFirst();
  const dead =
    live ??
    (await trx.selectFrom("deleted_habits").select("user_id").where("id", "=", habitId).executeTakeFirst());
  return ownerOf(userId, live?.user_id, dead?.user_id);
}

// A tick's statements (whose the habit is and its day's state; the habit's new version; the op's record): compiled
// once (db/compiled-once.ts).
const dayOf = compiledNamed<
  { live: string | null; dead: string | null; state: DayCode | null },
  { habitId: string; date: LocalDate }
>((db) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("habits").select("user_id").where("id", "=", named("habitId")).as("live"),
    eb.selectFrom("deleted_habits").select("user_id").where("id", "=", named("habitId")).as("dead"),
    eb
      .selectFrom("completions")
      .select("done")
      .where("habit_id", "=", named("habitId"))
      .where("date", "=", named("date"))
      .as("state"),
  ]),
);
const touchHabit = compiledNamed<never, { habitId: string; updatedAt: string; version: number }>((db) =>
  db
    .updateTable("habits")
    .set({ updated_at: named("updatedAt"), version: named("version") })
    .where("id", "=", named("habitId")),
);
const recordOp = compiledNamed<never, Stored & { userId: string; opId: string; at: string }>((db) =>
  db.insertInto("sync_ops").values({
    user_id: named("userId"),
    op_id: named("opId"),
    status: named("status"),
    code: named("code"),
    message: named("message"),
    created_at: named("at"),
  }),
);

/** Whose the habit is, and what is stored for one of its days (days.repo.ts: dayStateOf), in one statement. */
async function whoseDay(trx: Db, habitId: string, date: LocalDate) {
  const row = (await dayOf(trx, { habitId, date })).rows[0]!;
  return { live: row.live ?? null, dead: row.dead ?? null, state: (row.state ?? DAY_NONE) as DayCode };
}

/** A write to a habit: applied to the user's own; dropped when they deleted it (the delete wins). */
async function onHabit(ctx: Context, habitId: string, write: () => Promise<Outcome>): Promise<Outcome> {
  const owner = await whose(ctx.trx, ctx.userId, habitId);
  if (owner === "buried") return dropped;
  return owner === "mine" ? write() : notFound();
}

type HabitChange = Partial<
  Pick<Updateable<HabitTable>, "name" | "schedule" | "archived" | "position" | "emoji">
>;

/** Changes the habit row; its new version tells other devices, its updatedAt says when. */
async function updateHabit(ctx: Context, habitId: string, change: HabitChange): Promise<void> {
  await ctx.trx
    .updateTable("habits")
    .set({ ...change, updated_at: ctx.now.toISOString(), version: await ctx.version() })
    .where("id", "=", habitId)
    .execute();
}

/** setDay, and the previous release's setCompletion: the last write to reach the server wins per (habit, day). */
async function setDay(ctx: Context, habitId: string, date: LocalDate, state: DayCode): Promise<Outcome> {
  const { trx, userId, limits } = ctx;
  const fault = dayFault(date, ctx.latest);
  if (fault) return rejected("INVALID_DATE", fault);
  const [dayVersion, habitVersion] = [await ctx.version(), await ctx.version()];
  const updatedAt = ctx.now.toISOString();
  const seen = await whoseDay(trx, habitId, date);
  const owner = ownerOf(userId, seen.live, seen.dead);
  if (owner === "buried") return dropped;
  if (owner !== "mine") return notFound();
  if (seen.state === state) return applied;
  // A day done or skipped is a stored day (quota.ts); the count moves before the write and refuses a day over the
  // quota, so that a rejected op changes nothing and the push goes on.
  const change = seen.state === DAY_NONE ? 1 : state === DAY_NONE ? -1 : 0;
  await changeDayCount(trx, userId, change, limits);
  await setDayState(trx, { userId, habitId, date, version: dayVersion }, state);
  await touchHabit(trx, { habitId, updatedAt, version: habitVersion });
  return applied;
}

async function apply(ctx: Context, op: SyncOp): Promise<Outcome> {
  const { trx, userId, now, limits } = ctx;
  const at = now.toISOString();
  switch (op.type) {
    case "createHabit": {
      const owner = await whose(trx, userId, op.habitId);
      if (owner === "mine") return { status: "duplicate" };
      if (owner === "buried") return dropped;
      if (owner === "other") return rejected("CONFLICT", "This habit id is already in use");
      const habits = (ctx.usage.habits ??= await countHabits(trx, userId)) + 1;
      checkQuota(limits, { habits });
      await trx
        .insertInto("habits")
        .values({
          id: op.habitId,
          user_id: userId,
          name: op.name,
          created_at: at,
          updated_at: at,
          version: await ctx.version(),
          schedule: scheduleColumn(op.schedule),
          archived: 0,
          position: op.position ?? (await positionForNew(trx, userId)),
          emoji: op.emoji ?? null,
        })
        .execute();
      ctx.usage.habits = habits;
      return applied;
    }
    case "renameHabit":
      return onHabit(ctx, op.habitId, async () => {
        await updateHabit(ctx, op.habitId, { name: op.name });
        return applied;
      });
    case "updateHabit":
      return onHabit(ctx, op.habitId, async () => {
        await updateHabit(ctx, op.habitId, {
          ...(op.schedule !== undefined && { schedule: scheduleColumn(op.schedule) }),
          ...(op.archived !== undefined && { archived: op.archived ? 1 : 0 }),
          ...(op.emoji !== undefined && { emoji: op.emoji }),
        });
        return applied;
      });
    case "moveHabit":
      return onHabit(ctx, op.habitId, async () => {
        await updateHabit(ctx, op.habitId, { position: op.position });
        return applied;
      });
    case "deleteHabit":
      return onHabit(ctx, op.habitId, async () => {
        await dropHabitDays(trx, userId, op.habitId);
        await trx.deleteFrom("habits").where("id", "=", op.habitId).execute();
        await buryHabits(trx, userId, [op.habitId], await ctx.version());
        ctx.usage = {}; // its days went with it
        return applied;
      });
    case "setCompletion":
      return setDay(ctx, op.habitId, op.date, op.done ? DAY_DONE : DAY_NONE);
    case "setDay":
      return setDay(ctx, op.habitId, op.date, CODES[op.state]);
    case "setSettings":
      await writeSettings(
        trx,
        userId,
        { dayStart: op.dayStart, vacations: op.vacations },
        await ctx.version(),
      );
      return applied;
  }
}

/**
 * An op as the route read it: the op, or what is wrong with it (checkOps in sync.routes.ts, on the event loop, so
 * that the writer's thread does not load the schemas).
 */
export type CheckedOp = { opId: string; op: SyncOp } | { opId: string; fault: string };

async function applyOne(ctx: Context, checked: CheckedOp): Promise<Outcome> {
  if ("fault" in checked) return rejected("VALIDATION_FAILED", checked.fault);
  try {
    return await apply(ctx, checked.op);
  } catch (error) {
    if (error instanceof ApiError) return rejected(error.code, error.message);
    throw error;
  }
}

/**
 * One transaction for the whole push, under the owner lock, so a duplicated push running in parallel waits and then
 * finds every op recorded. Each op's checks come before its writes, so a rejected op has written nothing.
 */
export const pushOps = onWriter(
  "pushOps",
  async function pushOps(
    db: Db,
    userId: string,
    ops: readonly CheckedOp[],
    { now, limits, latest }: { now: Date; limits: UserLimits; latest: LocalDate },
  ): Promise<SyncPushResult> {
    return db.transaction().execute(async (trx) => {
      // The owner lock first where rows are locked (SQLite's transaction holds the one write lock already), then two
      // numbers per op at most (a day and its habit row), reserved at once: gaps in the numbers are harmless.
      if (locksRows(trx)) await lockOwner(trx, userId);
      const ids = [...new Set(ops.map((op) => op.opId))];
      const at = now.toISOString();
      const first = await nextVersions(trx, userId, 2 * ops.length);
      // The counter now; it holds until commit, as the counter row stays locked (versions.repo.ts).
      const cursor = String(first + 2 * ops.length - 1);
      let next = first;
      const ctx: Context = { trx, userId, now, limits, latest, version: async () => next++, usage: {} };
      const seen = new Map<string, Stored>();
      if (ids.length > 0) {
        const rows = await trx
          .selectFrom("sync_ops")
          .select(["op_id", "status", "code", "message"])
          .where("user_id", "=", userId)
          .where("op_id", "in", ids)
          .execute();
        for (const row of rows) seen.set(row.op_id, row);
      }
      const results: SyncOpResult[] = [];
      for (const checked of ops) {
        const { opId } = checked;
        const before = seen.get(opId);
        if (before) {
          results.push(replay(opId, before));
          continue;
        }
        const outcome = await applyOne(ctx, checked);
        const stored = toStored(outcome);
        seen.set(opId, stored);
        await recordOp(trx, { userId, opId, ...stored, at });
        results.push({ opId, ...outcome });
      }
      return { results, cursor };
    });
  },
);
