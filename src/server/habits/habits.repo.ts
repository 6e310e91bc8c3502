import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { compiledNamed, named } from "../db/compiled-once";
import { isPostgres, locksRows, type Db } from "../db/database";
import { DAY_DONE, DAY_NONE, type DayCode, type HabitTable } from "../db/schema";
import { kindOf, rulesColumns, rulesOf, scheduleOf } from "../db/habit-columns";
import { ApiError, errorText } from "../http/errors";
import type { StoredHabit } from "../../core/habit";
import { uuidOfId } from "../../core/habit-uuid";
import type { LocalDate } from "../../core/local-date";
import { datesOfHabits, type HabitDates } from "./habit-dates.repo";
import { habitRowsWithDates } from "./habit-list-postgres.repo";
import { changeDayCount, countHabits, dropHabitDays, lockOwner } from "./owner.repo";
import { checkQuota, type UserLimits } from "./quota";
import { checkGroupId } from "../groups/groups.repo";
import { slicer, type Pause } from "./slices";
import { changedDay, dayCountChange, dayRowOf, writeDay } from "../sync/days.repo";
import { buryHabits, nextVersions } from "../sync/versions.repo";
import { onWriter } from "../db/writer";

// Every function takes the owner's id and filters by it: another user's habit is simply not found.

type HabitRow = Selectable<HabitTable>;

const NO_DATES: HabitDates = { done: [], skipped: [], values: [], notes: [] };

export function toStored(row: HabitRow, dates: HabitDates): StoredHabit {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    completedDates: dates.done,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    skippedDates: dates.skipped,
    schedule: scheduleOf(row.schedule),
    archived: row.archived === 1,
    position: row.position,
    ...(row.emoji !== null && { emoji: row.emoji }),
    kind: kindOf(row.kind),
    rules: rulesOf(row),
    step: Number(row.step),
    uuid: row.uuid ?? uuidOfId(row.id),
    values: dates.values,
    notes: dates.notes,
    groupId: row.group_id,
  };
}

async function datesOf(db: Db, habitId: string): Promise<HabitDates> {
  return (await datesOfHabits(db, [habitId])).get(habitId) ?? NO_DATES;
}

/** The position of a new habit: first, below every other (habit-order.ts); 0 for the first habit. */
export async function positionForNew(db: Db, userId: string): Promise<number> {
  const { first } = await db
    .selectFrom("habits")
    .select((eb) => eb.fn.min("position").as("first"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return first === null ? 0 : Number(first) - 1;
}

/**
 * In the order of Today (core/habit-order.ts): by position, then newest first; habits created in the same
 * millisecond fall back to id order so the list is stable.
 */
export async function listHabits(db: Db, userId: string, pause: Pause = slicer()): Promise<StoredHabit[]> {
  if (isPostgres(db))
    return (await habitRowsWithDates(db, userId)).map(({ row, dates }) => toStored(row, dates));
  const rows = await db
    .selectFrom("habits")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("position")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const dates = await datesOfHabits(
    db,
    rows.map((row) => row.id),
    pause,
  );
  return rows.map((row) => toStored(row, dates.get(row.id) ?? NO_DATES));
}

export const createHabit = onWriter(
  "createHabit",
  async function createHabit(
    db: Db,
    userId: string,
    input: { name: string },
    now: Date,
    limits: UserLimits,
    today: LocalDate,
  ): Promise<StoredHabit> {
    return db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      checkQuota(limits, { habits: (await countHabits(trx, userId)) + 1 });
      const at = now.toISOString();
      const version = await nextVersions(trx, userId, 1);
      const id = randomUUID();
      const row = {
        id,
        user_id: userId,
        name: input.name,
        created_at: at,
        updated_at: at,
        version,
        // A yes/no habit due every day from the user's today (docs/decisions/0061).
        ...rulesColumns([{ from: today, frequency: null, target: null }]),
        archived: 0,
        position: await positionForNew(trx, userId),
        emoji: null,
        kind: "yesNo",
        step: 1,
        uuid: uuidOfId(id),
        group_id: null,
      };
      await trx.insertInto("habits").values(row).execute();
      return toStored(row, NO_DATES);
    });
  },
);

/** A habit's name and group (PATCH /api/habits/:id); a group not the user's is refused (GROUP_NOT_FOUND). */
export const changeHabit = onWriter(
  "changeHabit",
  async function changeHabit(
    db: Db,
    userId: string,
    id: string,
    input: { name?: string; groupId?: string | null },
    now: Date,
  ): Promise<StoredHabit | undefined> {
    return db.transaction().execute(async (trx) => {
      const version = await nextVersions(trx, userId, 1);
      await checkGroupId(trx, userId, input.groupId);
      const row = await trx
        .updateTable("habits")
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.groupId !== undefined && { group_id: input.groupId }),
          updated_at: now.toISOString(),
          version,
        })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .returningAll()
        .executeTakeFirst();
      return row && toStored(row, await datesOf(trx, id));
    });
  },
);

/** True when the habit existed; its completions go with it (on delete cascade) and it leaves a tombstone. */
export const deleteHabit = onWriter(
  "deleteHabit",
  async function deleteHabit(db: Db, userId: string, id: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      // The version first: every write takes the user's counter before any habit row (lock order).
      const version = await nextVersions(trx, userId, 1);
      await dropHabitDays(trx, userId, id); // none when the habit is not the user's
      const result = await trx
        .deleteFrom("habits")
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) return false;
      await buryHabits(trx, userId, [id], version);
      return true;
    });
  },
);

// The REST mark's first statement: the habit row stamped (its owner checked) and the day's state before, compiled
// once (db/compiled-once.ts).
const markHabit = compiledNamed<
  HabitRow & { before: DayCode | null; before_value: number | null; before_note: string | null },
  { id: string; userId: string; date: LocalDate; version: number; at: string }
>((db) =>
  db
    .updateTable("habits")
    .set({ updated_at: named("at"), version: named("version") })
    .where("id", "=", named("id"))
    .where("user_id", "=", named("userId"))
    .returningAll()
    .returning((eb) => {
      const day = eb
        .selectFrom("completions")
        .where("habit_id", "=", named("id"))
        .where("date", "=", named("date"));
      return [
        day.select("done").as("before"),
        day.select("value").as("before_value"),
        day.select("note").as("before_note"),
      ];
    }),
);

/**
 * Marks one day done, or returns it to nothing (a skipped day too: this route knows done and not done only); a note
 * stays. The habit row is updated first, inside the transaction, so its owner is checked and a concurrent delete
 * waits; the same statement reads the day before. Only a day that held nothing adds to the quota (a skipped day
 * marked done does not). The answer's days are read from the database after the write. A measurable or quit habit
 * is refused, both ways: this route knows yes and no only (docs/decisions/0061).
 */
export const setCompletion = onWriter(
  "setCompletion",
  async function setCompletion(
    db: Db,
    userId: string,
    id: string,
    date: LocalDate,
    done: boolean,
    now: Date,
    limits: UserLimits,
  ): Promise<StoredHabit | undefined> {
    return db.transaction().execute(async (trx) => {
      // On SQLite the transaction holds the one write lock already (BEGIN IMMEDIATE).
      if (done && locksRows(trx)) await lockOwner(trx, userId);
      const version = await nextVersions(trx, userId, 2);
      const [updated] = (await markHabit(trx, { id, userId, date, version, at: now.toISOString() })).rows;
      if (!updated) return undefined;
      const { before: stored, before_value: value, before_note: note, ...row } = updated;
      const kind = kindOf(row.kind);
      // Thrown, so that the transaction rolls the habit's new version back too.
      if (kind !== "yesNo")
        throw new ApiError(409, "HABIT_KIND_MISMATCH", errorText("kindMismatch", { kind }));
      const before = dayRowOf({ done: stored, value, note });
      const after = changedDay(before, { mark: done ? DAY_DONE : DAY_NONE });
      await changeDayCount(trx, userId, dayCountChange(before, after), limits);
      await writeDay(trx, { userId, habitId: id, date, version: version + 1 }, before, after);
      return toStored(row, await datesOf(trx, id));
    });
  },
);
