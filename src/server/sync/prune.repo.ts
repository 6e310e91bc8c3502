// Pruning what the server keeps for sync (docs/decisions/0027-sync-pruning.md): op results past the replay window,
// and tombstones older than the longest time a device may stay offline and still sync by changes.
import { sql } from "kysely";
import { isPostgres, type Db } from "../db/database";
import { onWriter } from "../db/writer";

const DAY_MS = 86_400_000;
/** How long a pushed op's result is kept, so that a device that was offline (or lost the answer) can replay it
 * and have it applied once. A replay after this window is treated as a new op (decision 0027). */
export const OPS_RETENTION_MS = 30 * DAY_MS;
/** How long a tombstone (an unmarked day, a deleted habit) is kept at least. A device whose cursor is older
 * than the tombstones pruned since is answered `reset` and pulls from empty (GET /api/sync). */
export const TOMBSTONE_RETENTION_MS = 30 * DAY_MS;
/** A user's counter is noted at most this often: tombstones are dated to within a day, and a user who writes all
 * the time keeps about 31 checkpoints. */
const CHECKPOINT_EVERY_MS = DAY_MS;
/** One prune at a time across server processes on one PostgreSQL (any number; "hs" "sp" in ASCII). */
const PRUNE_LOCK = 0x68737370;

export type PruneResult = { ops: number; days: number; habits: number };

const iso = (now: Date, minus: number) => new Date(now.getTime() - minus).toISOString();
const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);

/**
 * One pass, in one transaction: note each user's counter (a checkpoint dates every row at or below it), raise
 * each user's horizon to the highest tombstone at or below their newest checkpoint older than the retention,
 * delete the tombstones at or below the horizon, the checkpoints used up, and op results past their window.
 * Deletes are idempotent, so passes may repeat; on PostgreSQL a pass that finds another one running skips (null).
 */
export const pruneSync = onWriter(
  "pruneSync",
  async function pruneSync(db: Db, now: Date): Promise<PruneResult | null> {
    const at = now.toISOString();
    const recent = iso(now, CHECKPOINT_EVERY_MS);
    const old = iso(now, TOMBSTONE_RETENTION_MS);
    return db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as locked`.execute(trx);
        if (!rows[0]?.locked) return null;
      }
      // Only committed numbers are visible here, so every row at or below a noted version was written by `at`.
      await sql`insert into sync_checkpoints (user_id, version, at)
      select s.user_id, s.version, ${at} from sync_state s
      where not exists (select 1 from sync_checkpoints c
        where c.user_id = s.user_id and (c.version >= s.version or c.at > ${recent}))`.execute(trx);
      // The newest checkpoint older than the retention bounds what may go; the horizon is what actually went.
      const oldEnough = sql`t.version <= (
      select max(c.version) from sync_checkpoints c where c.user_id = t.user_id and c.at <= ${old})`;
      await sql`insert into sync_horizons (user_id, version)
      select user_id, max(version) from (
        select t.user_id, t.version from completions t where t.done = 0 and ${oldEnough}
        union all
        select t.user_id, t.version from deleted_habits t where ${oldEnough}
      ) as pruned where true group by user_id
      on conflict (user_id) do update set version = excluded.version
      where excluded.version > sync_horizons.version`.execute(trx);
      const horizon = (table: "completions" | "deleted_habits") =>
        sql`version <= (select h.version from sync_horizons h where h.user_id = ${sql.table(table)}.user_id)`;
      const days = await sql`delete from completions where done = 0 and ${horizon("completions")}`.execute(
        trx,
      );
      const habits = await sql`delete from deleted_habits where ${horizon("deleted_habits")}`.execute(trx);
      // Used-up checkpoints go; each user keeps their newest old one, so an idle account is not noted again.
      await sql`delete from sync_checkpoints where at <= ${old} and version < (
      select max(c.version) from sync_checkpoints c where c.user_id = sync_checkpoints.user_id and c.at <= ${old})`.execute(
        trx,
      );
      const ops = await trx
        .deleteFrom("sync_ops")
        .where("created_at", "<", iso(now, OPS_RETENTION_MS))
        .executeTakeFirst();
      return { ops: Number(ops.numDeletedRows), days: count(days), habits: count(habits) };
    });
  },
);
