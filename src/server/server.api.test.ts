import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../core/habit";
import type { Profile } from "./profile/profile.repo";
import { testDialects } from "../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../test/support/api-server";

const id = randomUUID();
const routes: [method: string, path: string, json?: unknown][] = [
  ["GET", "/api/habits"],
  ["POST", "/api/habits", { name: "Read" }],
  ["PUT", "/api/habits", []],
  ["POST", "/api/habits/migrate", []],
  ["PATCH", `/api/habits/${id}`, { name: "Read" }],
  ["DELETE", `/api/habits/${id}`],
  ["PUT", `/api/habits/${id}/completions/${TEST_DAY}`],
  ["DELETE", `/api/habits/${id}/completions/${TEST_DAY}`],
  ["GET", "/api/profile"],
  ["PATCH", "/api/profile", { displayName: "A" }],
];
const bodyRoutes = routes.filter(([, , json]) => json !== undefined);

// Status codes and validation answer before any SQL but the session lookup: SQLite and in-process suffice.
describe("server answers", () => {
  const t = useTestServer(testDialects()[0]!, undefined, { transport: "in-process" });
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  it.each(routes)("answers 401 UNAUTHENTICATED to %s %s without a session", async (method, path, json) => {
    expectError(await t.call(null, method, path, { json }), 401, "UNAUTHENTICATED");
    const forged = { ...alice, cookie: "better-auth.session_token=forged.value" };
    expectError(await t.call(forged, method, path, { json }), 401, "UNAUTHENTICATED");
  });

  it.each(bodyRoutes)(
    "answers 400 to %s %s for invalid JSON and for a non-JSON body",
    async (method, path) => {
      expectError(await t.call(alice, method, path, { body: "{" }), 400, "INVALID_JSON", /not valid JSON/);
      expectError(await t.call(alice, method, path, { body: "]" }), 400, "INVALID_JSON");
      const text = { body: "hello", headers: { "content-type": "text/plain" } };
      expectError(await t.call(alice, method, path, text), 400, "INVALID_JSON", /Content-Type/);
    },
  );

  it.each(bodyRoutes)("answers 400 to %s %s for a body of the wrong JSON type", async (method, path) => {
    for (const json of [42, "text", true, null, { deeply: { nested: [[[{}]]] } }]) {
      expectError(await t.call(alice, method, path, { json }), 400, "VALIDATION_FAILED");
    }
  });

  it.each([
    ["POST", "/api/habits", 64 * 1024],
    ["PATCH", "/api/profile", 64 * 1024],
    ["PUT", "/api/habits", 6 * 1024 * 1024],
    ["POST", "/api/habits/migrate", 6 * 1024 * 1024],
  ])("answers 413 PAYLOAD_TOO_LARGE to %s %s over %i bytes", async (method, path, limit) => {
    const body = JSON.stringify({ name: "x".repeat(limit) });
    expectError(await t.call(alice, method, path, { body }), 413, "PAYLOAD_TOO_LARGE", /larger than/);
  });

  it("answers 404 NOT_FOUND for an unknown API route", async () => {
    expectError(await t.call(alice, "GET", `/api/habits/${id}`), 404, "NOT_FOUND");
    expectError(await t.call(alice, "GET", "/api/nothing-here"), 404, "NOT_FOUND");
  });
});

describe.each(testDialects())("server on $dialect", (dialect) => {
  const t = useTestServer(dialect);

  it("answers the health check", async () => {
    const res = await t.call(null, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok" });
  });

  it("keeps sessions, habits, completions and profiles across a restart", async () => {
    const bob = await t.signUp({ name: "Bob" });
    const { body: habit } = await t.call<Habit>(bob, "POST", "/api/habits", { json: { name: "Walk" } });
    await t.call(bob, "PUT", `/api/habits/${habit.id}/completions/${TEST_DAY}`);
    await t.call(bob, "PATCH", "/api/profile", {
      json: { displayName: "Bobby", preferences: { theme: "dark" } },
    });
    const habitsBefore = await t.call<Habit[]>(bob, "GET", "/api/habits");
    const profileBefore = await t.call<Profile>(bob, "GET", "/api/profile");

    await t.restart();

    const habitsAfter = await t.call<Habit[]>(bob, "GET", "/api/habits");
    expect(habitsAfter.status).toBe(200);
    expect(habitsAfter.body).toEqual(habitsBefore.body);
    expect(habitsAfter.body[0]).toMatchObject({ name: "Walk", completedDates: [TEST_DAY], streakCount: 1 });
    expect((await t.call<Profile>(bob, "GET", "/api/profile")).body).toEqual(profileBefore.body);
    expect((await t.call(null, "GET", "/api/health")).status).toBe(200);
  });
});
