// Migration 0009: on PostgreSQL the key of completions carries the day's state, and keeps every day and upsert.
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addDays } from "../../core/local-date";
import { createAuth } from "../auth/auth";
import { loadConfig } from "../config";
import { testDialects } from "../../../test/support/databases";
import { newAccount, TEST_DAY, TEST_PASSWORD_HASH, TEST_SECRET } from "../../../test/support/test-server";
import { openDatabase } from "./database";
import { migrateAppTables } from "./migrations";

const postgres = testDialects().filter((d) => d.dialect === "postgres");

describe.skipIf(postgres.length === 0).each(postgres)("migration 0009 (PostgreSQL indexes)", (dialect) => {
  it("keeps the days, carries done in the key of completions, and the day upsert still finds its key", async () => {
    const target = await dialect.create();
    const dataDir = mkdtempSync(join(tmpdir(), "hs-0009-"));
    const database = openDatabase(target.url);
    try {
      const config = loadConfig({
        DATABASE_URL: target.url,
        DATA_DIR: dataDir,
        AUTH_SECRET: TEST_SECRET,
        LOG_LEVEL: "silent",
      });
      const auth = createAuth({ config, database, passwordHash: TEST_PASSWORD_HASH });
      await (await getMigrations(auth.options)).runMigrations();
      await migrateAppTables(database.db as never, "0006_history");
      const { user } = await auth.api.signUpEmail({ body: newAccount() });
      const habitId = crypto.randomUUID();
      const at = "2026-01-01T00:00:00.000Z";
      const { db } = database;
      await db
        .insertInto("habits")
        .values({ id: habitId, user_id: user.id, name: "Read", created_at: at, updated_at: at, version: 1 })
        .execute();
      const days = Array.from({ length: 20 }, (_, d) => ({
        habit_id: habitId,
        date: addDays(TEST_DAY, -d),
        user_id: user.id,
        version: d + 2,
        done: (d % 3 === 0 ? 2 : 1) as 1 | 2,
      }));
      await db.insertInto("completions").values(days).execute();

      await migrateAppTables(database.db as never);

      const { rows } = await sql<{ keys: number; columns: number; primary: boolean; unique: boolean }>`
        select i.indnkeyatts as keys, i.indnatts as columns, i.indisprimary as primary, i.indisunique as unique
        from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'completions_pk'`.execute(
        db,
      );
      expect(rows).toEqual([{ keys: 2, columns: 3, primary: true, unique: true }]);
      const kept = await db
        .selectFrom("completions")
        .select(["date", "done"])
        .where("habit_id", "=", habitId)
        .orderBy("date", "desc")
        .execute();
      expect(kept).toEqual(days.map(({ date, done }) => ({ date, done })));
      // The day write's upsert (sync/days.repo.ts) infers the key by its two columns.
      await db
        .insertInto("completions")
        .values({ habit_id: habitId, date: TEST_DAY, user_id: user.id, version: 99, done: 0 })
        .onConflict((oc) => oc.columns(["habit_id", "date"]).doUpdateSet({ done: 0, version: 99 }))
        .execute();
      const today = await db
        .selectFrom("completions")
        .select(["done", "version"])
        .where("habit_id", "=", habitId)
        .where("date", "=", TEST_DAY)
        .executeTakeFirstOrThrow();
      expect({ done: today.done, version: Number(today.version) }).toEqual({ done: 0, version: 99 });
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      await target.drop();
    }
  });
});
