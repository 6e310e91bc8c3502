import { randomUUID } from "node:crypto";
import { locksRows, type Db } from "../db/database";
import type { StoredHabit } from "../../core/habit";
import type { LocalDate } from "../../core/local-date";
import { countHabits, listHabits } from "./habits.repo";

export type ImportedHabit = { name: string; completedDates: readonly LocalDate[] };

// Rows per insert, well under SQLite's 32766 and PostgreSQL's 65535 bound parameters.
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Serializes a user's bulk writes (import, migration) until the transaction ends. On PostgreSQL two requests
 * could otherwise both see "no habits" or both delete and insert; SQLite runs one transaction at a time already.
 */
async function lockOwner(trx: Db, userId: string): Promise<void> {
  await trx
    .selectFrom("profiles")
    .select("user_id")
    .where("user_id", "=", userId)
    .$if(locksRows(trx), (qb) => qb.forUpdate())
    .execute();
}

/**
 * New ids always (an imported id could be another user's); the first item gets the newest createdAt so the list,
 * newest first, shows the file's order. Imported dates are the only fact kept: derived fields are recomputed.
 */
async function insertHabits(
  trx: Db,
  userId: string,
  items: readonly ImportedHabit[],
  now: Date,
): Promise<void> {
  const habits = items.map((item, index) => {
    const at = new Date(now.getTime() - index).toISOString();
    return {
      id: randomUUID(),
      user_id: userId,
      name: item.name,
      created_at: at,
      updated_at: at,
      dates: item.completedDates,
    };
  });
  for (const chunk of chunks(habits)) {
    await trx
      .insertInto("habits")
      .values(chunk.map(({ dates: _dates, ...row }) => row))
      .execute();
  }
  const completions = habits.flatMap((habit) =>
    [...new Set(habit.dates)].map((date) => ({ habit_id: habit.id, date })),
  );
  for (const chunk of chunks(completions)) await trx.insertInto("completions").values(chunk).execute();
}

/** Import (SPEC §4): every habit of the user is replaced, in one transaction, so a failure changes nothing. */
export async function replaceHabits(
  db: Db,
  userId: string,
  items: readonly ImportedHabit[],
  now: Date,
): Promise<StoredHabit[]> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    await trx.deleteFrom("habits").where("user_id", "=", userId).execute();
    await insertHabits(trx, userId, items, now);
    return listHabits(trx, userId);
  });
}

export type MigrationResult = { skipped: boolean; habits: StoredHabit[] };

/** Migration (SPEC §4): copies the local habits only while the user has none, so a rerun creates nothing twice. */
export async function migrateHabits(
  db: Db,
  userId: string,
  items: readonly ImportedHabit[],
  now: Date,
): Promise<MigrationResult> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    const skipped = (await countHabits(trx, userId)) > 0;
    if (!skipped) await insertHabits(trx, userId, items, now);
    return { skipped, habits: await listHabits(trx, userId) };
  });
}
