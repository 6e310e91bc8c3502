import { randomUUID } from "node:crypto";
import type { Db } from "../db/database";
import type { StoredHabit } from "../../core/habit";
import type { LocalDate } from "../../core/local-date";
import { deleteDatesOfHabits } from "./habit-dates.repo";
import { listHabits } from "./habits.repo";
import { countHabits, lockOwner } from "./owner.repo";
import { checkQuota, usageOf, type UserLimits } from "./quota";
import { chunks, slicer, type Pause } from "./slices";

export type ImportedHabit = { name: string; completedDates: readonly LocalDate[] };

// Rows per insert: a few milliseconds of SQLite's time, and well under both dialects' bound-parameter limits.
const CHUNK = 500;

/**
 * New ids always (an imported id could be another user's); the first item gets the newest createdAt so the list,
 * newest first, shows the file's order. Imported dates are the only fact kept: derived fields are recomputed.
 * Returns the habits as stored: the user had none before (import deletes them, migration requires it).
 */
async function insertHabits(
  trx: Db,
  userId: string,
  items: readonly ImportedHabit[],
  now: Date,
  pause: Pause,
): Promise<StoredHabit[]> {
  const habits = items.map((item, index): StoredHabit => {
    const at = new Date(now.getTime() - index).toISOString();
    const completedDates = [...new Set(item.completedDates)].sort();
    return { id: randomUUID(), userId, name: item.name, completedDates, createdAt: at, updatedAt: at };
  });
  for (const chunk of chunks(habits, CHUNK)) {
    await pause();
    await trx
      .insertInto("habits")
      .values(
        chunk.map((h) => ({
          id: h.id,
          user_id: userId,
          name: h.name,
          created_at: h.createdAt,
          updated_at: h.updatedAt,
        })),
      )
      .execute();
  }
  const completions = habits.flatMap((habit) =>
    habit.completedDates.map((date) => ({ habit_id: habit.id, date })),
  );
  for (const chunk of chunks(completions, CHUNK)) {
    await pause();
    await trx.insertInto("completions").values(chunk).execute();
  }
  return habits;
}

/** Import (SPEC §4): every habit of the user is replaced, in one transaction, so a failure changes nothing. */
export async function replaceHabits(
  db: Db,
  userId: string,
  items: readonly ImportedHabit[],
  now: Date,
  limits: UserLimits,
): Promise<StoredHabit[]> {
  const pause = slicer();
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    // The file replaces everything, so it alone is what the account will hold.
    checkQuota(limits, usageOf(items));
    const old = await trx.selectFrom("habits").select("id").where("user_id", "=", userId).execute();
    await deleteDatesOfHabits(
      trx,
      old.map((row) => row.id),
      pause,
    );
    await trx.deleteFrom("habits").where("user_id", "=", userId).execute();
    return insertHabits(trx, userId, items, now, pause);
  });
}

export type MigrationResult = { skipped: boolean; habits: StoredHabit[] };

/** Migration (SPEC §4): copies the local habits only while the user has none, so a rerun creates nothing twice. */
export async function migrateHabits(
  db: Db,
  userId: string,
  items: readonly ImportedHabit[],
  now: Date,
  limits: UserLimits,
): Promise<MigrationResult> {
  const pause = slicer();
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    if ((await countHabits(trx, userId)) > 0)
      return { skipped: true, habits: await listHabits(trx, userId, pause) };
    checkQuota(limits, usageOf(items));
    return { skipped: false, habits: await insertHabits(trx, userId, items, now, pause) };
  });
}
