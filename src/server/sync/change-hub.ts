// "Something changed for user U" between the server's writes and its open event streams (GET /api/sync/events).
// SQLite has one server process, so an in-process fan-out is enough; on PostgreSQL every process LISTENs on one
// connection of its own and a write NOTIFYs through the database, so a stream hears writes of every process.
import pg from "pg";
import { sql } from "kysely";
import type { DatabaseHandle, Db } from "../db/database";
import { currentVersion } from "./versions.repo";

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
