import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { MAX_HABIT_NAME_LENGTH } from "../../core/constants";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

describe.each(testDialects())("habits API on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  const create = (user: TestUser, name: string) =>
    t.call<Habit>(user, "POST", "/api/habits", { json: { name } });
  const list = async (user: TestUser) => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
  // Signing up hashes a password at OWASP cost, so the tests share two users and create their own habits.
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([t.signUp(), t.signUp()]);
  });

  it("lists nothing for a new user", async () => {
    const res = await t.call<Habit[]>(await t.signUp(), "GET", "/api/habits");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("creates a habit with a trimmed name and the default fields", async () => {
    const res = await create(alice, "  Read a book  ");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: alice.id,
      name: "Read a book",
      streakCount: 0,
      bestStreak: 0,
      lastCompletedDate: null,
      completedDates: [],
      completedToday: false,
      completionRate: 0,
      createdAt: expect.stringMatching(new RegExp(`^${TEST_DAY}T`)),
      updatedAt: res.body.createdAt,
      skippedDates: [],
      schedule: null,
      archived: false,
      position: expect.any(Number),
      // A yes/no habit due every day from the user's today (docs/decisions/0061).
      kind: "yesNo",
      rules: [{ from: TEST_DAY, frequency: null, target: null }],
      step: 1,
      values: [],
      notes: [],
      groupId: null,
    });
  });

  it("accepts a name of exactly the maximum length", async () => {
    const name = "x".repeat(MAX_HABIT_NAME_LENGTH);
    expect((await create(alice, ` ${name} `)).body.name).toBe(name);
  });

  it("keeps a name as text, markup included", async () => {
    const name = `<img src=x onerror="alert(1)"> & 'quotes' 💧`;
    expect((await create(alice, name)).body.name).toBe(name);
  });

  it("lists newest first", async () => {
    for (const name of ["First", "Second", "Third"]) await create(alice, name);
    expect((await list(alice)).slice(0, 3).map((h) => h.name)).toEqual(["Third", "Second", "First"]);
  });

  it("renames a habit and bumps updatedAt", async () => {
    const { body: habit } = await create(alice, "Read");
    t.clock.advance(1000);
    const res = await t.call<Habit>(alice, "PATCH", `/api/habits/${habit.id}`, {
      json: { name: " Read more " },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: habit.id, name: "Read more", createdAt: habit.createdAt });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(habit.updatedAt));
    expect((await list(alice)).find((h) => h.id === habit.id)?.name).toBe("Read more");
  });

  it("deletes a habit with its completions", async () => {
    const { body: keep } = await create(alice, "Keep");
    const { body: drop } = await create(alice, "Drop");
    await t.call(alice, "PUT", `/api/habits/${drop.id}/completions/${TEST_DAY}`);
    const res = await t.call(alice, "DELETE", `/api/habits/${drop.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    const ids = (await list(alice)).map((h) => h.id);
    expect(ids).toContain(keep.id);
    expect(ids).not.toContain(drop.id);
    const count = await t.running.database.db
      .selectFrom("completions")
      .select("date")
      .where("habit_id", "=", drop.id)
      .execute();
    expect(count).toEqual([]);
    expectError(await t.call(alice, "DELETE", `/api/habits/${drop.id}`), 404, "HABIT_NOT_FOUND");
  });

  it("answers 404 HABIT_NOT_FOUND for another user's habit on every route, exactly as for a missing one", async () => {
    const { body: habit } = await create(alice, "Alice's");
    await t.call(alice, "PUT", `/api/habits/${habit.id}/completions/${TEST_DAY}`);
    const before = await list(alice);
    const routes = [
      ["PATCH", "", { name: "Mine now" }],
      ["DELETE", "", undefined],
      ["PUT", `/completions/${TEST_DAY}`, undefined],
      ["DELETE", `/completions/${TEST_DAY}`, undefined],
    ] as const;
    for (const [method, suffix, json] of routes) {
      const theirs = await t.call(bob, method, `/api/habits/${habit.id}${suffix}`, { json });
      const missing = await t.call(bob, method, `/api/habits/${randomUUID()}${suffix}`, { json });
      expectError(theirs, 404, "HABIT_NOT_FOUND");
      expect(theirs.body).toEqual(missing.body);
    }
    expect(await list(bob)).toEqual([]);
    expect(await list(alice)).toEqual(before);
  });
});

// Refusals of a bad body or id come before any SQL but the session lookup, so SQLite in-process suffices.
describe("habits API validation", () => {
  const t = useTestServer(testDialects()[0]!, undefined, { transport: "in-process" });
  const create = (user: TestUser, name: string) =>
    t.call<Habit>(user, "POST", "/api/habits", { json: { name } });
  const list = async (user: TestUser) => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  describe("rejects a bad habit body with a 400 that says what is wrong", () => {
    const cases: [string, unknown, string, RegExp][] = [
      ["a missing name", {}, "VALIDATION_FAILED", /name/],
      ["an empty name", { name: "" }, "VALIDATION_FAILED", /Habit name cannot be empty/],
      ["a blank name", { name: "   \t " }, "VALIDATION_FAILED", /Habit name cannot be empty/],
      [
        "an oversized name",
        { name: "x".repeat(MAX_HABIT_NAME_LENGTH + 1) },
        "VALIDATION_FAILED",
        /at most 100 characters/,
      ],
      ["a number as name", { name: 42 }, "VALIDATION_FAILED", /name: .*string/],
      ["a null name", { name: null }, "VALIDATION_FAILED", /name/],
      ["an unknown field", { name: "Read", streakCount: 5 }, "VALIDATION_FAILED", /streakCount/],
      ["an array body", [{ name: "Read" }], "VALIDATION_FAILED", /object/],
      ["a string body", "Read", "VALIDATION_FAILED", /object/],
      ["a null body", null, "VALIDATION_FAILED", /object/],
      ["a NUL character", { name: "Re\u0000ad" }, "INVALID_JSON", /NUL/],
    ];
    it.each(cases)("POST with %s", async (_label, json, code, message) => {
      const before = await list(alice);
      expectError(await t.call(alice, "POST", "/api/habits", { json }), 400, code, message);
      expect(await list(alice)).toEqual(before);
    });
    it.each(cases)("PATCH with %s", async (_label, json, code, message) => {
      const { body: habit } = await create(alice, "Read");
      expectError(await t.call(alice, "PATCH", `/api/habits/${habit.id}`, { json }), 400, code, message);
      expect((await list(alice)).find((h) => h.id === habit.id)).toEqual(habit);
    });
  });

  it.each([
    ["invalid JSON", "{name: 'Read'}", "application/json", /not valid JSON/],
    ["an empty body", "", "application/json", /not valid JSON/],
    ["a form body", "name=Read", "application/x-www-form-urlencoded", /Content-Type: application\/json/],
    ["a text body", '{"name":"Read"}', "text/plain", /Content-Type: application\/json/],
  ])("rejects %s with 400 INVALID_JSON", async (_label, body, contentType, message) => {
    const res = await t.call(alice, "POST", "/api/habits", {
      body,
      headers: { "content-type": contentType },
    });
    expectError(res, 400, "INVALID_JSON", message);
  });

  it.each([
    ["PATCH", "/api/habits/not-a-uuid", { name: "x" }],
    ["DELETE", "/api/habits/not-a-uuid", undefined],
    ["DELETE", `/api/habits/${"1".repeat(500)}`, undefined],
    ["PUT", `/api/habits/123/completions/${TEST_DAY}`, undefined],
    ["DELETE", `/api/habits/%27%20or%201=1/completions/${TEST_DAY}`, undefined],
  ])("rejects a bad id: %s %s", async (method, path, json) => {
    expectError(
      await t.call(alice, method, path, { json }),
      400,
      "VALIDATION_FAILED",
      /id: must be a habit id/,
    );
  });
});
