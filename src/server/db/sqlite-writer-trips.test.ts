// A transaction's bounds travel with its statements (docs/decisions/0032-write-path.md, second step): BEGIN and
// SAVEPOINT with its first statement, its RELEASE with the next member's first or with the COMMIT. Trips to the
// writer counted, and the failures that must stay as they were: a first statement failing, a BEGIN that cannot
// take the lock, a transaction that runs nothing.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { betterSqliteLoads, committedIds } from "../../../test/support/sqlite-addon";
import { sqliteDialect } from "./sqlite-dialect";
import { startSqliteWriter, type SqliteWriter, type WriterQuery } from "./sqlite-writer";

type Db = { t: { id: number; name: string } };

const PRAGMAS = ["journal_mode = WAL", "synchronous = FULL", "busy_timeout = 200"];

describe.skipIf(!betterSqliteLoads)("SQLite writer trips", () => {
  let dir: string;
  let file: string;
  let db: Kysely<Db>;
  let trips: string[][] = [];

  /** The writer thread, noting each message's statements. */
  const countingWriter = (writer: SqliteWriter): SqliteWriter => ({
    execute(query: WriterQuery) {
      trips.push([...(query.before ?? []), query.sql.split(" ")[0]!.toLowerCase()]);
      return writer.execute(query);
    },
    close: () => writer.close(),
  });

  const committed = () => committedIds(file);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "hs-trips-"));
    file = join(dir, "t.db");
    const reader = new Database(file);
    reader.pragma("journal_mode = WAL");
    db = new Kysely<Db>({ dialect: sqliteDialect(countingWriter(startSqliteWriter(file, PRAGMAS)), reader) });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    trips = [];
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (trx: Kysely<Db>, id: number) =>
    trx
      .insertInto("t")
      .values({ id, name: `row ${id}` })
      .execute();

  it("sends a lone transaction of n statements in n + 1 trips, its bounds with its statements", async () => {
    await db.transaction().execute(async (trx) => {
      await insert(trx, 1);
      await insert(trx, 2);
      await insert(trx, 3);
    });
    expect(trips).toEqual([
      ["begin immediate", "savepoint member", "insert"],
      ["insert"],
      ["insert"],
      ["release member", "commit"],
    ]);
    expect(committed()).toEqual([1, 2, 3]);
  });

  it("sends a member of a group in one trip per statement, its RELEASE with the next one's first", async () => {
    await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await insert(trx, i * 10);
          await insert(trx, i * 10 + 1);
        }),
      ),
    );
    expect(trips).toEqual([
      ["begin immediate", "savepoint member", "insert"],
      ["insert"],
      ["release member", "savepoint member", "insert"],
      ["insert"],
      ["release member", "savepoint member", "insert"],
      ["insert"],
      ["release member", "commit"],
    ]);
    expect(committed()).toEqual([0, 1, 10, 11, 20, 21]);
  });

  it("rolls back a member whose first statement fails, alone; sends nothing for a transaction without statements", async () => {
    await insert(db, 5);
    trips = [];
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 1)),
      db.transaction().execute((trx) => insert(trx, 5)), // taken: fails with its savepoint open
      db.transaction().execute(async () => "nothing"),
      db.transaction().execute((trx) => insert(trx, 2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(trips).toEqual([
      ["begin immediate", "savepoint member", "insert"],
      ["release member", "savepoint member", "insert"],
      ["rollback to member", "release"],
      ["savepoint member", "insert"],
      ["release member", "commit"],
    ]);
    expect(committed()).toEqual([1, 2, 5]);
  });

  it("fails a transaction whose BEGIN cannot take the lock, alone, and the next one begins again", async () => {
    const other = new Database(file);
    other.exec("begin immediate"); // another process holds the write lock past the busy timeout
    const refused = db.transaction().execute((trx) => insert(trx, 1));
    await expect(refused).rejects.toThrow(/locked|busy/i);
    other.exec("rollback");
    other.close();
    await db.transaction().execute((trx) => insert(trx, 2));
    expect(trips).toEqual([
      ["begin immediate", "savepoint member", "insert"],
      ["begin immediate", "savepoint member", "insert"],
      ["release member", "commit"],
    ]);
    expect(committed()).toEqual([2]);
  });
});
