import { InsertQueryNode, RawNode, type KyselyPlugin } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { testDialects } from "../../../test/support/databases";
import { listHabits } from "./habits.repo";
import { migrateHabits, replaceHabits, type ImportedHabit } from "./habits-import.repo";

/** Fails the first write of completions, after the old habits are deleted and the new ones inserted. */
const failingCompletions: KyselyPlugin = {
  transformQuery({ node }) {
    const into = InsertQueryNode.is(node) ? node.into?.table.identifier.name : undefined;
    // Imports insert days with one raw statement per group (habits-import.repo.ts).
    const raw = RawNode.is(node) ? node.sqlFragments.join("?") : "";
    if (into === "completions" || raw.startsWith("insert into completions")) {
      throw new Error("simulated database failure");
    }
    return node;
  },
  transformResult: async ({ result }) => result,
};

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
    await expect(
      replaceHabits(db.withPlugin(failingCompletions), alice.id, items, new Date(), limits),
    ).rejects.toThrow("simulated database failure");
    expect(await listHabits(db, alice.id)).toEqual(before);
  });

  it("a migration that fails half-way changes nothing and can run again", async () => {
    const bob = await t.signUp();
    const db = t.running.database.db;
    await expect(
      migrateHabits(db.withPlugin(failingCompletions), bob.id, items, new Date(), limits),
    ).rejects.toThrow();
    expect(await listHabits(db, bob.id)).toEqual([]);
    const retry = await migrateHabits(db, bob.id, items, new Date(), limits);
    expect(retry.skipped).toBe(false);
    expect(retry.habits.map((h) => h.name)).toEqual(["New one", "New two"]);
  });
});
