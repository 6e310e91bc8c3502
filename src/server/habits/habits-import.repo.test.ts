import { sql } from "kysely";
import type { Db, Dialect } from "../db/database";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { testDialects } from "../../../test/support/databases";
import { listHabits } from "./habits.repo";
import { migrateHabits, replaceHabits, type ImportedHabit } from "./habits-import.repo";

/**
 * Fails every write of completions, which an import makes after the old habits are deleted and the new ones
 * inserted: a trigger in the database, which fails the statement wherever the write runs (on SQLite, the writer's
 * thread).
 */
async function failingCompletions(db: Db, dialect: Dialect): Promise<() => Promise<void>> {
  if (dialect === "sqlite") {
    await sql`create trigger fail_completions before insert on completions
      begin select raise(abort, 'simulated database failure'); end`.execute(db);
    return async () => void (await sql`drop trigger fail_completions`.execute(db));
  }
  await sql`create function fail_completions() returns trigger language plpgsql
    as $$ begin raise exception 'simulated database failure'; end $$`.execute(db);
  await sql`create trigger fail_completions before insert on completions
    for each statement execute function fail_completions()`.execute(db);
  return async () => {
    await sql`drop trigger fail_completions on completions`.execute(db);
    await sql`drop function fail_completions()`.execute(db);
  };
}

const limits = { maxHabits: 500, maxDays: 100_000 };
const items: ImportedHabit[] = [
  { name: "New one", completedDates: [TEST_DAY] },
  { name: "New two", completedDates: [] },
];

describe.each(testDialects())("bulk writes roll back on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
    const { body } = await t.call<{ id: string }>(alice, "POST", "/api/habits", { json: { name: "Old" } });
    await t.call(alice, "PUT", `/api/habits/${body.id}/completions/${TEST_DAY}`);
  });

  it("an import that fails half-way changes nothing", async () => {
    const db = t.running.database.db;
    const before = await listHabits(db, alice.id);
    expect(before.map((h) => h.name)).toEqual(["Old"]);
    const restore = await failingCompletions(db, dialect.dialect);
    try {
      await expect(replaceHabits(db, alice.id, items, new Date(), limits)).rejects.toThrow(
        "simulated database failure",
      );
    } finally {
      await restore();
    }
    expect(await listHabits(db, alice.id)).toEqual(before);
  });

  it("a migration that fails half-way changes nothing and can run again", async () => {
    const bob = await t.signUp();
    const db = t.running.database.db;
    const restore = await failingCompletions(db, dialect.dialect);
    try {
      await expect(migrateHabits(db, bob.id, items, new Date(), limits)).rejects.toThrow(
        "simulated database failure",
      );
    } finally {
      await restore();
    }
    expect(await listHabits(db, bob.id)).toEqual([]);
    const retry = await migrateHabits(db, bob.id, items, new Date(), limits);
    expect(retry.skipped).toBe(false);
    expect(retry.habits.map((h) => h.name)).toEqual(["New one", "New two"]);
  });
});
