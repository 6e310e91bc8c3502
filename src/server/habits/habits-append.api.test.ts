// POST /api/habits/import ("add to my habits" of a Loop import): appended after the user's habits
// in one transaction, with the checks and quota of PUT /api/habits; nothing of the user's habits changes.
import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import type { SyncPull } from "../../core/sync";
import { SYNC_PUSH_MAX_BYTES } from "../../core/sync-push-size";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

const days = (...offsets: number[]) => offsets.map((n) => addDays(TEST_DAY, n));

describe.each(testDialects())("POST /api/habits/import on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, {
    transport: "in-process",
    env: { USER_MAX_HABITS: "5", USER_MAX_DAYS: "8" },
  });
  // Signing up hashes a password at OWASP cost, so the users are made once, in parallel.
  let users: TestUser[] = [];
  beforeAll(async () => {
    users = await Promise.all(Array.from({ length: 5 }, () => t.signUp()));
  });
  const list = async (user: TestUser) => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
  const append = (user: TestUser, json: unknown) =>
    t.call<Habit[]>(user, "POST", "/api/habits/import", { json });
  const replace = (user: TestUser, json: unknown) => t.call<Habit[]>(user, "PUT", "/api/habits", { json });

  it("adds the habits after the user's own, in the file's order, keeping skips and the archive flag", async () => {
    const ann = users[0]!;
    const before = await replace(ann, [
      { name: "Walk", completedDates: days(-1, 0), position: 0 },
      { name: "Swim", completedDates: [], position: 3 },
    ]);
    const res = await append(ann, [
      { name: "Meditate", completedDates: days(-3, -2), skippedDates: days(-1), position: 0 },
      { name: "Walk", completedDates: days(-5), archived: true, position: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.map((h) => [h.name, h.position, h.archived, h.completedDates, h.skippedDates])).toEqual([
      ["Walk", 0, false, days(-1, 0), []],
      ["Swim", 3, false, [], []],
      ["Meditate", 4, false, days(-3, -2), days(-1)],
      ["Walk", 5, true, days(-5), []],
    ]);
    // The user's habits are the same rows: ids and days unchanged; the answer is the list.
    expect(res.body.slice(0, 2).map((h) => h.id)).toEqual(before.body.map((h) => h.id));
    expect(await list(ann)).toEqual(res.body);
    // Another device learns the new habits by its next pull.
    const pull = await t.call<SyncPull>(ann, "GET", "/api/sync");
    expect(pull.body.habits.map((h) => h.name).sort()).toEqual(["Meditate", "Swim", "Walk", "Walk"]);
  });

  it("starts at position 0 for a user without habits", async () => {
    const ben = users[1]!;
    const res = await append(ben, [{ name: "Read", completedDates: [] }]);
    expect(res.body.map((h) => [h.name, h.position])).toEqual([["Read", 0]]);
  });

  it("counts the quota with what the user has, and a refusal changes nothing", async () => {
    const cat = users[2]!;
    await replace(cat, [{ name: "Walk", completedDates: days(-4, -3, -2, -1, 0) }]);
    const before = await list(cat);
    // 5 days + 4 = 9 > 8.
    expectError(
      await append(cat, [{ name: "Read", completedDates: days(-4, -3, -2), skippedDates: days(-1) }]),
      409,
      "QUOTA_EXCEEDED",
    );
    const fiveMore = Array.from({ length: 5 }, (_, i) => ({ name: `H${i}`, completedDates: [] }));
    expectError(await append(cat, fiveMore), 409, "QUOTA_EXCEEDED");
    expect(await list(cat)).toEqual(before);
    expect(
      (await append(cat, [{ name: "Read", completedDates: days(-1, 0), skippedDates: days(-2) }])).status,
    ).toBe(200);
  });

  it("refuses what an import refuses, naming the item, and adds nothing", async () => {
    const dan = users[3]!;
    await replace(dan, [{ name: "Walk", completedDates: [] }]);
    const future = addDays(TEST_DAY, 2);
    expectError(
      await append(dan, [
        { name: "Ok", completedDates: [] },
        { name: "Later", completedDates: [future] },
      ]),
      400,
      "VALIDATION_FAILED",
      /\[1\]\.completedDates/,
    );
    expectError(await append(dan, [{ name: "", completedDates: [] }]), 400, "VALIDATION_FAILED");
    expectError(await append(dan, { name: "not a list" }), 400, "VALIDATION_FAILED");
    expect((await list(dan)).map((h) => h.name)).toEqual(["Walk"]);
  });

  it("takes a body of a backup's size, not a sync push's (64 KiB)", async () => {
    const eve = users[4]!;
    // 1,000 habits of 100-character names: about 150 KiB, past the small limit; refused by the quota instead.
    const many = Array.from({ length: 1000 }, (_, i) => ({
      name: `${i} `.padEnd(100, "x"),
      completedDates: [],
    }));
    expect(JSON.stringify(many).length).toBeGreaterThan(SYNC_PUSH_MAX_BYTES);
    expectError(await append(eve, many), 409, "QUOTA_EXCEEDED");
  });

  it("needs a signed-in user", async () => {
    expectError(await t.call(null, "POST", "/api/habits/import", { json: [] }), 401, "UNAUTHENTICATED");
  });
});
