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

export type DayChange = {
  userId: string;
  habitId: string;
  date: LocalDate;
  state: DayCode;
  /** The change number of the day, then of the habit row (its updatedAt and version). */
  dayVersion: number;
  habitVersion: number;
  updatedAt: string;
  /** Stored days gained (1), lost (-1) or neither (0): done and skipped are both stored. */
  change: number;
  /** The most stored days the account may hold before this change, for a gain; undefined without a quota. */
  within?: number;
};

/**
 * changeDayCount, setDayState and the habit row's update (push.repo.ts: setDay) in one statement, for a day whose
 * state differs from `state`. The day and the habit row are written only when the kept count moved; false when it
 * did not (no kept row yet, or over the quota): then nothing was written, and the caller takes the generic path.
 */
export async function writeDayCounted(trx: Db, d: DayChange): Promise<boolean> {
  const counted =
    d.change === 0
      ? sql`select 1`
      : sql`update day_counts set days = days + ${d.change} where user_id = ${d.userId}
          ${d.within === undefined ? sql`` : sql`and days <= ${d.within}`} returning 1`;
  const day =
    d.state === DAY_NONE
      ? sql`update completions set done = ${DAY_NONE}, version = ${d.dayVersion}
          where habit_id = ${d.habitId} and date = ${d.date} and done <> ${DAY_NONE}
            and exists (select from counted)`
      : sql`insert into completions (habit_id, date, user_id, version, done)
          select ${d.habitId}, ${d.date}, ${d.userId}, ${d.dayVersion}, ${d.state} where exists (select from counted)
          on conflict (habit_id, date) do update set done = excluded.done, version = excluded.version
            where completions.done <> excluded.done`;
  const { rows } = await sql<{ moved: boolean }>`
    with counted as (${counted}), day as (${day}),
      habit as (update habits set updated_at = ${d.updatedAt}, version = ${d.habitVersion}
        where id = ${d.habitId} and exists (select from counted))
    select exists (select from counted) as moved`.execute(trx);
  return rows[0]!.moved;
}
