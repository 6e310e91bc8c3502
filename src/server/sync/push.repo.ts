// Outbox ops applied in order, each once per (user, opId) (POST /api/sync/push; docs/decisions/0023, 0029, 0061).
import { sql, type Updateable } from "kysely";
import { compiledNamed, named } from "../db/compiled-once";
import { locksRows, type Db } from "../db/database";
import { kindOf, rulesColumns, rulesOf } from "../db/habit-columns";
import { DAY_DONE, DAY_NONE, type DayCode, type HabitTable } from "../db/schema";
import { ApiError } from "../http/errors";
import { dayFault } from "../http/user-day";
import { positionForNew } from "../habits/habits.repo";
import { changeDayCount, countHabits, dropHabitDays, lockOwner } from "../habits/owner.repo";
import { checkQuota, type UserLimits } from "../habits/quota";
import { addGroup, changeGroup, checkGroupId, dropGroup } from "../groups/groups.repo";
import {
  DEFAULT_STEP,
  MAX_AMOUNT,
  MAX_HABIT_RULES,
  roundAmount,
  ruleIndexOn,
  ruleProblem,
  withRuleFrom,
  type HabitKind,
  type HabitRule,
} from "../../core/habit-kind";
import type { LocalDate } from "../../core/local-date";
import { normalizeSchedule } from "../../core/schedule";
import type { SyncOp, SyncOpResult, SyncPushResult } from "../../core/sync";
import { changedDay, dayCountChange, dayRowOf, sameDay, writeDay, type DayRow } from "./days.repo";
import {
  applied,
  CODES,
  dropped,
  kindMismatch,
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

// A tick's statements (whose the habit is, its kind and its day as stored; the habit's new version; the op's
// record): compiled once (db/compiled-once.ts).
const dayOf = compiledNamed<
  {
    live: string | null;
    dead: string | null;
    kind: string | null;
    state: DayCode | null;
    value: number | null;
    note: string | null;
  },
  { habitId: string; date: LocalDate }
>((db) =>
  // One row, each lookup once: a subquery a column read the day's row three times, which the tick's throughput
  // budget (npm run bench, write) did not allow (docs/decisions/0063).
  db
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as("x"))
    .leftJoin("habits", (join) => join.on("habits.id", "=", named("habitId")))
    .leftJoin("deleted_habits", (join) => join.on("deleted_habits.id", "=", named("habitId")))
    .leftJoin("completions", (join) =>
      join.on("completions.habit_id", "=", named("habitId")).on("completions.date", "=", named("date")),
    )
    .select([
      "habits.user_id as live",
      "deleted_habits.user_id as dead",
      "habits.kind as kind",
      "completions.done as state",
      "completions.value as value",
      "completions.note as note",
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

/** Whose the habit is, its kind, and what is stored for one of its days, in one statement. */
async function whoseDay(trx: Db, habitId: string, date: LocalDate) {
  const row = (await dayOf(trx, { habitId, date })).rows[0]!;
  return {
    live: row.live ?? null,
    dead: row.dead ?? null,
    kind: kindOf(row.kind ?? ""),
    day: dayRowOf({ done: row.state, value: row.value, note: row.note }),
  };
}

/** A write to a habit: applied to the user's own; dropped when they deleted it (the delete wins). */
async function onHabit(ctx: Context, habitId: string, write: () => Promise<Outcome>): Promise<Outcome> {
  const owner = await whose(ctx.trx, ctx.userId, habitId);
  if (owner === "buried") return dropped;
  return owner === "mine" ? write() : notFound();
}

type HabitChange = Partial<
  Pick<
    Updateable<HabitTable>,
    "name" | "schedule" | "archived" | "position" | "emoji" | "rules" | "step" | "group_id"
  >
>;

/** The habit's kind and rules as stored (the caller checked that it is the user's). */
async function kindAndRules(trx: Db, habitId: string): Promise<{ kind: HabitKind; rules: HabitRule[] }> {
  const row = await trx
    .selectFrom("habits")
    .select(["kind", "rules", "schedule", "created_at"])
    .where("id", "=", habitId)
    .executeTakeFirstOrThrow();
  return { kind: kindOf(row.kind), rules: rulesOf(row) };
}

/** The rules after a change from `from`, or why it cannot be made on this habit. */
function rulesFrom(
  { kind, rules }: { kind: HabitKind; rules: HabitRule[] },
  from: LocalDate,
  change: Omit<HabitRule, "from">,
  problemCode: (problem: string) => Outcome,
): HabitRule[] | Outcome {
  const problem = ruleProblem(kind, { from, ...change });
  if (problem) return problemCode(problem);
  const next = withRuleFrom(rules, from, change);
  if (next.length > MAX_HABIT_RULES)
    return rejected("VALIDATION_FAILED", `A habit holds at most ${MAX_HABIT_RULES} rules (one a change)`);
  return next;
}

/** Changes the habit row; its new version tells other devices, its updatedAt says when. */
async function updateHabit(ctx: Context, habitId: string, change: HabitChange): Promise<void> {
  await ctx.trx
    .updateTable("habits")
    .set({ ...change, updated_at: ctx.now.toISOString(), version: await ctx.version() })
    .where("id", "=", habitId)
    .execute();
}

/**
 * A write to one (habit, day): `change` gives the day after it from the habit's kind and the day as stored, or an
 * outcome that refuses it. The last write to reach the server wins per (habit, day), but for addAmount, which adds to
 * the stored number.
 */
async function changeDay(
  ctx: Context,
  habitId: string,
  date: LocalDate,
  change: (kind: HabitKind, before: DayRow) => DayRow | Outcome,
): Promise<Outcome> {
  const { trx, userId, limits } = ctx;
  const fault = dayFault(date, ctx.latest);
  if (fault) return rejected("INVALID_DATE", fault);
  const [dayVersion, habitVersion] = [await ctx.version(), await ctx.version()];
  const updatedAt = ctx.now.toISOString();
  const seen = await whoseDay(trx, habitId, date);
  const owner = ownerOf(userId, seen.live, seen.dead);
  if (owner === "buried") return dropped;
  if (owner !== "mine") return notFound();
  const after = change(seen.kind, seen.day);
  if ("status" in after) return after;
  if (sameDay(seen.day, after)) return applied;
  // A day with anything in it is a stored day (quota.ts); the count moves before the write and refuses a day over
  // the quota, so that a rejected op changes nothing and the push goes on.
  await changeDayCount(trx, userId, dayCountChange(seen.day, after), limits);
  await writeDay(trx, { userId, habitId, date, version: dayVersion }, seen.day, after);
  await touchHabit(trx, { habitId, updatedAt, version: habitVersion });
  return applied;
}

/**
 * setDay, and the previous release's setCompletion: "done" only on a yes/no habit, so that an app of the previous
 * release cannot mark a measurable day it shows as yes or no; skipping and clearing change the mark only.
 */
const markDay = (ctx: Context, habitId: string, date: LocalDate, mark: DayCode) =>
  changeDay(ctx, habitId, date, (kind, before) =>
    kind !== "yesNo" && mark === DAY_DONE ? kindMismatch(kind) : changedDay(before, { mark }),
  );

/** The number a measurable or quit day holds. */
const amountDay = (
  ctx: Context,
  habitId: string,
  date: LocalDate,
  value: (before: number | null) => number | null,
) =>
  changeDay(ctx, habitId, date, (kind, before) => {
    if (kind === "yesNo") return rejected("HABIT_KIND_MISMATCH", "A yes-or-no habit holds no number");
    const next = value(before.value);
    if (next !== null && next > MAX_AMOUNT)
      return rejected("AMOUNT_TOO_LARGE", `A day holds at most ${MAX_AMOUNT}; this would make ${next}`);
    return changedDay(before, { value: next });
  });

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
      await checkGroupId(trx, userId, op.groupId);
      // Without rules (an app of the previous release): a yes/no habit of its schedule from the user's today.
      const rules = op.rules ?? [
        { from: ctx.latest, frequency: normalizeSchedule(op.schedule), target: null },
      ];
      await trx
        .insertInto("habits")
        .values({
          id: op.habitId,
          user_id: userId,
          name: op.name,
          created_at: at,
          updated_at: at,
          version: await ctx.version(),
          ...rulesColumns(rules),
          archived: 0,
          position: op.position ?? (await positionForNew(trx, userId)),
          emoji: op.emoji ?? null,
          kind: op.kind ?? "yesNo",
          step: op.step ?? DEFAULT_STEP,
          group_id: op.groupId ?? null,
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
        const habit = await kindAndRules(trx, op.habitId);
        if (op.step !== undefined && habit.kind === "yesNo")
          return rejected("HABIT_KIND_MISMATCH", "A yes-or-no habit has no step");
        await checkGroupId(trx, userId, op.groupId);
        let rules: HabitRule[] | undefined;
        if (op.schedule !== undefined) {
          // An app of the previous release changes the schedule: how often from the user's today, target kept.
          const current = habit.rules[ruleIndexOn(habit.rules, ctx.latest)]!;
          const change = { frequency: normalizeSchedule(op.schedule), target: current.target };
          const next = rulesFrom(habit, ctx.latest, change, () => kindMismatch(habit.kind));
          if ("status" in next) return next;
          rules = next;
        }
        await updateHabit(ctx, op.habitId, {
          ...(rules && rulesColumns(rules)),
          ...(op.archived !== undefined && { archived: op.archived ? 1 : 0 }),
          ...(op.emoji !== undefined && { emoji: op.emoji }),
          ...(op.step !== undefined && { step: op.step }),
          ...(op.groupId !== undefined && { group_id: op.groupId }),
        });
        return applied;
      });
    case "setRules":
      return onHabit(ctx, op.habitId, async () => {
        const change = { frequency: op.frequency, target: op.target };
        const rules = rulesFrom(await kindAndRules(trx, op.habitId), op.from, change, (problem) =>
          rejected("HABIT_KIND_MISMATCH", `This rule does not fit the habit: ${problem}`),
        );
        if ("status" in rules) return rules;
        await updateHabit(ctx, op.habitId, rulesColumns(rules));
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
      return markDay(ctx, op.habitId, op.date, op.done ? DAY_DONE : DAY_NONE);
    case "setDay":
      return markDay(ctx, op.habitId, op.date, CODES[op.state]);
    case "setAmount":
      return amountDay(ctx, op.habitId, op.date, () => op.value);
    case "addAmount":
      // Added to the number stored now, so that raises from two devices add up.
      return amountDay(ctx, op.habitId, op.date, (before) => roundAmount((before ?? 0) + op.add));
    case "setNote":
      return changeDay(ctx, op.habitId, op.date, (_, before) => changedDay(before, { note: op.note }));
    case "setSettings":
      await writeSettings(
        trx,
        userId,
        { dayStart: op.dayStart, vacations: op.vacations, weekStart: op.weekStart },
        await ctx.version(),
      );
      return applied;
    case "createGroup": {
      const { groupId: id, name, position, folded } = op;
      await addGroup(trx, userId, { id, name, position, folded }, await ctx.version());
      return applied;
    }
    case "updateGroup": {
      const { name, position, folded } = op;
      await changeGroup(trx, userId, op.groupId, { name, position, folded }, await ctx.version());
      return applied;
    }
    case "deleteGroup":
      await dropGroup(trx, userId, op.groupId, await ctx.version(), now);
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
