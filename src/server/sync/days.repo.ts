// Setting one (habit, day) to done, skipped or nothing, shared by the habits routes and sync pushes. A day returned
// to nothing stays as a tombstone row (DAY_NONE) with a new version, so that a pull tells other devices
// (docs/decisions/0023, 0029). What was stored before is read by the caller, with its other checks (push.repo.ts,
// habits.repo.ts), which moves the user's count of stored days with it (habits/owner.repo.ts: changeDayCount).
import { compiledNamed, named } from "../db/compiled-once";
import type { Db } from "../db/database";
import { DAY_NONE, type DayCode } from "../db/schema";
import type { LocalDate } from "../../core/local-date";

export type DayWrite = { userId: string; habitId: string; date: LocalDate; version: number };

// A tick's and a REST mark's statement: compiled once (db/compiled-once.ts).
const toNone = compiledNamed<never, { habitId: string; date: LocalDate; version: number }>((db) =>
  db
    .updateTable("completions")
    .set({ done: DAY_NONE, version: named("version") })
    .where("habit_id", "=", named("habitId"))
    .where("date", "=", named("date"))
    .where("done", "<>", DAY_NONE),
);
const toState = compiledNamed<never, DayWrite & { state: DayCode }>((db) =>
  db
    .insertInto("completions")
    .values({
      habit_id: named("habitId"),
      date: named("date"),
      user_id: named("userId"),
      version: named("version"),
      done: named("state"),
    })
    .onConflict((oc) =>
      oc
        .columns(["habit_id", "date"])
        .doUpdateSet({ done: named("state"), version: named("version") })
        .where("completions.done", "<>", named("state")),
    ),
);

/**
 * Stores `state` for the day with the change number `version`; true when that changed it. A day already in that
 * state keeps its version: nothing changed for other devices. Returning to nothing keeps a tombstone.
 */
export async function setDayState(trx: Db, day: DayWrite, state: DayCode): Promise<boolean> {
  const { numAffectedRows } = await (state === DAY_NONE ? toNone(trx, day) : toState(trx, { ...day, state }));
  return (numAffectedRows ?? 0n) > 0n;
}
