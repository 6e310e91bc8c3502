// Setting one (habit, day) to done, skipped or nothing, shared by the habits routes and sync pushes. A day returned
// to nothing stays as a tombstone row (DAY_NONE) with a new version, so that a pull tells other devices
// (docs/decisions/0023, 0029). What was stored before is read by the caller, with its other checks (push.repo.ts,
// habits.repo.ts), which moves the user's count of stored days with it (habits/owner.repo.ts: changeDayCount).
import type { Db } from "../db/database";
import { DAY_NONE, type DayCode } from "../db/schema";
import type { LocalDate } from "../../core/local-date";

export type DayWrite = { userId: string; habitId: string; date: LocalDate; version: number };

/**
 * Stores `state` for the day with the change number `version`; true when that changed it. A day already in that
 * state keeps its version: nothing changed for other devices. Returning to nothing keeps a tombstone.
 */
export async function setDayState(
  trx: Db,
  { userId, habitId, date, version }: DayWrite,
  state: DayCode,
): Promise<boolean> {
  if (state === DAY_NONE) {
    const { numUpdatedRows } = await trx
      .updateTable("completions")
      .set({ done: DAY_NONE, version })
      .where("habit_id", "=", habitId)
      .where("date", "=", date)
      .where("done", "<>", DAY_NONE)
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }
  const { numInsertedOrUpdatedRows } = await trx
    .insertInto("completions")
    .values({ habit_id: habitId, date, user_id: userId, version, done: state })
    .onConflict((oc) =>
      oc
        .columns(["habit_id", "date"])
        .doUpdateSet({ done: state, version })
        .where("completions.done", "<>", state),
    )
    .executeTakeFirst();
  return Boolean(numInsertedOrUpdatedRows);
}
