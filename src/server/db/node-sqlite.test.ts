import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql, type Generated } from "kysely";
import { describe, expect, it } from "vitest";
import { hasNodeSqlite, openNodeSqlite } from "./node-sqlite";
import { sqliteDialect } from "./sqlite-dialect";

type Db = { t: { id: Generated<number>; name: string } };

// Runs where node:sqlite exists (Node 22.13+; CI's Node 24 stage), skipped on Node 20.
describe.skipIf(!hasNodeSqlite())("node:sqlite behind Kysely", () => {
  it("reads, writes, returns rows and rolls back like better-sqlite3", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hs-node-sqlite-"));
    const file = join(dir, "t.db");
    const writer = openNodeSqlite(file);
    writer.exec("pragma journal_mode = WAL");
    const db = new Kysely<Db>({ dialect: sqliteDialect(writer, openNodeSqlite(file)) });
    try {
      await sql`create table t (id integer primary key, name text not null)`.execute(db);
      const inserted = await db.insertInto("t").values({ name: "Read" }).returning(["id", "name"]).execute();
      expect(inserted).toEqual([{ id: 1, name: "Read" }]);
      const updated = await db.updateTable("t").set({ name: "Walk" }).where("id", "=", 1).executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(1n);
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto("t").values({ name: "Lost" }).execute();
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await db.selectFrom("t").selectAll().execute()).toEqual([{ id: 1, name: "Walk" }]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
