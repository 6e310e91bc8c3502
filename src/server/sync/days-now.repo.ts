// The statements of a day's write run at once on this thread's SQLite writer (docs/decisions/0038-near-writes.md),
// for a push of day ops (push-days.repo.ts) and a REST mark (habits/mark-now.repo.ts): the same statements as
// versions.repo.ts (nextVersions), habits/owner.repo.ts (changeDayCount) and days.repo.ts (setDayState).
import type { SyncSql } from "../db/sqlite-writer";
import { DAY_NONE, type DayCode } from "../db/schema";
import { checkQuota, type UserLimits } from "../habits/quota";
import type { DayWrite } from "./days.repo";

const NEXT_VERSIONS =
  'insert into "sync_state" ("user_id", "version") values (?, ?) on conflict ("user_id") do update set "version" = "sync_state"."version" + ? returning "version"';
const MOVE_COUNT = 'update "day_counts" set "days" = "days" + ? where "user_id" = ?';
const MOVE_COUNT_WITHIN = `${MOVE_COUNT} and "days" <= ?`;
const KEPT_COUNT = 'select "days" from "day_counts" where "user_id" = ?';
const COUNT_DAYS = `select count(*) as "count" from "completions" where "habit_id" in (select "id" from "habits" where "user_id" = ?) and "done" <> ${DAY_NONE}`;
const SET_COUNT =
  'insert into "day_counts" ("user_id", "days") values (?, ?) on conflict ("user_id") do update set "days" = ?';
const DAY_TO_NONE = `update "completions" set "done" = ${DAY_NONE}, "version" = ? where "habit_id" = ? and "date" = ? and "done" <> ${DAY_NONE}`;
const DAY_TO =
  'insert into "completions" ("habit_id", "date", "user_id", "version", "done") values (?, ?, ?, ?, ?) on conflict ("habit_id", "date") do update set "done" = ?, "version" = ? where "completions"."done" <> ?';

/** versions.repo.ts: nextVersions. Reserves `count` change numbers and returns the first. */
export function nextVersionsNow(sql: SyncSql, userId: string, count: number): number {
  const [row] = sql.all<{ version: number | string }>(NEXT_VERSIONS, [userId, count, count]);
  return Number(row!.version) - count + 1;
}

/** owner.repo.ts: changeDayCount with the quota: a count past it changes nothing and throws QUOTA_EXCEEDED. */
export function changeDayCountNow(sql: SyncSql, userId: string, change: number, limits: UserLimits): void {
  if (change === 0) return;
  const moved =
    change > 0
      ? sql.run(MOVE_COUNT_WITHIN, [change, userId, limits.maxDays - change])
      : sql.run(MOVE_COUNT, [change, userId]);
  if (moved > 0) return;
  const kept = sql.all<{ days: number }>(KEPT_COUNT, [userId])[0];
  const days = Number(kept?.days ?? sql.all<{ count: number }>(COUNT_DAYS, [userId])[0]!.count) + change;
  checkQuota(limits, { days });
  if (!kept) sql.run(SET_COUNT, [userId, days, days]);
}

/** days.repo.ts: setDayState. A day returned to nothing keeps a tombstone row. */
export function setDayStateNow(sql: SyncSql, { userId, habitId, date, version }: DayWrite, state: DayCode) {
  if (state === DAY_NONE) sql.run(DAY_TO_NONE, [version, habitId, date]);
  else sql.run(DAY_TO, [habitId, date, userId, version, state, state, version, state]);
}
