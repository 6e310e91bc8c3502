// What one account may store (docs/product.md, "Limits"): 500 habits and 100,000 completed days by
// default; past that 409.
import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

const MAX_HABITS = 500;
const MAX_DAYS = 100_000;
const named = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `Habit ${i}`, completedDates: [] }));
// `days` distinct days over ten habits, all on or before TEST_DAY - 1 (so today is free to mark).
const withDays = (days: number) =>
  Array.from({ length: 10 }, (_, h) => ({
    name: `Habit ${h}`,
    completedDates: Array.from({ length: days / 10 }, (_, i) => addDays(TEST_DAY, -1 - i)).reverse(),
  }));

describe.each(testDialects())("per-user quota on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  const list = async (user: TestUser) => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
  const importAll = (user: TestUser, json: unknown) => t.call<Habit[]>(user, "PUT", "/api/habits", { json });
  const create = (user: TestUser, name = "One more") =>
    t.call<Habit>(user, "POST", "/api/habits", { json: { name } });
  let users: TestUser[] = [];
  beforeAll(async () => {
    users = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
  });

  it("holds 500 habits, then refuses a new one with 409 QUOTA_EXCEEDED until one is deleted", async () => {
    const alice = users[0]!;
    expect((await importAll(alice, named(MAX_HABITS))).status).toBe(200);
    expectError(await create(alice), 409, "QUOTA_EXCEEDED", /at most 500 habits/);
    expect(await list(alice)).toHaveLength(MAX_HABITS);
    const [first] = await list(alice);
    expect((await t.call(alice, "DELETE", `/api/habits/${first!.id}`)).status).toBe(204);
    expect((await create(alice)).status).toBe(201);
  });

  it("refuses an import or a migration of 501 habits with 409 and changes nothing", async () => {
    const bob = users[1]!;
    expect((await importAll(bob, named(2))).status).toBe(200);
    const before = await list(bob);
    expectError(await importAll(bob, named(MAX_HABITS + 1)), 409, "QUOTA_EXCEEDED", /at most 500 habits/);
    expect(await list(bob)).toEqual(before);
    const carol = users[2]!;
    const migrated = await t.call(carol, "POST", "/api/habits/migrate", { json: named(MAX_HABITS + 1) });
    expectError(migrated, 409, "QUOTA_EXCEEDED");
    expect(await list(carol)).toEqual([]);
  });

  it("holds 100,000 days, then refuses a new day but still accepts a day already stored", async () => {
    const dave = users[3]!;
    const imported = await importAll(dave, withDays(MAX_DAYS));
    expect(imported.status).toBe(200);
    const habit = imported.body[0]!;
    const mark = (date: string) => t.call<Habit>(dave, "PUT", `/api/habits/${habit.id}/completions/${date}`);
    expectError(await mark(TEST_DAY), 409, "QUOTA_EXCEEDED", /at most 100000 days/);
    expect((await mark(addDays(TEST_DAY, -1))).status).toBe(200);
    const unmarked = await t.call(
      dave,
      "DELETE",
      `/api/habits/${habit.id}/completions/${addDays(TEST_DAY, -1)}`,
    );
    expect(unmarked.status).toBe(200);
    expect((await mark(TEST_DAY)).status).toBe(200);
  });

  it("refuses an import of 100,010 days with 409 and changes nothing", async () => {
    const erin = users[4]!;
    expectError(await importAll(erin, withDays(MAX_DAYS + 10)), 409, "QUOTA_EXCEEDED", /at most 100000 days/);
    expect(await list(erin)).toEqual([]);
  });

  it("holds under concurrency: an import of 500 habits racing ten creates never leaves more than 500", async () => {
    const frank = users[5]!;
    const results = await Promise.all([
      importAll(frank, named(MAX_HABITS)),
      ...Array.from({ length: 10 }, (_, i) => create(frank, `Racer ${i}`)),
    ]);
    expect(results.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
    expect((await list(frank)).length).toBeLessThanOrEqual(MAX_HABITS);
    // And creates racing each other stop at exactly the limit.
    const names = (await list(frank)).map((h) => h.id);
    for (const id of names.slice(0, 3)) await t.call(frank, "DELETE", `/api/habits/${id}`);
    const creates = await Promise.all(Array.from({ length: 10 }, (_, i) => create(frank, `Late ${i}`)));
    expect(creates.filter((r) => r.status === 201)).toHaveLength(3);
    expect(await list(frank)).toHaveLength(MAX_HABITS);
  });
});
