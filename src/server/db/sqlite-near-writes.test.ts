// Small transactions on the event loop's own writer connection (docs/decisions/0038-near-writes.md): they share the
// group commit with the writer thread's transactions, are answered only after a sync of the WAL that began after
// their COMMIT, and nothing read outside them is handed on before that sync; another process's lock sends them to
// the writer thread, which waits for it.
import Database from "better-sqlite3";
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CompiledQuery, Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { betterSqliteLoads, committedIds } from "../../../test/support/sqlite-addon";
import { syncFile } from "./database";
import { sqliteDialect, type NearTransact } from "./sqlite-dialect";
import { startSqliteWriter, writerOnThisThread } from "./sqlite-writer";

type Db = { t: { id: number; name: string } };

const PRAGMAS = ["journal_mode = WAL", "synchronous = FULL", "busy_timeout = 2000"];
const NEAR = ["journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 0", "wal_autocheckpoint = 0"];

/** A connection to `file` with these pragmas. */
const openDb = (file: string, pragmas: readonly string[]) => {
  const db = new Database(file);
  for (const pragma of pragmas) db.pragma(pragma);
  return db;
};

/** Settles in the order things happened. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe.skipIf(!betterSqliteLoads)("SQLite near writes", () => {
  let dir: string;
  let file: string;
  let far: Kysely<Db>;
  let near: Kysely<Db>;
  let transact: NearTransact;
  let syncs: { resolve: () => void; reject: (error: Error) => void }[];
  let checkpoints: number;

  const open = (pragmas: readonly string[]) => openDb(file, pragmas);
  const committed = () => committedIds(file);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "hs-near-"));
    file = join(dir, "t.db");
    open(PRAGMAS).exec("create table t (id integer primary key, name text not null)");
    syncs = [];
    checkpoints = 0;
    const writer = startSqliteWriter(file, PRAGMAS);
    const dialects = sqliteDialect(writer, open([...PRAGMAS, "query_only = ON"]), {
      writer: writerOnThisThread(open(NEAR)),
      checkpoint: async () => void checkpoints++,
      // Each sync of the WAL waits for the test to let it end.
      syncWal: () => new Promise<void>((resolve, reject) => syncs.push({ resolve, reject })),
    });
    far = new Kysely<Db>({ dialect: dialects });
    near = new Kysely<Db>({ dialect: dialects.near! });
    transact = dialects.transact!;
  });
  afterEach(async () => {
    for (const sync of syncs) sync.resolve();
    await far.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertNear = (id: number) =>
    near.transaction().execute((trx) => trx.insertInto("t").values({ id, name: "near" }).execute());

  it("answers a group of near transactions once the WAL's sync after their COMMIT returns", async () => {
    let answered = 0;
    const writes = [1, 2, 3].map((id) => insertNear(id).then(() => answered++));
    while (syncs.length === 0) await tick();
    expect(committed()).toEqual([1, 2, 3]); // one COMMIT for the three, in the WAL
    expect(answered).toBe(0);
    syncs[0]!.resolve();
    await Promise.all(writes);
    expect(answered).toBe(3);
    expect(syncs).toHaveLength(1);
  });

  it("holds a read outside a transaction until the commit it saw is synced", async () => {
    const write = insertNear(1);
    while (syncs.length === 0) await tick();
    let rows: number[] | undefined;
    const read = far
      .selectFrom("t")
      .select("id")
      .execute()
      .then((r) => (rows = r.map((row) => row.id)));
    await tick();
    expect(rows).toBeUndefined();
    syncs[0]!.resolve();
    await Promise.all([write, read]);
    expect(rows).toEqual([1]);
  });

  it("answers a commit made while a sync runs after the next sync, which covers it", async () => {
    const first = insertNear(1);
    while (syncs.length === 0) await tick();
    let secondDone = false;
    const second = insertNear(2).then(() => (secondDone = true));
    await tick();
    await tick();
    syncs[0]!.resolve();
    await first;
    while (syncs.length < 2) await tick();
    expect(secondDone).toBe(false);
    syncs[1]!.resolve();
    await second;
    expect(checkpoints).toBeGreaterThanOrEqual(1);
  });

  it("fails the members of a group whose sync fails, and goes on with the next", async () => {
    const failed = insertNear(1).catch((error: Error) => error.message);
    while (syncs.length === 0) await tick();
    syncs[0]!.reject(new Error("EIO"));
    expect(await failed).toBe("EIO");
    const next = insertNear(2);
    while (syncs.length < 2) await tick();
    syncs[1]!.resolve();
    await next;
  });

  it("commits a near group before a writer-thread transaction, and runs a synchronous body in the group", async () => {
    const a = insertNear(1);
    const b = far
      .transaction()
      .execute((trx) => trx.insertInto("t").values({ id: 2, name: "far" }).execute());
    const c = transact((s) => s.run("insert into t (id, name) values (?, ?)", [3, "sync"]));
    const d = transact(() => {
      throw new Error("refused");
    }).catch((error: Error) => error.message);
    while (syncs.length === 0) await tick();
    for (const sync of syncs) sync.resolve();
    expect(await d).toBe("refused");
    let done = false;
    const all = Promise.all([a, b, c]).then((r) => ((done = true), r));
    while (!done) {
      for (const sync of syncs.splice(0)) sync.resolve();
      await tick();
    }
    expect((await all)[2]).toEqual({ value: 1 });
    expect(committed()).toEqual([1, 2, 3]);
  });

  it("sends a transaction to the writer thread while another process holds the lock", async () => {
    const other = open(PRAGMAS);
    other.exec("begin immediate");
    expect(await transact(() => 1)).toBeUndefined(); // nothing done: the caller takes its general way
    const write = insertNear(7);
    await new Promise((resolve) => setTimeout(resolve, 100));
    other.exec("commit");
    other.close();
    await write; // answered after the writer thread's own COMMIT (synchronous = FULL): no WAL sync asked
    expect(committed()).toEqual([7]);
    expect(syncs).toHaveLength(0);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(far)).rows[0]?.n).toBe(1);
  });
});

/** The WAL header's checkpoint sequence number: SQLite adds one each time it writes the WAL from its start again. */
function checkpointSequence(wal: string): number {
  const header = Buffer.alloc(16);
  const fd = openSync(wal, "r");
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32BE(12);
}

describe.skipIf(!betterSqliteLoads)("SQLite near writes that never pause", () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "hs-near-wal-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Near transactions of 16 KiB each, eight always queued, for `ms`; the real checkpoint and WAL sync of
   * database.ts, a catch-up past `restartFrames`. Gives the bytes committed, the WAL file's size at the end, and
   * how many times SQLite wrote the WAL from its start again meanwhile.
   */
  async function writeWithoutPause(restartFrames: number, ms: number) {
    const file = join(dir, "t.db");
    const open = (pragmas: readonly string[]) => openDb(file, pragmas);
    open(PRAGMAS).exec("create table t (id integer primary key, name text not null)");
    const writer = startSqliteWriter(file, PRAGMAS);
    const dialects = sqliteDialect(writer, open([...PRAGMAS, "query_only = ON"]), {
      writer: writerOnThisThread(open(NEAR)),
      checkpoint: () => writer.execute(CompiledQuery.raw("pragma wal_checkpoint(PASSIVE)")),
      restartFrames,
      syncWal: () => syncFile(`${file}-wal`),
    });
    const db = new Kysely<Db>({ dialect: dialects });
    const transact = dialects.transact!;
    await transact((s) => s.run("insert into t (id, name) values (?, ?)", [0, "first"]));
    const restartsBefore = checkpointSequence(`${file}-wal`);
    const until = Date.now() + ms;
    let next = 0;
    const name = "x".repeat(16 * 1024);
    const loop = async () => {
      while (Date.now() < until) {
        const id = ++next;
        const done = await transact((s) => s.run("insert into t (id, name) values (?, ?)", [id, name]));
        expect(done).toEqual({ value: 1 });
      }
    };
    await Promise.all(Array.from({ length: 8 }, loop));
    const walBytes = statSync(`${file}-wal`).size;
    const restarts = checkpointSequence(`${file}-wal`) - restartsBefore;
    const rows = (await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]?.n;
    await db.destroy();
    expect(rows).toBe(next + 1); // every answered write is there
    return { written: next * name.length, walBytes, restarts };
  }

  it("starts the WAL again from its beginning once it passes its length, so that the file stops growing", async () => {
    // Without the catch-up under the writer's hold, the checkpoints never reach the WAL's end: SQLite never writes
    // the WAL from its start again (its header's checkpoint sequence stays) and the file holds every byte written.
    // With it, the file holds 64 frames and what comes in while a checkpoint runs.
    const { written, walBytes, restarts } = await writeWithoutPause(64, 1000);
    expect(written).toBeGreaterThan(8 * 1024 * 1024);
    expect(restarts).toBeGreaterThanOrEqual(1);
    expect(walBytes).toBeLessThan(written / 2);
  });
});
