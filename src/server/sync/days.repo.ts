// Writing one (habit, day): its state (done, skipped or nothing), number and note, shared by the habits routes and
// sync pushes. A day left with nothing stays as a tombstone row (DAY_NONE) with a new version, so that a pull tells
// other devices (docs/decisions/0023, 0029, 0063). What was stored before is read by the caller, with its other
// checks (push.repo.ts, habits.repo.ts), which moves the user's count of stored days with it
// (habits/owner.repo.ts: changeDayCount; dayCountChange).
import { compiledNamed, named } from "../db/compiled-once";
import type { Db } from "../db/database";
import { DAY_DONE, DAY_ENTRY, DAY_NONE, DAY_SKIPPED, type DayCode } from "../db/schema";
import type { LocalDate } from "../../core/local-date";

export type DayWrite = { userId: string; habitId: string; date: LocalDate; version: number };

/** What is stored for a (habit, day); no row reads as NO_DAY. */
export type DayRow = { code: DayCode; value: number | null; note: string | null };
export const NO_DAY: DayRow = { code: DAY_NONE, value: null, note: null };

/** The day's mark as the ops name it: done, skipped, or neither (DAY_NONE; a day holding only a number or a note). */
export const markOf = (code: DayCode): DayCode => (code === DAY_ENTRY ? DAY_NONE : code);

/** The day with `change` applied: a mark (DAY_DONE, DAY_SKIPPED, DAY_NONE), a number or a note; the rest stays. */
export function changedDay(
  before: DayRow,
  change: { mark?: DayCode; value?: number | null; note?: string | null },
): DayRow {
  const mark = change.mark === undefined ? markOf(before.code) : markOf(change.mark);
  const value = change.value === undefined ? before.value : change.value;
  const note = change.note === undefined ? before.note : change.note;
  const code =
    mark === DAY_DONE || mark === DAY_SKIPPED ? mark : value !== null || note !== null ? DAY_ENTRY : DAY_NONE;
  return code === DAY_NONE ? NO_DAY : { code, value, note };
}

/** How the user's count of stored days moves from `before` to `after`: every row but a tombstone is one. */
export const dayCountChange = (before: DayRow, after: DayRow): number =>
  (after.code === DAY_NONE ? 0 : 1) - (before.code === DAY_NONE ? 0 : 1);

export const sameDay = (a: DayRow, b: DayRow): boolean =>
  a.code === b.code && a.value === b.value && a.note === b.note;

/** The stored row as a DayRow (PostgreSQL and SQLite both answer a double as a number). */
export function dayRowOf(row: {
  done?: DayCode | null;
  value?: number | null;
  note?: string | null;
}): DayRow {
  const code = row.done ?? DAY_NONE;
  return code === DAY_NONE ? NO_DAY : { code, value: row.value ?? null, note: row.note ?? null };
}

// A tick's and a REST mark's statement: compiled once (db/compiled-once.ts).
const toNone = compiledNamed<never, { habitId: string; date: LocalDate; version: number }>((db) =>
  db
    .updateTable("completions")
    .set({ done: DAY_NONE, value: null, note: null, version: named("version") })
    .where("habit_id", "=", named("habitId"))
    .where("date", "=", named("date"))
    .where("done", "<>", DAY_NONE),
);
const toDay = compiledNamed<never, DayWrite & { state: DayCode; value: number | null; note: string | null }>(
  (db) =>
    db
      .insertInto("completions")
      .values({
        habit_id: named("habitId"),
        date: named("date"),
        user_id: named("userId"),
        version: named("version"),
        done: named("state"),
        value: named("value"),
        note: named("note"),
      })
      .onConflict((oc) =>
        oc.columns(["habit_id", "date"]).doUpdateSet({
          done: named("state"),
          value: named("value"),
          note: named("note"),
          version: named("version"),
        }),
      ),
);

/**
 * Stores `after` for the day with the change number `version`, `before` being what the caller read in the same
 * transaction; false when they are the same (nothing changed for other devices: the day keeps its version).
 */
export async function writeDay(trx: Db, day: DayWrite, before: DayRow, after: DayRow): Promise<boolean> {
  if (sameDay(before, after)) return false;
  if (after.code === DAY_NONE) await toNone(trx, day);
  else await toDay(trx, { ...day, state: after.code, value: after.value, note: after.note });
  return true;
}
