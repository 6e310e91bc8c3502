// A REST mark (PUT or DELETE /api/habits/:id/completions/:date) run at once on this thread's SQLite writer
// (docs/decisions/0038-near-writes.md): the statements of habits.repo.ts's setCompletion, synchronously, inside the
// group commit. completions.api.test.ts and day-counts.api.test.ts run the same answers on PostgreSQL, which takes
// the general way.
import type { Selectable } from "kysely";
import type { SyncSql } from "../db/sqlite-writer";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type DayCode, type HabitTable } from "../db/schema";
import type { LocalDate } from "../../core/local-date";
import { changeDayCountNow, nextVersionsNow, setDayStateNow } from "../sync/days-now.repo";
import { interned, withDay, type HabitDates, type KeptEntry } from "./habit-dates.repo";
import type { UserLimits } from "./quota";

type HabitRow = Selectable<HabitTable>;

const TOUCH_HABIT =
  'update "habits" set "updated_at" = ?, "version" = ? where "id" = ? and "user_id" = ? returning *, (select "done" from "completions" where "habit_id" = ? and "date" = ?) as "before"';
const HABIT_VERSION = 'select "version" from "habits" where "id" = ?';
// A habit's days as two comma-separated lists: two strings to split instead of a row object per day (a year of
// days read as rows was a fifth of a mark's CPU, most of it garbage to collect).
const DAYS_OF_HABIT = `select group_concat("date", ',' order by "date") filter (where "done" = ${DAY_DONE}) as "done", group_concat("date", ',' order by "date") filter (where "done" = ${DAY_SKIPPED}) as "skipped" from "completions" where "habit_id" = ? and "done" <> ${DAY_NONE}`;

export type Mark = {
  userId: string;
  id: string;
  date: LocalDate;
  done: boolean;
  now: Date;
  limits: UserLimits;
};
export type Marked = { row: HabitRow; dates: HabitDates; counter: number };

/**
 * setCompletion's transaction: the habit row first (its owner checked, the day's state read in the same statement),
 * then the day count and the day; the habit's days from `kept` or read. Undefined when the habit is not the user's.
 *
 * Kept days still hold when the user's counter has not moved since (no write of the user came between), or when the
 * habit's row still has the version the write that kept them gave it: every write of a habit's days sets its row's
 * version in the same transaction, and a version is never given twice. The second check reads the row's version
 * before this write changes it, which holds because this transaction has the database's one write lock from its
 * first statement (BEGIN IMMEDIATE): nothing can change the row between that read and this write.
 */
export function markNow(
  sql: SyncSql,
  { userId, id, date, done, now, limits }: Mark,
  kept: KeptEntry | undefined,
): Marked | undefined {
  const version = nextVersionsNow(sql, userId, 2);
  // The counter stood at version - 1 before this write.
  const holds =
    kept !== undefined &&
    (kept.counter === version - 1 ||
      Number(sql.all<{ version: number | string }>(HABIT_VERSION, [id])[0]?.version) === kept.habitVersion);
  const [updated] = sql.all<HabitRow & { before: DayCode | null }>(TOUCH_HABIT, [
    now.toISOString(),
    version,
    id,
    userId,
    id,
    date,
  ]);
  if (!updated) return undefined;
  const { before: stored, ...row } = updated;
  const before = stored ?? DAY_NONE;
  const state = done ? DAY_DONE : DAY_NONE;
  if (before !== state) {
    changeDayCountNow(sql, userId, before === DAY_NONE ? 1 : done ? 0 : -1, limits);
    setDayStateNow(sql, { userId, habitId: id, date, version: version + 1 }, state);
  }
  const dates = holds ? withDay(kept.dates, date, state) : daysOf(sql, id);
  // version + 1 is the last number this write took; the row now has version.
  return { row, dates, counter: version + 1 };
}

function daysOf(sql: SyncSql, habitId: string): HabitDates {
  const [row] = sql.all<{ done: string | null; skipped: string | null }>(DAYS_OF_HABIT, [habitId]);
  // Interned, as they may be kept (habit-dates.repo.ts: keptDates).
  const list = (joined: string | null | undefined) =>
    joined ? (joined.split(",") as LocalDate[]).map(interned) : [];
  return { done: list(row?.done), skipped: list(row?.skipped) };
}
