// A user's writes that add rows run one at a time and count what the account holds (quota.ts).
import { locksRows, type Db } from "../db/database";
import { DAY_NONE } from "../db/schema";

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

/** Days stored over all the user's habits: done or skipped (a tombstone is not counted). */
export async function countDays(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("completions")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("habit_id", "in", (eb) => eb.selectFrom("habits").select("id").where("user_id", "=", userId))
    .where("done", "<>", DAY_NONE)
    .executeTakeFirstOrThrow();
  return Number(count);
}
