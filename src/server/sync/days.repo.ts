// Marking and unmarking one (habit, day), shared by the habits routes and sync pushes. An unmarked day stays as a
// tombstone row (done = 0) with a new version, so that a pull tells other devices (docs/decisions/0023).
import type { Db } from "../db/database";
import type { LocalDate } from "../../core/local-date";

export type DayWrite = { userId: string; habitId: string; date: LocalDate; version: number };

/** True when the day was not done before (a new row or a revived tombstone): only then does the quota grow. */
export async function markDay(trx: Db, { userId, habitId, date, version }: DayWrite): Promise<boolean> {
  const { numInsertedOrUpdatedRows } = await trx
    .insertInto("completions")
    .values({ habit_id: habitId, date, user_id: userId, version, done: 1 })
    .onConflict((oc) =>
      oc.columns(["habit_id", "date"]).doUpdateSet({ done: 1, version }).where("completions.done", "=", 0),
    )
    .executeTakeFirst();
  return Boolean(numInsertedOrUpdatedRows);
}

/** True when the day was done. A day already not done keeps its version: nothing changed for other devices. */
export async function unmarkDay(trx: Db, { habitId, date, version }: DayWrite): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable("completions")
    .set({ done: 0, version })
    .where("habit_id", "=", habitId)
    .where("date", "=", date)
    .where("done", "=", 1)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Whether the day is marked done now. */
export async function isDone(db: Db, habitId: string, date: LocalDate): Promise<boolean> {
  const row = await db
    .selectFrom("completions")
    .select("done")
    .where("habit_id", "=", habitId)
    .where("date", "=", date)
    .executeTakeFirst();
  return row?.done === 1;
}
