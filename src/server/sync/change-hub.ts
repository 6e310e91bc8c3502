// What a user's change touches in this process's memory (notifyChanges, sync/sync.routes.ts): their entry in the
// one cache, dropped, then the hub, which tells their open event streams.
//
// The server's one cache (docs/decisions/0059-server-read-path.md): an entry per user holding where their changes
// stand (their change counter and pruning horizon) and their list's answer. Every write of a user takes a new
// number from their change counter (sync_state.version, sync/versions.repo.ts) in its transaction, so an answer
// built after reading the counter is right while the counter holds that number; a write from another device or
// process moves it, and the next list builds the answer again.
//
// "Something changed for user U" between the server's writes and its open event streams (GET /api/sync/events).
// SQLite has one server process, so an in-process fan-out is enough; on PostgreSQL every process LISTENs on one
// connection of its own and a write NOTIFYs through the database, so a stream hears writes of every process.
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import pg from "pg";
import { sql } from "kysely";
import { compiledOnce } from "../db/compiled-once";
import { isPostgres, type DatabaseHandle, type Db } from "../db/database";
import { currentVersion } from "./versions.repo";

const gzip = promisify(gzipCallback);

export type SyncPosition = { current: number; horizon: number };

export type CachedAnswer = {
  /** The change counter the answer was built under, read before the data it holds. */
  current: number;
  /** The user's day the answer was derived for. */
  today: string;
  body: string;
  /** The body's length in bytes. */
  size: number;
  /** What the answer holds in memory: the body, and its gzipped copy once made. */
  bytes: number;
  /** The body gzipped, made on the first request that accepts gzip (on libuv's threads, not the event loop). */
  gzipped?: Promise<Uint8Array<ArrayBuffer>>;
};

type Entry = { position?: SyncPosition; readAt: number; answer?: CachedAnswer };

/**
 * How long this process trusts a kept position on SQLite: a write that does not pass through this process's write
 * routes (none should: SQLite serves one process) shows within this bound. Every write request of the user in this
 * process forgets their entry at once (`forget`).
 */
export const POSITION_CACHE_MS = 1000;
/** What an entry is counted for besides its answer: the map's slot, the user's id and the position. */
export const ENTRY_BYTES = 256;

type Row = { current: number | string | null; horizon: number | string | null };

/** The statement, compiled once per database: building it is most of the cost of so small a read. */
const readRow = compiledOnce<Row>((db) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("sync_state").select("version").where("user_id", "=", "").as("current"),
    eb.selectFrom("sync_horizons").select("version").where("user_id", "=", "").as("horizon"),
  ]),
);

/** The user's change counter and pruning horizon (0 when never set), from one snapshot: one indexed statement. */
export async function readPosition(db: Db, userId: string): Promise<SyncPosition> {
  const [row] = await readRow(db, [userId, userId]);
  return { current: Number(row?.current ?? 0), horizon: Number(row?.horizon ?? 0) };
}

/**
 * At most `maxBytes` of entries (ENTRY_BYTES each, plus their answer's body and gzipped copy); the least recently
 * used user goes first. On PostgreSQL, where several processes write and a process hears of their writes later
 * than the devices do, positions are not kept: every request reads the counter, and the answer serves while it
 * holds the same number.
 */
export function createUserCache(db: Db, maxBytes: number) {
  const keepsPosition = !isPostgres(db);
  const entries = new Map<string, Entry>();
  let total = 0;
  /** Moves with every forget, so that a position whose read began before one is not kept. */
  let generation = 0;

  const sizeOf = (entry: Entry) => ENTRY_BYTES + (entry.answer?.bytes ?? 0);

  const drop = (userId: string) => {
    const entry = entries.get(userId);
    if (!entry) return;
    entries.delete(userId);
    total -= sizeOf(entry);
  };

  /** The user's entry, now the most recently used; a new one (with nothing in it) when there is none. */
  const touch = (userId: string): Entry => {
    const entry = entries.get(userId);
    if (entry) {
      entries.delete(userId);
      entries.set(userId, entry);
      return entry;
    }
    const created: Entry = { readAt: 0 };
    entries.set(userId, created);
    total += ENTRY_BYTES;
    return created;
  };

  const fit = () => {
    for (const userId of entries.keys()) {
      if (total <= maxBytes) break;
      drop(userId);
    }
  };

  return {
    /**
     * Where the user's changes stand. On SQLite a position read less than POSITION_CACHE_MS before `now` (the
     * request's clock) and not forgotten since is answered without a query: the statement's read transaction
     * (two lock calls on the WAL index) was a third of an in-sync pull.
     */
    async position(userId: string, now: number): Promise<SyncPosition> {
      if (!keepsPosition) return readPosition(db, userId);
      const kept = entries.get(userId);
      if (kept?.position && now >= kept.readAt && now - kept.readAt < POSITION_CACHE_MS) {
        touch(userId);
        return kept.position;
      }
      const before = generation;
      const position = await readPosition(db, userId);
      if (generation === before) {
        const entry = touch(userId);
        entry.position = position;
        entry.readAt = now;
        fit();
      }
      return position;
    },
    /** The user's list answer built under `current` for `today`, or undefined. */
    answer(userId: string, current: number, today: string): CachedAnswer | undefined {
      const answer = entries.get(userId)?.answer;
      if (!answer || answer.current !== current || answer.today !== today) return undefined;
      touch(userId);
      return answer;
    },
    /** Keeps `body` as the user's answer built under `current` (read before its data) for `today`. */
    keepAnswer(userId: string, current: number, today: string, body: string): CachedAnswer {
      const size = Buffer.byteLength(body);
      const answer: CachedAnswer = { current, today, body, size, bytes: size };
      if (ENTRY_BYTES + size > maxBytes) return answer;
      const entry = touch(userId);
      total += size - (entry.answer?.bytes ?? 0);
      entry.answer = answer;
      fit();
      return answer;
    },
    /** The answer's body gzipped, made once; counted in the bound while the answer is kept. */
    gzipped(userId: string, answer: CachedAnswer): Promise<Uint8Array<ArrayBuffer>> {
      if (!answer.gzipped) {
        answer.gzipped = gzip(answer.body).then((buffer) => new Uint8Array(buffer));
        void answer.gzipped.then(
          (buffer) => {
            if (entries.get(userId)?.answer !== answer) return;
            answer.bytes += buffer.length;
            total += buffer.length;
            fit();
          },
          () => undefined,
        );
      }
      return answer.gzipped;
    },
    /**
     * Drops the user's entry, position and answer. Call it after each write request of the user has ended
     * (committed or not), before its answer goes out and before other devices are told.
     */
    forget(userId: string): void {
      generation++;
      drop(userId);
    },
    /** Bytes counted (for tests). */
    bytes: () => total,
  };
}

export type UserCache = ReturnType<typeof createUserCache>;

// The hub.

const CHANNEL = "habit_sync";
const RECONNECT_MS = 1000;

export type ChangeListener = (cursor: string) => void;

export type ChangeHub = {
  /** Tells every stream of the user, in any process, that their data changed (after the write committed). */
  publish: (userId: string) => Promise<void>;
  /** Resolves once the listener is registered and, on PostgreSQL, the process is listening. */
  subscribe: (userId: string, listener: ChangeListener) => Promise<() => void>;
  /** Open subscriptions in this process: a test checks that closed streams leave none. */
  size: () => number;
  /** Aborted at close: open streams end, so that the server can stop. */
  closing: AbortSignal;
  close: () => Promise<void>;
};

export function createChangeHub({ db, dialect }: DatabaseHandle, databaseUrl: string): ChangeHub {
  const listeners = new Map<string, Set<ChangeListener>>();
  const stop = new AbortController();
  const deliver = (userId: string, cursor: string) => {
    for (const listener of listeners.get(userId) ?? []) listener(cursor);
  };
  const listening = dialect === "postgres" ? pgListener(databaseUrl, deliver, stop.signal) : undefined;
  const notify = batchedNotify(db);

  return {
    async publish(userId) {
      if (!listening) {
        if (listeners.has(userId)) deliver(userId, String(await currentVersion(db, userId)));
        return;
      }
      await notify(userId);
    },
    async subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      await listening?.ready();
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    size: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    closing: stop.signal,
    async close() {
      stop.abort();
      await listening?.close();
    },
  };
}

/**
 * NOTIFY for every user published during one turn of the event loop, in one statement after it: under load a
 * process finishes several writes a turn, and each NOTIFY was a round trip and a transaction of its own. Kept
 * outside the writes' transactions: a NOTIFY holds PostgreSQL's one notification lock from its commit's start to
 * its end, so in a transaction that writes it would hold that lock through the WAL flush, one commit at a time.
 */
function batchedNotify(db: Db) {
  let batch: { users: Set<string>; sent: Promise<void> } | undefined;
  return (userId: string): Promise<void> => {
    if (!batch) {
      const users = new Set<string>();
      const sent = new Promise((resolve) => setImmediate(resolve)).then(async () => {
        batch = undefined;
        await sql`select pg_notify(${CHANNEL}, user_id || ' ' || version) from sync_state
          where user_id = any(${[...users]})`.execute(db);
      });
      batch = { users, sent };
    }
    batch.users.add(userId);
    return batch.sent;
  };
}

/** One LISTEN connection, opened on first use and reopened after a failure (a restart of PostgreSQL). */
function pgListener(url: string, deliver: (userId: string, cursor: string) => void, stopped: AbortSignal) {
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;

  const connect = () =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", ({ channel, payload }) => {
        const [userId, cursor] = (payload ?? "").split(" ");
        if (channel === CHANNEL && userId && cursor) deliver(userId, cursor);
      });
      const lost = () => {
        if (client !== next) return;
        client = undefined;
        connecting = undefined;
        void next.end().catch(() => undefined);
        if (!stopped.aborted) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
      };
      next.on("error", lost);
      next.on("end", lost);
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${CHANNEL}`);
      } catch (error) {
        lost();
        throw error;
      }
    })());

  return {
    ready: () => connect(),
    async close() {
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
