// A REST mark (PUT or DELETE /api/habits/:id/completions/:date) run at once on this thread's SQLite writer
// (docs/decisions/0038-near-writes.md): the statements of habits.repo.ts's setCompletion, synchronously, inside the
// group commit. completions.api.test.ts and day-counts.api.test.ts run the same answers on PostgreSQL, which takes
// the general way.
import type { Selectable } from "kysely";
import type { SyncSql } from "../db/sqlite-writer";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type DayCode, type HabitTable } from "../db/schema";
import type { LocalDate } from "../../core/local-date";
import { changeDayCountNow, nextVersionsNow, setDayStateNow } from "../sync/days-now.repo";
import type { HabitDates } from "./habit-dates.repo";
import type { UserLimits } from "./quota";

type HabitRow = Selectable<HabitTable>;

const TOUCH_HABIT =
  'update "habits" set "updated_at" = ?, "version" = ? where "id" = ? and "user_id" = ? returning *, (select "done" from "completions" where "habit_id" = ? and "date" = ?) as "before"';
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
export type Marked = { row: HabitRow; dates: HabitDates };

/**
 * setCompletion's transaction: the habit row first (its owner checked, the day's state read in the same statement),
 * then the day count and the day, then the habit's days. Undefined when the habit is not the user's.
 */
export function markNow(sql: SyncSql, { userId, id, date, done, now, limits }: Mark): Marked | undefined {
  const version = nextVersionsNow(sql, userId, 2);
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
  return { row, dates: daysOf(sql, id) };
}

function daysOf(sql: SyncSql, habitId: string): HabitDates {
  const [row] = sql.all<{ done: string | null; skipped: string | null }>(DAYS_OF_HABIT, [habitId]);
  const list = (joined: string | null | undefined) => (joined ? (joined.split(",") as LocalDate[]) : []);
  return { done: list(row?.done), skipped: list(row?.skipped) };
}
