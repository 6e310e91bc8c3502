import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "../db/database";
import type { HabitTable } from "../db/schema";
import type { StoredHabit } from "../../core/habit";
import type { LocalDate } from "../../core/local-date";
import { datesOfHabits, deleteDatesOfHabits } from "./habit-dates.repo";
import { countDays, countHabits, lockOwner } from "./owner.repo";
import { checkQuota, type UserLimits } from "./quota";
import { slicer, type Pause } from "./slices";

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
  return (await datesOfHabits(db, [habitId])).get(habitId) ?? [];
}

/** Newest first; habits created in the same millisecond fall back to id order so the list is stable. */
export async function listHabits(db: Db, userId: string, pause: Pause = slicer()): Promise<StoredHabit[]> {
  const rows = await db
    .selectFrom("habits")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const dates = await datesOfHabits(
    db,
    rows.map((row) => row.id),
    pause,
  );
  return rows.map((row) => toStored(row, dates.get(row.id) ?? []));
}

export async function createHabit(
  db: Db,
  userId: string,
  input: { name: string },
  now: Date,
  limits: UserLimits,
): Promise<StoredHabit> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    checkQuota(limits, { habits: (await countHabits(trx, userId)) + 1 });
    const at = now.toISOString();
    const row = { id: randomUUID(), user_id: userId, name: input.name, created_at: at, updated_at: at };
    await trx.insertInto("habits").values(row).execute();
    return toStored(row, []);
  });
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

/** True when the habit existed. Its days go first, a page at a time: a habit may hold 100,000 of them. */
export async function deleteHabit(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom("habits")
      .select("id")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!owned) return false;
    await deleteDatesOfHabits(trx, [id]);
    await trx.deleteFrom("habits").where("id", "=", id).where("user_id", "=", userId).execute();
    return true;
  });
}

/**
 * Marks or unmarks one day. The habit row is updated first, inside the transaction, so its owner is checked
 * and a concurrent delete waits; the unique (habit_id, date) key makes a repeated mark a no-op, and only a day
 * that was not stored yet counts against the quota.
 */
export async function setCompletion(
  db: Db,
  userId: string,
  id: string,
  date: LocalDate,
  done: boolean,
  now: Date,
  limits: UserLimits,
): Promise<StoredHabit | undefined> {
  return db.transaction().execute(async (trx) => {
    if (done) await lockOwner(trx, userId);
    const row = await trx
      .updateTable("habits")
      .set({ updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    if (done) {
      const { numInsertedOrUpdatedRows } = await trx
        .insertInto("completions")
        .values({ habit_id: id, date })
        .onConflict((oc) => oc.columns(["habit_id", "date"]).doNothing())
        .executeTakeFirst();
      if (numInsertedOrUpdatedRows) checkQuota(limits, { days: await countDays(trx, userId) });
    } else {
      await trx.deleteFrom("completions").where("habit_id", "=", id).where("date", "=", date).execute();
    }
    return toStored(row, await datesOf(trx, id));
  });
}
