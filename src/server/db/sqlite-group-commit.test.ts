// Group commit on the SQLite writer (docs/decisions/0058-write-path.md): transactions that queue while one runs share
// one real transaction, each in a savepoint; each is answered only after the shared COMMIT.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql, type SqliteDatabase } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { betterSqliteLoads, committedIds } from "../../../test/support/sqlite-addon";
import { sqliteDialect } from "./sqlite-dialect";

type Db = { t: { id: number; name: string } };

const PRAGMAS = ["journal_mode = WAL", "synchronous = FULL", "busy_timeout = 5000"];

describe.skipIf(!betterSqliteLoads)("SQLite group commit", () => {
  let dir: string;
  let file: string;
  let db: Kysely<Db>;
  let commits: number;

  /** The writer connection, counting the COMMITs it runs. */
  const countingWriter = (writer: Database.Database): SqliteDatabase => ({
    close: () => writer.close(),
    prepare(text) {
      const statement = writer.prepare(text);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        iterate: (parameters) => statement.iterate(parameters),
        run(parameters) {
          if (/^commit$/i.test(text)) commits++;
          return statement.run(parameters);
        },
      };
    },
  });

  const committed = () => committedIds(file);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "hs-group-"));
    file = join(dir, "t.db");
    const writer = new Database(file);
    for (const pragma of PRAGMAS) writer.pragma(pragma);
    db = new Kysely<Db>({ dialect: sqliteDialect(countingWriter(writer), new Database(file)) });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    commits = 0;
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("commits transactions that queue together once, answering each only when its rows are durable", async () => {
    const seenAtAnswer: number[][] = [];
    const writes = Array.from({ length: 20 }, (_, i) =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto("t")
            .values({ id: i, name: `row ${i}` })
            .execute();
          await trx
            .updateTable("t")
            .set({ name: `row ${i}!` })
            .where("id", "=", i)
            .execute();
          return i;
        })
        .then((id) => seenAtAnswer.push([id, ...committed()])),
    );
    await Promise.all(writes);
    expect(commits).toBeLessThan(20);
    expect(commits).toBeGreaterThanOrEqual(1);
    // Every transaction's rows were visible to another connection when it was answered.
    for (const [id, ...visible] of seenAtAnswer) expect(visible).toContain(id);
    expect(committed()).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("rolls a failing transaction of a group back alone; the others commit", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto("t")
            .values({ id: i, name: `row ${i}` })
            .execute();
          if (i === 3) throw new Error("refused");
          if (i === 6) await trx.insertInto("t").values({ id: 0, name: "taken" }).execute(); // a constraint error
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      ...Array<string>(3).fill("fulfilled"),
      "rejected",
      "fulfilled",
      "fulfilled",
      "rejected",
      ...Array<string>(3).fill("fulfilled"),
    ]);
    expect(commits).toBeLessThan(10);
    expect(committed()).toEqual([0, 1, 2, 4, 5, 7, 8, 9]);
    expect((await db.selectFrom("t").select("name").where("id", "=", 0).executeTakeFirst())?.name).toBe(
      "row 0",
    );
  });

  it("runs the transactions in the order they asked for the writer, each seeing the ones before it", async () => {
    await db.insertInto("t").values({ id: 0, name: "" }).execute();
    const appends = Array.from({ length: 15 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        const { name } = await trx
          .selectFrom("t")
          .select("name")
          .where("id", "=", 0)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable("t")
          .set({ name: `${name}${i},` })
          .where("id", "=", 0)
          .execute();
        return `${name}${i},`;
      }),
    );
    const answers = await Promise.all(appends);
    const order = Array.from({ length: 15 }, (_, i) => i).join(",") + ",";
    expect(answers.at(-1)).toBe(order);
    expect(committed()).toEqual([0]);
    const row = new Database(file, { readonly: true });
    expect(row.prepare("select name from t where id = 0").get()).toEqual({ name: order });
    row.close();
  });

  it("commits the open group before a statement outside a transaction, which then runs on its own", async () => {
    const inGroup = Array.from({ length: 5 }, (_, i) =>
      db.transaction().execute((trx) => trx.insertInto("t").values({ id: i, name: "in" }).execute()),
    );
    // journal_mode cannot change inside a transaction: this fails unless the group has committed first.
    const outside = sql`pragma journal_mode = wal`.execute(db);
    const late = db
      .transaction()
      .execute((trx) => trx.insertInto("t").values({ id: 9, name: "late" }).execute());
    await Promise.all([...inGroup, outside, late]);
    expect(committed()).toEqual([0, 1, 2, 3, 4, 9]);
    expect(commits).toBe(2);
  });
});
