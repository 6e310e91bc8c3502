// A database as the release before sync left it keeps every habit and day through migration 0003.
import { getMigrations } from "better-auth/db/migration";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandDayRanges } from "../../core/day-ranges";
import { addDays } from "../../core/local-date";
import type { SyncPull } from "../../core/sync";
import { createAuth } from "../auth/auth";
import { loadConfig } from "../config";
import { testDialects } from "../../../test/support/databases";
import {
  newAccount,
  pinnedClock,
  startTestServer,
  TEST_DAY,
  TEST_PASSWORD_HASH,
  TEST_SECRET,
} from "../../../test/support/test-server";
import { openDatabase } from "./database";
import { migrateAppTables } from "./migrations";

const DAYS = 30;

/** Builds the old schema (migrations up to 0002) with one user, two habits and their days. */
async function oldDatabase(url: string, account: ReturnType<typeof newAccount>) {
  const dataDir = mkdtempSync(join(tmpdir(), "hs-old-"));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: "silent",
  });
  const database = openDatabase(url);
  try {
    const auth = createAuth({ config, database, passwordHash: TEST_PASSWORD_HASH });
    await (await getMigrations(auth.options)).runMigrations();
    await migrateAppTables(database.db as never, "0002_user_write_rate");
    const { user } = await auth.api.signUpEmail({ body: account });
    const habits = ["Read", "Walk"].map((name, i) => ({
      id: crypto.randomUUID(),
      user_id: user.id,
      name,
      created_at: `2026-01-0${i + 1}T00:00:00.000Z`,
      updated_at: `2026-01-0${i + 1}T00:00:00.000Z`,
    }));
    await database.db.insertInto("habits").values(habits).execute();
    const days = habits.flatMap((h, i) =>
      Array.from({ length: DAYS }, (_, d) => ({ habit_id: h.id, date: addDays(TEST_DAY, -d * (i + 1)) })),
    );
    await database.db.insertInto("completions").values(days).execute();
    return habits;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.each(testDialects())("migration 0003 (sync) on $dialect", (dialect) => {
  it("keeps every habit and day, and a first pull sends them all", async () => {
    const db = await dialect.create();
    const account = newAccount();
    try {
      const habits = await oldDatabase(db.url, account);
      const t = await startTestServer({ databaseUrl: db.url, clock: pinnedClock() });
      try {
        const { cookie } = await t.post("/sign-in/email", {
          email: account.email,
          password: account.password,
        });
        const user = { cookie };
        const list = await t.call<{ id: string; name: string; completedDates: string[] }[]>(
          user,
          "GET",
          "/api/habits",
        );
        expect(list.body.map((h) => [h.id, h.name, h.completedDates.length])).toEqual([
          [habits[1]!.id, "Walk", DAYS],
          [habits[0]!.id, "Read", DAYS],
        ]);
        const pull = await t.call<SyncPull>(user, "GET", "/api/sync?limit=7");
        expect(pull.body.more).toBe(true);
        const all = new Map<string, number>();
        let page = pull.body;
        for (let guard = 0; ; guard++) {
          for (const d of page.completions)
            all.set(d.habitId, (all.get(d.habitId) ?? 0) + expandDayRanges(d.done).length);
          if (!page.more || guard > 50) break;
          page = (await t.call<SyncPull>(user, "GET", `/api/sync?limit=7&cursor=${page.cursor}`)).body;
        }
        expect(Object.fromEntries(all)).toEqual({ [habits[0]!.id]: DAYS, [habits[1]!.id]: DAYS });
        // Writes go on after the migration, numbered after the old rows.
        const mark = await t.call(user, "DELETE", `/api/habits/${habits[0]!.id}/completions/${TEST_DAY}`);
        expect(mark.status).toBe(200);
        const next = await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${page.cursor}`);
        expect(next.body.completions).toEqual([
          { habitId: habits[0]!.id, done: [], skipped: [], undone: [TEST_DAY], values: [], notes: [] },
        ]);
      } finally {
        await t.close();
      }
    } finally {
      await db.drop();
    }
  });
});
