// Kysely's SQLite dialect with our own driver (docs/decisions/0017-sqlite-writer-and-reader.md, 0038):
// - one writer, usually on its own thread (sqlite-writer.ts), taken by one Kysely connection at a time;
// - a transaction starts with BEGIN IMMEDIATE, so it takes the write lock at once and waits (busy timeout) for
//   another process's writer; a plain BEGIN that upgrades later fails at once with "database is locked";
// - a SELECT outside a transaction runs on a read-only connection of this thread, so that (with WAL) reads go on
//   while a long write transaction, such as a large import, holds the writer;
// - small transactions (`nearDialect`) may run on a second writer connection of this thread, with no thread hop.
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from "kysely";
import {
  failedAt,
  preparedStatements,
  type SqliteWriter,
  type SyncSql,
  type WriterHere,
  type WriterQuery,
} from "./sqlite-writer";

/** Where a transaction runs: the writer thread ("far") or this thread's writer connection ("near"). */
type Lane = "far" | "near";

/**
 * What Kysely holds between acquire and release: `release` is set while it holds the writer, `inTransaction` from
 * its BEGIN to its end, `opened` once its savepoint is open (with its first statement).
 */
type Routed = DatabaseConnection & {
  lane: Lane;
  release?: () => void;
  inTransaction?: boolean;
  opened?: boolean;
};

/** Hands the writer to one holder at a time, in the order asked, and tells how many are waiting. */
function mutex() {
  let tail = Promise.resolve();
  let waiting = 0;
  const lock = async () => {
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((resolve) => (release = resolve));
    waiting++;
    await previous;
    waiting--;
    return release;
  };
  return Object.assign(lock, { waiting: () => waiting });
}

/** Transactions that share one real transaction at most; their answers wait for its commit. */
export const GROUP_MAX = 64;

type Member = { resolve: () => void; reject: (error: unknown) => void };

const raw = (sql: string) => CompiledQuery.raw(sql);
const ignore = () => undefined;
/** Another connection holds the write lock: better-sqlite3's SQLITE_BUSY, node:sqlite's errcode 5. */
const isBusy = (error: unknown) => {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return /^SQLITE_BUSY/.test(String(code ?? "")) || errcode === 5;
};

/**
 * The writer connection of this thread for small transactions (docs/decisions/0038): `busy_timeout = 0`, so that a
 * lock held by another process is answered at once (the transaction then goes to the writer thread, which waits),
 * and `wal_autocheckpoint = 0`, so that no checkpoint runs on the event loop: `checkpoint` runs one elsewhere.
 */
export type NearWriter = {
  writer: WriterHere;
  /** A passive checkpoint on another connection: `pragma wal_checkpoint(PASSIVE)`'s answer. */
  checkpoint: () => Promise<unknown>;
  /** The WAL's length in frames past which a checkpoint catches up with the writer held (WAL_RESTART_FRAMES). */
  restartFrames?: number;
  /** Makes what was written to the WAL so far durable (its COMMITs do not: `synchronous = NORMAL`). */
  syncWal: () => Promise<void>;
};

/**
 * Runs `body`, whose statements run at once on this thread's writer, as a small transaction of the group commit;
 * resolves once it is durable. Undefined, having done nothing, when another process holds the write lock now.
 */
export type NearTransact = <T>(body: (sql: SyncSql) => T) => Promise<{ value: T } | undefined>;

/** Checkpoints after near commits at most this often; each runs on the writer thread, passive. */
const CHECKPOINT_EVERY_MS = 100;
/**
 * The WAL's length, in frames, past which a checkpoint catches up with the writer held, so that the WAL starts again
 * from its beginning (decision 0049): 16,384 frames of 4 KiB pages, about 64 MiB.
 */
const WAL_RESTART_FRAMES = 16_384;
/** The frames in the WAL by `pragma wal_checkpoint`'s answer ({ busy, log, checkpointed }); NaN when not known. */
const walFrames = (result: unknown) =>
  Number((result as QueryResult<{ log?: unknown }> | undefined)?.rows?.[0]?.log ?? Number.NaN);

export type SqliteDialects = Dialect & {
  /** The same database, whose transactions run on this thread's writer connection when they can. */
  near?: Dialect;
  transact?: NearTransact;
};

export function sqliteDialect(
  writer: SqliteWriter,
  reader?: SqliteDatabase,
  nearWriter?: NearWriter,
): SqliteDialects {
  const lock = mutex();
  const prepared = reader && preparedStatements(reader);
  const writers: Record<Lane, SqliteWriter> = { far: writer, near: nearWriter?.writer ?? writer };
  // Group commit (docs/decisions/0032-write-path.md): the transactions that queue for the writer while one runs
  // continue the same real transaction (BEGIN IMMEDIATE ... COMMIT), each inside a savepoint of its own, so that a
  // failing one rolls back alone. Each is answered only once the shared COMMIT has returned: one fsync for the
  // group, nothing acknowledged before it is durable. A transaction's bounds travel with its statements: BEGIN and
  // SAVEPOINT with its first, and its RELEASE with the next member's first statement or with the COMMIT
  // (`releasing`), so that a member costs the writer thread one trip per statement and no more. A group runs on one
  // lane: a holder of the other lane commits it first.
  const group = { open: false, lane: "far" as Lane, size: 0, members: [] as Member[], releasing: false };

  /** Runs `query` on `lane`, after the last member's RELEASE if that is still to be sent (a failing one loses the group). */
  const send = async (lane: Lane, query: CompiledQuery, before: readonly string[] = []) => {
    const release = group.releasing ? ["release member"] : [];
    group.releasing = false;
    const sent: WriterQuery = { ...query, before: [...release, ...before] };
    try {
      return await writers[lane].execute(sent);
    } catch (error) {
      const at = failedAt(error, sent) - release.length;
      if (at < 0) await abandonGroup(error);
      throw Object.assign(error as Error, { failedAt: at });
    }
  };

  /** Ends the open group: COMMIT, then every member's commit returns; or they all fail with its error. */
  const commitGroup = async () => {
    const members = group.members;
    group.members = [];
    group.size = 0;
    try {
      await send(group.lane, raw("commit"));
      group.open = false;
    } catch (error) {
      await abandonGroup(error, members);
      throw error;
    }
    if (group.lane === "far") {
      for (const member of members) member.resolve();
      return;
    }
    // The near COMMIT wrote the WAL without syncing it: the members are answered once a sync that began after it
    // has returned, while the next group already runs.
    durableAfterNow().then(
      () => members.forEach((member) => member.resolve()),
      (error: unknown) => members.forEach((member) => member.reject(error)),
    );
    checkpointSoon();
  };

  // The WAL's syncs after near COMMITs (decision 0038): one at a time on libuv's threads; a commit made while one
  // runs waits for the next, which covers every commit made meanwhile. Until a commit's sync returns, anything read
  // outside a near transaction waits for it before its rows are used (`unsynced`), so that no answer and no other
  // write rests on a change that a power cut could still undo.
  let syncing: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let unsynced: Promise<void> | undefined;
  const startSync = () => {
    const sync = nearWriter!.syncWal();
    syncing = sync;
    const done = () => {
      if (syncing === sync) syncing = undefined;
    };
    sync.then(done, done);
    return sync;
  };
  const durableAfterNow = (): Promise<void> => {
    const durable = !syncing
      ? startSync()
      : (queued ??= syncing.then(ignore, ignore).then(() => {
          queued = undefined;
          return startSync();
        }));
    unsynced = durable;
    const settled = () => {
      if (unsynced === durable) unsynced = undefined;
    };
    durable.then(settled, settled);
    return durable;
  };
  /** `result`, once every near commit it may have seen is durable. */
  const afterSync = async <R>(result: R): Promise<R> => {
    if (unsynced) await unsynced.catch(ignore);
    return result;
  };

  /** The real transaction is gone (or its COMMIT failed): roll back what is left, fail every member. */
  const abandonGroup = async (error: unknown, members = group.members) => {
    group.members = [];
    group.size = 0;
    group.open = false;
    group.releasing = false;
    await writers[group.lane].execute(raw("rollback")).catch(() => undefined); // SQLite may have rolled back already
    for (const member of members) member.reject(error);
  };

  // The near connection never checkpoints (wal_autocheckpoint = 0): a passive checkpoint on the writer thread
  // copies the WAL into the database at most every CHECKPOINT_EVERY_MS while near groups commit, one at a time.
  const checkpoints = { running: false, last: 0 };
  const checkpointSoon = () => {
    if (!nearWriter || checkpoints.running || Date.now() - checkpoints.last < CHECKPOINT_EVERY_MS) return;
    checkpoints.running = true;
    void (async () => {
      try {
        const checkpointed = await nearWriter.checkpoint();
        // Near groups went on committing while it ran, so it never reaches the WAL's end, and SQLite starts the WAL
        // again from its beginning only when a checkpoint has: under writes that never pause, the file would grow
        // for as long as they last, each commit extending it. Past `restartFrames`, the frames written meanwhile are
        // copied with the writer held (a few ms), so that the next near COMMIT writes from the WAL's beginning.
        const frames = walFrames(checkpointed);
        if (Number.isNaN(frames) || frames < (nearWriter.restartFrames ?? WAL_RESTART_FRAMES)) return;
        const release = await lock();
        try {
          if (group.open) await commitGroup().catch(ignore);
          await nearWriter.checkpoint();
        } finally {
          release();
        }
      } catch {
        // the next commit asks again
      } finally {
        checkpoints.running = false;
        checkpoints.last = Date.now();
      }
    })();
  };

  // A near member does not wait for others to queue: the event loop runs every request it has read before it comes
  // back to this, so the group commits once per turn of the loop (or at GROUP_MAX), after them.
  let commitScheduled = false;
  const commitSoon = () => {
    if (commitScheduled) return;
    commitScheduled = true;
    setImmediate(() => {
      commitScheduled = false;
      void (async () => {
        const release = await lock();
        try {
          // Whoever hands the writer on leaves an open group to its next holder: this one commits it.
          if (group.open) await commitGroup();
        } catch {
          // the members' promises carry the error
        } finally {
          release();
        }
      })();
    });
  };

  const hold = async (conn: Routed) => {
    if (conn.release) return;
    conn.release = await lock();
    // A statement outside a transaction (a pragma, an autocommit write), or a transaction of the other lane, runs
    // after the group has committed (a near group's sync may still run: what is read waits for it, executeQuery).
    if (group.open && (!conn.inTransaction || group.lane !== conn.lane))
      await commitGroup().catch(() => undefined);
  };

  /** A transaction's first statement, after BEGIN IMMEDIATE (when no group is open) and its SAVEPOINT. */
  const openWith = async (conn: Routed, query: CompiledQuery): Promise<QueryResult<unknown>> => {
    const begin = group.open ? [] : ["begin immediate"];
    try {
      const result = await send(conn.lane, query, [...begin, "savepoint member"]);
      group.open = true;
      group.lane = conn.lane;
      conn.opened = true;
      return result;
    } catch (error) {
      const at = failedAt(error, query);
      // Another process holds the write lock: the writer thread waits for it (busy timeout), this thread must not.
      if (at === 0 && begin.length && conn.lane === "near" && isBusy(error)) {
        conn.lane = "far";
        return openWith(conn, query);
      }
      if (at >= begin.length) {
        group.open = true; // BEGIN ran (or was not needed)
        group.lane = conn.lane;
      }
      if (at > begin.length)
        conn.opened = true; // the statement failed inside the savepoint: roll back to it
      else conn.inTransaction = false; // nothing of this transaction is open
      throw error;
    }
  };

  const connection = (lane: Lane): Routed => {
    const conn: Routed = {
      lane,
      async executeQuery<R>(query: CompiledQuery) {
        if (prepared && !conn.release && SelectQueryNode.is(query.query)) {
          const rows = { rows: prepared(query.sql).all(query.parameters) } as QueryResult<R>;
          return unsynced ? afterSync(rows) : rows;
        }
        await hold(conn);
        const lane = conn.inTransaction ? conn.lane : "far";
        const result = (
          conn.inTransaction && !conn.opened ? await openWith(conn, query) : await send(lane, query)
        ) as QueryResult<R>;
        // A near transaction's own answer waits for its group's sync; anything else, for the syncs it may have seen.
        const inNearTransaction = conn.inTransaction && conn.lane === "near";
        return unsynced && !inNearTransaction ? afterSync(result) : result;
      },
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        yield Promise.reject<QueryResult<R>>(new Error("Streaming queries are not supported on SQLite here"));
      },
    };
    return conn;
  };

  const driver = (lane: Lane): Driver => ({
    init: async () => undefined,
    acquireConnection: async () => connection(lane),
    async beginTransaction(conn: Routed) {
      // BEGIN and SAVEPOINT go with the first statement (openWith).
      conn.inTransaction = true;
      conn.opened = false;
      conn.lane = lane;
      await hold(conn);
    },
    async commitTransaction(conn: Routed) {
      conn.inTransaction = false;
      if (!conn.opened) return; // no statement ran: nothing to commit
      conn.opened = false;
      group.size++;
      const durable = new Promise<void>((resolve, reject) => group.members.push({ resolve, reject }));
      group.releasing = true;
      if (group.size < GROUP_MAX && (conn.lane === "near" || lock.waiting() > 0)) {
        // The next holder continues the transaction, after this one's RELEASE; the last of the group commits it
        // (on the near lane, once the loop has run what it read: commitSoon).
        conn.release?.();
        conn.release = undefined;
        if (conn.lane === "near") commitSoon();
      } else {
        await commitGroup().catch(() => undefined); // the member's promise carries the error
      }
      await durable;
    },
    async rollbackTransaction(conn: Routed) {
      if (!conn.inTransaction) return; // BEGIN failed, or the group's COMMIT did (its members already failed)
      conn.inTransaction = false;
      if (!conn.opened) return; // its savepoint was never opened
      conn.opened = false;
      try {
        await send(conn.lane, raw("release member"), ["rollback to member"]);
      } catch (error) {
        // SQLite rolled the whole transaction back (an I/O error, a full disk): the group's members fail with it.
        if (group.open) await abandonGroup(error);
      }
    },
    async releaseConnection(conn: Routed) {
      if (!conn.release) return;
      // The group ends with the last holder when nobody waits to continue it (near groups: commitSoon).
      if (group.open && lock.waiting() === 0) {
        if (group.lane === "near") commitSoon();
        else await commitGroup().catch(() => undefined);
      }
      conn.release();
      conn.release = undefined;
    },
    async destroy() {
      if (lane === "near") return; // the far driver closes what both use
      reader?.close();
      await nearWriter?.writer.close();
      await writer.close();
    },
  });

  const nearDriver = driver("near");

  /** Opens the near lane's group (or continues it) for `conn`, at once; false when another process has the lock. */
  const openNow = async (conn: Routed, sync: SyncSql): Promise<boolean> => {
    if (group.releasing) {
      group.releasing = false;
      try {
        sync.run("release member", []);
      } catch (error) {
        await abandonGroup(error); // SQLite rolled the group back: its members fail, this one starts afresh
      }
    }
    if (!group.open) {
      try {
        sync.run("begin immediate", []);
      } catch (error) {
        if (!isBusy(error)) throw error;
        return false;
      }
      group.open = true;
      group.lane = "near";
    }
    sync.run("savepoint member", []);
    conn.opened = true;
    return true;
  };

  const transact: NearTransact = async (body) => {
    const sync = nearWriter!.writer.sync;
    const conn = connection("near");
    await nearDriver.beginTransaction(conn, {});
    let value: ReturnType<typeof body>;
    try {
      if (!(await openNow(conn, sync))) {
        conn.inTransaction = false;
        await nearDriver.releaseConnection(conn);
        return undefined;
      }
      value = body(sync);
    } catch (error) {
      await nearDriver.rollbackTransaction(conn);
      await nearDriver.releaseConnection(conn);
      throw error;
    }
    await nearDriver.commitTransaction(conn);
    return { value };
  };

  const dialect = (lane: Lane): Dialect => ({
    createDriver: () => driver(lane),
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  });

  return { ...dialect("far"), near: nearWriter && dialect("near"), transact: nearWriter && transact };
}
