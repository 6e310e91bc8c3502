// A user's writes that add rows run one at a time and count what the account holds (quota.ts).
import { compiledNamed, named } from "../db/compiled-once";
import { locksRows, type Db } from "../db/database";
import { DAY_NONE } from "../db/schema";
import { checkQuota, type UserLimits } from "./quota";

/**
 * Serializes a user's writes that add rows (create, mark, import, migration) until the transaction ends. On
 * PostgreSQL two requests could otherwise both pass the quota, or both see "no habits"; on SQLite every
 * transaction takes the one write lock (BEGIN IMMEDIATE) already.
 */
export async function lockOwner(trx: Db, userId: string): Promise<void> {
  await trx
    .selectFrom("profiles")
    .select("user_id")
    .where("user_id", "=", userId)
    .$if(locksRows(trx), (qb) => qb.forUpdate())
    .execute();
}

export async function countHabits(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("habits")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count); // PostgreSQL answers count(*) as a string
}

/** Whether one of the user's habits has this Loop uuid (core/habit-uuid.ts). */
export async function uuidTaken(db: Db, userId: string, uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom("habits")
    .select("id")
    .where("user_id", "=", userId)
    .where("uuid", "=", uuid)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Days stored over all the user's habits: done or skipped (a tombstone is not counted). It reads every day: the
 * writes keep the count in day_counts instead (changeDayCount); this is the count that one must always equal.
 */
export async function countDays(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("completions")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("habit_id", "in", (eb) => eb.selectFrom("habits").select("id").where("user_id", "=", userId))
    .where("done", "<>", DAY_NONE)
    .executeTakeFirstOrThrow();
  return Number(count);
}

// A tick's and a REST mark's statements: compiled once (db/compiled-once.ts).
const moveCount = compiledNamed<never, { userId: string; change: number }>((db) =>
  db
    .updateTable("day_counts")
    .set((eb) => ({ days: eb("days", "+", named<number>("change")) }))
    .where("user_id", "=", named("userId")),
);
const moveCountWithin = compiledNamed<never, { userId: string; change: number; within: number }>((db) =>
  db
    .updateTable("day_counts")
    .set((eb) => ({ days: eb("days", "+", named<number>("change")) }))
    .where("user_id", "=", named("userId"))
    .where("days", "<=", named<number>("within")),
);

/**
 * Moves the user's count of stored days (day_counts, docs/decisions/0058) by `change`, in the transaction that adds
 * or removes those days, before it writes them. With `limits`, a count that would pass the quota changes nothing
 * and throws QUOTA_EXCEEDED (quota.ts), so a rejected write can go on without it. One statement, but for a user's
 * first day, when their row is made from the days they hold.
 */
export async function changeDayCount(
  trx: Db,
  userId: string,
  change: number,
  limits?: UserLimits,
): Promise<void> {
  if (change === 0) return;
  const within = limits && change > 0 ? limits.maxDays - change : undefined;
  const moved =
    within === undefined
      ? await moveCount(trx, { userId, change })
      : await moveCountWithin(trx, { userId, change, within });
  if ((moved.numAffectedRows ?? 0n) > 0n) return;
  const kept = await keptDayCount(trx, userId);
  const days = (kept ?? (await countDays(trx, userId))) + change;
  if (limits) checkQuota(limits, { days });
  if (kept === null) await setDayCount(trx, userId, days);
}

/** The user's kept count of stored days, or null before their first write since migration 0008 made it. */
async function keptDayCount(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom("day_counts")
    .select("days")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? Number(row.days) : null;
}

/** The user's count of stored days: the kept one, or counted when there is none yet. */
export async function storedDayCount(db: Db, userId: string): Promise<number> {
  return (await keptDayCount(db, userId)) ?? countDays(db, userId);
}

/** Sets the user's count of stored days: after an import, which replaces every day. */
export async function setDayCount(trx: Db, userId: string, days: number): Promise<void> {
  await trx
    .insertInto("day_counts")
    .values({ user_id: userId, days })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ days }))
    .execute();
}

/** Takes a habit's stored days off the user's count, before the habit is deleted with them; none if not theirs. */
export async function dropHabitDays(trx: Db, userId: string, habitId: string): Promise<void> {
  await trx
    .updateTable("day_counts")
    .set((eb) => ({
      days: eb(
        "days",
        "-",
        eb
          .selectFrom("completions")
          .innerJoin("habits", "habits.id", "completions.habit_id")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("completions.habit_id", "=", habitId)
          .where("habits.user_id", "=", userId)
          .where("completions.done", "<>", DAY_NONE),
      ),
    }))
    .where("user_id", "=", userId)
    .execute();
}
