// Where a user's changes stand, for the answers kept per user (habits.routes.ts) and the in-sync pull
// (sync.routes.ts): one indexed statement, compiled once per database and run with the user's id. On SQLite the
// position is also kept per user between this process's writes (docs/decisions/0059-server-read-path.md).
import { compiledOnce } from "../db/compiled-once";
import { isPostgres, type Db } from "../db/database";

type Position = { current: number | string | null; horizon: number | string | null };
export type SyncPosition = { current: number; horizon: number };

/**
 * How long this process trusts a kept position on SQLite: a write that does not pass through this process's write
 * routes (none should: SQLite serves one process) shows within this bound. Every write request of the user in this
 * process forgets their position at once (forgetPosition).
 */
export const POSITION_CACHE_MS = 1000;
/** Users kept at most; the oldest read goes first. */
const MAX_KEPT = 10_000;

type Kept = { position: SyncPosition; readAt: number };
/** A database's kept positions; `generation` moves with every forget, so that a read begun before is not kept. */
type Positions = { kept: Map<string, Kept>; generation: number };

/** Only SQLite databases have an entry: on PostgreSQL several processes write, and every read goes to it. */
const positions = new WeakMap<Db, Positions>();

/** The statement, compiled once per database: building it is most of the cost of so small a read. */
const readRow = compiledOnce<Position>((db) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("sync_state").select("version").where("user_id", "=", "").as("current"),
    eb.selectFrom("sync_horizons").select("version").where("user_id", "=", "").as("horizon"),
  ]),
);

/** The database's kept positions; undefined on PostgreSQL. */
function keptOf(db: Db): Positions | undefined {
  let kept = positions.get(db);
  if (!kept && !isPostgres(db)) positions.set(db, (kept = { kept: new Map(), generation: 0 }));
  return kept;
}

async function readPosition(db: Db, userId: string): Promise<SyncPosition> {
  const [row] = await readRow(db, [userId, userId]);
  return { current: Number(row?.current ?? 0), horizon: Number(row?.horizon ?? 0) };
}

/**
 * The user's change counter and pruning horizon (0 when never set), from one snapshot. On SQLite a position read
 * less than POSITION_CACHE_MS before `now` (the request's clock) and not forgotten since is answered without a
 * query: the statement's read transaction (two lock calls on the WAL index) was a third of an in-sync pull.
 */
export async function syncPosition(db: Db, userId: string, now: number = Date.now()): Promise<SyncPosition> {
  const kept = keptOf(db);
  if (!kept) return readPosition(db, userId);
  const hit = kept.kept.get(userId);
  if (hit && now >= hit.readAt && now - hit.readAt < POSITION_CACHE_MS) return hit.position;
  const generation = kept.generation;
  const position = await readPosition(db, userId);
  if (kept.generation === generation) {
    kept.kept.delete(userId); // most recently read last
    kept.kept.set(userId, { position, readAt: now });
    if (kept.kept.size > MAX_KEPT) kept.kept.delete(kept.kept.keys().next().value!);
  }
  return position;
}

/**
 * Drops the user's kept position. Call it after each write request of the user has ended (committed or not), before
 * its answer goes out and before other devices are told: the next read goes to the database.
 */
export function forgetPosition(db: Db, userId: string): void {
  const kept = positions.get(db);
  if (!kept) return;
  kept.generation++;
  kept.kept.delete(userId);
}
