// PostgreSQL's push in fewer round trips (docs/decisions/0039-postgres-push-statements.md). Each statement here
// does what two or three of push.repo.ts's generic ones do, in the same order and under the same locks; a push
// holds a pooled connection for its round trips, and each one costs both processes CPU and a wake-up.
import { sql } from "kysely";
import type { Db } from "../db/database";
import { DAY_NONE, type DayCode } from "../db/schema";
import type { LocalDate } from "../../core/local-date";

/**
 * lockOwner then nextVersions (owner.repo.ts, versions.repo.ts), then the op log's rows of the push's op ids taken
 * as "applied", in one statement. The counter's upsert reads its row from a count over the locked profile row, and
 * the op rows are made from the counter's row, so the profile lock is taken (or waited for) first and locks still
 * come in one order. Returns the first of `count` numbers reserved and the ids taken; an id not taken was recorded
 * by an earlier push, whose row a later statement reads (this one's snapshot is from before any wait for the lock).
 */
export async function lockReserveAndClaim(
  trx: Db,
  userId: string,
  count: number,
  ids: readonly string[],
  createdAt: string,
): Promise<{ first: number; claimed: ReadonlySet<string> }> {
  const { rows } = await sql<{ version: string; claimed: string[] }>`
    with owner as (select user_id from profiles where user_id = ${userId} for update),
      counter as (insert into sync_state (user_id, version)
          select ${userId}, ${count}::bigint from (select count(*) from owner) as locked
        on conflict (user_id) do update set version = sync_state.version + excluded.version
        returning version),
      claimed as (insert into sync_ops (user_id, op_id, status, code, message, created_at)
          select ${userId}, id, 'applied', null, null, ${createdAt} from counter, unnest(${ids}::text[]) as id
        on conflict do nothing returning op_id)
    select (select version from counter) as version, array(select op_id from claimed) as claimed`.execute(
    trx,
  );
  const row = rows[0]!;
  return { first: Number(row.version) - count + 1, claimed: new Set(row.claimed) };
}

export type DayWrite = {
  userId: string;
  habitId: string;
  date: LocalDate;
  state: DayCode;
  /** The change number of the day, then of the habit row (its updatedAt and version). */
  dayVersion: number;
  habitVersion: number;
  updatedAt: string;
  /** The most days the account may store (quota.ts). */
  maxDays: number;
};

/** Whose the habit is (its owner, or the owner who deleted it) and the day's state before; true when written. */
export type DaySeen = { live: string | null; dead: string | null; state: DayCode; written: boolean };

/**
 * push.repo.ts's setDay in one statement: reads the habit's owner and the day's state (whoseDay), and when the
 * habit is the user's and the day's state differs, moves the kept day count (changeDayCount, with the quota's
 * condition for a gain), sets the day and stamps the habit row, the last two only when the count moved. Not
 * written when the count did not move (no kept count yet, or over the quota): the caller then takes the generic
 * path, with the same change numbers.
 */
export async function setDayIfCounted(trx: Db, d: DayWrite): Promise<DaySeen> {
  const day =
    d.state === DAY_NONE
      ? sql`update completions set done = ${DAY_NONE}, version = ${d.dayVersion}
          where habit_id = ${d.habitId} and date = ${d.date} and done <> ${DAY_NONE} and exists (select from ok)`
      : sql`insert into completions (habit_id, date, user_id, version, done)
          select ${d.habitId}, ${d.date}, ${d.userId}, ${d.dayVersion}, ${d.state} where exists (select from ok)
          on conflict (habit_id, date) do update set done = excluded.done, version = excluded.version
            where completions.done <> excluded.done`;
  const { rows } = await sql<DaySeen>`
    with cur as (
        select (select user_id from habits where id = ${d.habitId}) as live,
          (select user_id from deleted_habits where id = ${d.habitId}) as dead,
          coalesce((select done from completions where habit_id = ${d.habitId} and date = ${d.date}),
            ${DAY_NONE}::int) as state),
      ch as (select case when state = ${DAY_NONE}::int then 1 when ${d.state}::int = ${DAY_NONE}::int then -1
          else 0 end as change
        from cur where live = ${d.userId} and state <> ${d.state}::int),
      counted as (update day_counts set days = days + ch.change from ch
        where user_id = ${d.userId} and ch.change <> 0 and (ch.change < 0 or days <= ${d.maxDays}::int - ch.change)
        returning 1),
      ok as (select 1 from ch where change = 0 union all select 1 from counted),
      day as (${day}),
      habit as (update habits set updated_at = ${d.updatedAt}, version = ${d.habitVersion}
        where id = ${d.habitId} and exists (select from ok))
    select live, dead, state, exists (select from ok) as written from cur`.execute(trx);
  return rows[0]!;
}
