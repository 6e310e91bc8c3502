import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "../db/database";
import type { HabitTable } from "../db/schema";
import type { StoredHabit } from "../../core/habit";
import type { LocalDate } from "../../core/local-date";

// Every function takes the owner's id and filters by it: another user's habit is simply not found (GUIDE §4.5).

type HabitRow = Selectable<HabitTable>;

function toStored(row: HabitRow, completedDates: LocalDate[]): StoredHabit {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    completedDates,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function datesOf(db: Db, habitId: string): Promise<LocalDate[]> {
  const rows = await db
    .selectFrom("completions")
    .select("date")
    .where("habit_id", "=", habitId)
    .orderBy("date")
    .execute();
  return rows.map((r) => r.date);
}

/** Newest first; habits created in the same millisecond fall back to id order so the list is stable. */
export async function listHabits(db: Db, userId: string): Promise<StoredHabit[]> {
  const rows = await db
    .selectFrom("habits")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const completions = await db
    .selectFrom("completions")
    .innerJoin("habits", "habits.id", "completions.habit_id")
    .select(["completions.habit_id", "completions.date"])
    .where("habits.user_id", "=", userId)
    .orderBy("completions.date")
    .execute();
  const dates = new Map<string, LocalDate[]>(rows.map((row) => [row.id, []]));
  for (const { habit_id, date } of completions) dates.get(habit_id)?.push(date);
  return rows.map((row) => toStored(row, dates.get(row.id) ?? []));
}

export async function countHabits(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("habits")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count); // PostgreSQL answers count(*) as a string
}

export async function getHabit(db: Db, userId: string, id: string): Promise<StoredHabit | undefined> {
  const row = await db
    .selectFrom("habits")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && toStored(row, await datesOf(db, id));
}

export async function createHabit(
  db: Db,
  userId: string,
  input: { name: string },
  now: Date,
): Promise<StoredHabit> {
  const at = now.toISOString();
  const row = { id: randomUUID(), user_id: userId, name: input.name, created_at: at, updated_at: at };
  await db.insertInto("habits").values(row).execute();
  return toStored(row, []);
}

export async function renameHabit(
  db: Db,
  userId: string,
  id: string,
  input: { name: string },
  now: Date,
): Promise<StoredHabit | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("habits")
      .set({ name: input.name, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    return row && toStored(row, await datesOf(trx, id));
  });
}

/** True when the habit existed; its completions go with it (on delete cascade). */
export async function deleteHabit(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("habits")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Marks or unmarks one day. The habit row is updated first, inside the transaction, so its owner is checked
 * and a concurrent delete waits; the unique (habit_id, date) key makes a repeated mark a no-op.
 */
export async function setCompletion(
  db: Db,
  userId: string,
  id: string,
  date: LocalDate,
  done: boolean,
  now: Date,
): Promise<StoredHabit | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("habits")
      .set({ updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    if (done) {
      await trx
        .insertInto("completions")
        .values({ habit_id: id, date })
        .onConflict((oc) => oc.columns(["habit_id", "date"]).doNothing())
        .execute();
    } else {
      await trx.deleteFrom("completions").where("habit_id", "=", id).where("date", "=", date).execute();
    }
    return toStored(row, await datesOf(trx, id));
  });
}
