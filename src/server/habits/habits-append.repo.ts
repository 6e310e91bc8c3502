// "Add to my habits" (a Loop import): the file's habits join the user's, after them, in one
// transaction; the same items, checks and quota as an import (habits-import.repo.ts), counted with what is there.
import type { Db } from "../db/database";
import type { StoredHabit } from "../../core/habit";
import { listHabits } from "./habits.repo";
import { insertHabits, type ImportedGroup, type ImportedHabit } from "./habits-import.repo";
import { countHabits, lockOwner, storedDayCount } from "./owner.repo";
import { checkQuota, usageOf, type UserLimits } from "./quota";
import { slicer } from "./slices";
import { nextVersions } from "../sync/versions.repo";
import { onWriter } from "../db/writer";

/** The place after the user's last habit: their highest position plus one, or 0 without habits. */
async function nextPosition(trx: Db, userId: string): Promise<number> {
  const { last } = await trx
    .selectFrom("habits")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return last === null || last === undefined ? 0 : Math.floor(Number(last)) + 1;
}

/**
 * Appends `items` to the user's habits, in their order (an item's position counts from the first place after the
 * user's habits); nothing of the user's changes. Returns every habit of the user, as stored.
 */
export const appendHabits = onWriter(
  "appendHabits",
  async function appendHabits(
    db: Db,
    userId: string,
    items: readonly ImportedHabit[],
    now: Date,
    limits: UserLimits,
    groups: readonly ImportedGroup[] = [],
  ): Promise<StoredHabit[]> {
    const pause = slicer();
    return db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      const adding = usageOf(items);
      checkQuota(limits, {
        habits: (await countHabits(trx, userId)) + adding.habits,
        days: (await storedDayCount(trx, userId)) + adding.days,
      });
      await nextVersions(trx, userId, 0); // the change counter first, as every write takes it
      const base = await nextPosition(trx, userId);
      const placed = items.map((item, index) => ({ ...item, position: base + (item.position ?? index) }));
      await insertHabits(trx, userId, placed, now, pause, groups);
      return listHabits(trx, userId, pause);
    });
  },
);
