// What changed for a user after a cursor, a page at a time, oldest change first (GET /api/sync).
import { sql } from "kysely";
import { isPostgres, type Db } from "../db/database";
import { sortedDayRanges } from "../../core/day-ranges";
import type { SyncHabit, SyncHabitDays, SyncPull } from "../../core/sync";
import { currentVersion } from "./versions.repo";

type Source = "habits" | "deleted_habits" | "completions";
type HabitRow = { id: string; name: string; created_at: string; updated_at: string };

const toSyncHabit = (row: HabitRow): SyncHabit => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The version of the source's `limit`-th change after `after`, read from its (user_id, version) index alone. */
async function limitEnd(db: Db, table: Source, userId: string, after: number, upTo: number, limit: number) {
  const row = await db
    .selectFrom(table)
    .select("version")
    .where("user_id", "=", userId)
    .where("version", ">", after)
    .where("version", "<=", upTo)
    .orderBy("version")
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.version) : undefined;
}

/**
 * The days changed in (after, end], joined per habit and state by the database: ten years of days are 180,000 rows,
 * and reading them one object each costs more than the whole budget of a first sync (docs/decisions/0023).
 */
async function changedDays(db: Db, userId: string, after: number, end: number): Promise<SyncHabitDays[]> {
  const joined = isPostgres(db)
    ? sql<string>`string_agg(date, ',' order by date)`
    : sql<string>`group_concat(date, ',' order by date)`;
  const rows = await db
    .selectFrom("completions")
    .select(["habit_id", "done", joined.as("dates")])
    .where("user_id", "=", userId)
    .where("version", ">", after)
    .where("version", "<=", end)
    .groupBy(["habit_id", "done"])
    .execute();
  const byHabit = new Map<string, SyncHabitDays>();
  for (const { habit_id: habitId, done, dates } of rows) {
    let days = byHabit.get(habitId);
    if (!days) byHabit.set(habitId, (days = { habitId, done: [], undone: [] }));
    days[done === 1 ? "done" : "undone"] = sortedDayRanges(dates.split(","));
  }
  return [...byHabit.values()];
}

/**
 * Every row carries its own version (versions.repo.ts). A page covers the versions after the cursor up to where the
 * first source reaches `limit` rows, so it holds at most `limit` rows of each kind; the read stops at the counter
 * read first, so a page never skips a row that commits later with a lower number.
 */
export async function pullChanges(db: Db, userId: string, after: number, limit: number): Promise<SyncPull> {
  const upTo = await currentVersion(db, userId);
  const sources: Source[] = ["habits", "deleted_habits", "completions"];
  const ends = await Promise.all(sources.map((table) => limitEnd(db, table, userId, after, upTo, limit)));
  const full = ends.filter((end) => end !== undefined);
  const end = Math.max(after, full.length > 0 ? Math.min(...full) : upTo);
  const more = end < upTo;
  const [habits, deleted, completions] = await Promise.all([
    db
      .selectFrom("habits")
      .select(["id", "name", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .where("version", ">", after)
      .where("version", "<=", end)
      .orderBy("version")
      .execute(),
    db
      .selectFrom("deleted_habits")
      .select("id")
      .where("user_id", "=", userId)
      .where("version", ">", after)
      .where("version", "<=", end)
      .orderBy("version")
      .execute(),
    changedDays(db, userId, after, end),
  ]);
  // Days of a habit whose row changed later than them: send the row too, so a device never holds days of an
  // unknown habit.
  const sent = new Set(habits.map((row) => row.id));
  const missing = completions.map((days) => days.habitId).filter((id) => !sent.has(id));
  const extra = missing.length
    ? await db
        .selectFrom("habits")
        .select(["id", "name", "created_at", "updated_at"])
        .where("user_id", "=", userId)
        .where("id", "in", missing)
        .execute()
    : [];
  return {
    cursor: String(end),
    more,
    habits: [...habits, ...extra].map(toSyncHabit),
    completions,
    deletedHabitIds: deleted.map((row) => row.id),
  };
}
