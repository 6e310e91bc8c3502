// The server keeps the contract (core/contract-schema.ts, docs/decisions/0026): every route the web calls answers,
// through the real routes and on both dialects, what the route's response schema parses; every refusal is an
// ApiErrorBody with one of the contract's codes. A server change that breaks the web's reading fails here.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { API_ERROR_CODES } from "../core/contract";
import { ApiErrorBodySchema, contract, type Route, type RouteAnswer } from "../core/contract-schema";
import { addDays } from "../core/local-date";
import type { SyncOp } from "../core/sync";
import { testDialects } from "../../test/support/databases";
import { TEST_DAY, useTestServer, type ApiResponse, type TestUser } from "../../test/support/api-server";

type Parsers = { [R in Route]: { response: z.ZodType<RouteAnswer<R>> } };
const parsers: Parsers = contract;

/** The issues of `value` against `schema`, as "path: message" lines (none when it parses). */
function faults(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe.each(testDialects())("the API contract on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { transport: "in-process" });
  const covered = new Set<Route>();
  const codesSeen = new Set<string>();
  let ada: TestUser;
  beforeAll(async () => {
    ada = await t.signUp();
  });

  /** Calls `route` (its path, or `path` for one with a query) and returns its answer, parsed by the contract. */
  async function answer<R extends Route>(
    user: TestUser | null,
    route: R,
    opts: { path?: string; json?: unknown; status?: number } = {},
  ): Promise<RouteAnswer<R>> {
    const [method = "", path = ""] = route.split(" ");
    const res = await t.call(user, method, opts.path ?? path, { json: opts.json });
    expect(res.status, JSON.stringify(res.body)).toBe(opts.status ?? 200);
    const parsed = parsers[route].response.safeParse(res.body);
    if (!parsed.success) expect.fail(`${route}: ${faults(parsers[route].response, res.body).join("; ")}`);
    covered.add(route);
    return parsed.data;
  }

  const expectRefusal = (res: ApiResponse<unknown>, status: number) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(faults(ApiErrorBodySchema, res.body), JSON.stringify(res.body)).toEqual([]);
    const parsed = ApiErrorBodySchema.safeParse(res.body);
    if (parsed.success) codesSeen.add(parsed.data.error.code);
  };

  it("answers the public routes as the contract says", async () => {
    await answer(null, "GET /api/auth-providers");
    expect(await answer(null, "GET /api/app-info")).toMatchObject({ version: expect.any(String) });
  });

  it("answers the profile as the contract says", async () => {
    const read = await answer(ada, "GET /api/profile");
    expect(read.email).toBe(ada.email);
    const renamed = await answer(ada, "PATCH /api/profile", { json: { displayName: "Ada L" } });
    expect(renamed.displayName).toBe("Ada L");
    const quiet = await answer(ada, "PATCH /api/profile", {
      json: { preferences: { notifications: false } },
    });
    expect(quiet.preferences.notifications).toBe(false);
  });

  it("answers a migration, a skipped one and an import as the contract says", async () => {
    const bob = await t.signUp();
    const local = [
      { name: "Read", completedDates: [addDays(TEST_DAY, -1), TEST_DAY] },
      { name: "", completedDates: [] },
    ];
    const migrated = await answer(bob, "POST /api/habits/migrate", { json: local });
    expect(migrated).toMatchObject({ migrated: 1, failed: 1, skipped: false });
    expect(migrated.habits[0]).toMatchObject({ name: "Read", streakCount: 2, completedToday: true });
    const again = await answer(bob, "POST /api/habits/migrate", { json: local });
    expect(again).toMatchObject({ migrated: 0, skipped: true });

    const imported = await answer(bob, "PUT /api/habits", {
      json: [
        { name: "Walk", completedDates: [TEST_DAY] },
        {
          name: "Write",
          completedDates: [],
          skippedDates: [TEST_DAY],
          schedule: { weekdays: [0] },
          archived: true,
          position: 5,
          emoji: "✍️",
        },
      ],
    });
    expect(imported.map((h) => [h.name, h.lastCompletedDate])).toEqual([
      ["Walk", TEST_DAY],
      ["Write", null],
    ]);
    expect(imported[1]).toMatchObject({
      skippedDates: [TEST_DAY],
      schedule: { weekdays: [0] },
      archived: true,
      position: 5,
      emoji: "✍️",
    });
  });

  it("answers an append (a Loop import's 'add to my habits') as the contract says", async () => {
    const dora = await t.signUp();
    await answer(dora, "PUT /api/habits", { json: [{ name: "Walk", completedDates: [TEST_DAY] }] });
    const added = await answer(dora, "POST /api/habits/import", {
      json: [{ name: "Read", completedDates: [], skippedDates: [TEST_DAY], archived: true, position: 0 }],
    });
    expect(added.map((h) => [h.name, h.position, h.archived])).toEqual([
      ["Walk", 0, false],
      ["Read", 1, true],
    ]);
  });

  it("answers pushes and pulls, paged, rejected and reset, as the contract says", async () => {
    const cleo = await t.signUp();
    const [walk, read] = [randomUUID(), randomUUID()];
    const id = () => randomUUID();
    const malformed = { opId: id(), type: "renameHabit", habitId: walk }; // no name
    const ops: (SyncOp | typeof malformed)[] = [
      {
        opId: id(),
        type: "createHabit",
        habitId: walk,
        name: "Walk",
        emoji: "🚶",
        schedule: { weekdays: [5, 1, 3] },
        position: 3,
      },
      { opId: id(), type: "createHabit", habitId: read, name: "Read" },
      { opId: id(), type: "setCompletion", habitId: walk, date: addDays(TEST_DAY, -1), done: true },
      { opId: id(), type: "setCompletion", habitId: walk, date: TEST_DAY, done: true },
      { opId: id(), type: "setCompletion", habitId: walk, date: addDays(TEST_DAY, -1), done: false },
      { opId: id(), type: "setCompletion", habitId: walk, date: addDays(TEST_DAY, 30), done: true },
      { opId: id(), type: "renameHabit", habitId: randomUUID(), name: "Nobody's" },
      malformed,
      { opId: id(), type: "deleteHabit", habitId: read },
      { opId: id(), type: "renameHabit", habitId: read, name: "Too late" },
      { opId: id(), type: "setDay", habitId: walk, date: addDays(TEST_DAY, -2), state: "skipped" },
      { opId: id(), type: "setDay", habitId: walk, date: addDays(TEST_DAY, 2), state: "done" },
      { opId: id(), type: "updateHabit", habitId: walk, archived: true },
      { opId: id(), type: "moveHabit", habitId: walk, position: -1 },
      { opId: id(), type: "setSettings", dayStart: 180, vacations: [{ from: TEST_DAY, to: TEST_DAY }] },
    ];
    const pushed = await answer(cleo, "POST /api/sync/push", { json: { ops } });
    expect(pushed.results.map((r) => r.status)).toEqual([
      ...["applied", "applied", "applied", "applied", "applied"],
      ...["rejected", "rejected", "rejected", "applied", "dropped"],
      ...["applied", "rejected", "applied", "applied", "applied"],
    ]);
    const replayed = await answer(cleo, "POST /api/sync/push", { json: { ops } });
    expect(replayed.results.map((r) => r.status)).toContain("duplicate");
    for (const result of [...pushed.results, ...replayed.results])
      if (result.status === "rejected") {
        expect(API_ERROR_CODES).toContain(result.code);
        codesSeen.add(result.code);
      }

    const first = await answer(cleo, "GET /api/sync", { path: "/api/sync?cursor=&limit=1" });
    expect(first.more).toBe(true);
    let page = first;
    while (page.more)
      page = await answer(cleo, "GET /api/sync", { path: `/api/sync?cursor=${page.cursor}&limit=1` });
    const ahead = await answer(cleo, "GET /api/sync", {
      path: `/api/sync?cursor=${Number(page.cursor) + 1000}`,
    });
    expect(ahead.reset).toBe(true);
    const full = await answer(cleo, "GET /api/sync", { path: "/api/sync" });
    expect(full).toMatchObject({ more: false, deletedHabitIds: [read] });
    expect(full.completions).toEqual([
      {
        habitId: walk,
        done: [TEST_DAY],
        skipped: [addDays(TEST_DAY, -2)],
        undone: [addDays(TEST_DAY, -1)],
        values: [],
        notes: [],
      },
    ]);
    expect(full.habits).toMatchObject([
      { id: walk, emoji: "🚶", schedule: { weekdays: [1, 3, 5] }, archived: true, position: -1 },
    ]);
    expect(full.settings).toEqual({
      dayStart: 180,
      vacations: [{ from: TEST_DAY, to: TEST_DAY }],
      weekStart: null,
      groups: [],
    });
    const list = await t.call<unknown[]>(cleo, "GET", "/api/habits");
    expect(faults(contract["PUT /api/habits"].response, list.body)).toEqual([]);
    expect(list.body).toMatchObject([{ id: walk, skippedDates: [addDays(TEST_DAY, -2)], archived: true }]);
  });

  it("answers the API tokens' routes as the contract says", async () => {
    const made = await answer(ada, "POST /api/tokens", {
      json: { name: "Contract", scope: "read-only", expiresInDays: 7 },
      status: 201,
    });
    expect(made.token).toMatch(/^hs_/);
    const { tokens } = await answer(ada, "GET /api/tokens");
    expect(tokens.map((token) => token.id)).toContain(made.apiToken.id);
    const left = await answer(ada, "DELETE /api/tokens/:id", { path: `/api/tokens/${made.apiToken.id}` });
    expect(left.tokens.map((token) => token.id)).not.toContain(made.apiToken.id);
    expectRefusal(await t.call(ada, "DELETE", `/api/tokens/${made.apiToken.id}`), 404);
    expectRefusal(
      await t.call(null, "GET", "/api/tokens", { headers: { authorization: `Bearer ${made.token}` } }),
      401,
    );
  });

  it("answers the reminders' routes as the contract says", async () => {
    const dan = await t.signUp();
    const initial = await answer(dan, "GET /api/reminders");
    expect(initial).toMatchObject({ timeZone: null, reminders: [] });
    expect(
      (await answer(dan, "PUT /api/reminders/time-zone", { json: { timeZone: "Europe/Berlin" } })).timeZone,
    ).toBe("Europe/Berlin");
    expect((await answer(dan, "PUT /api/reminders/email", { json: { enabled: false } })).email.enabled).toBe(
      false,
    );
    const daily = await answer(dan, "POST /api/reminders", { json: { time: "20:00" }, status: 201 });
    expect(daily).toMatchObject({ time: "20:00", habitId: null });
    const moved = await answer(dan, "PUT /api/reminders/:id", {
      path: `/api/reminders/${daily.id}`,
      json: { time: "21:15" },
    });
    expect(moved.time).toBe("21:15");
    const subscription = {
      endpoint: "http://127.0.0.1:9/push/contract",
      keys: { p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) },
    };
    expect((await answer(dan, "POST /api/push/subscriptions", { json: subscription })).push.devices).toBe(1);
    expect(
      (await answer(dan, "DELETE /api/push/subscriptions", { json: { endpoint: subscription.endpoint } }))
        .push.devices,
    ).toBe(0);
    expect(await answer(dan, "POST /api/reminders/test")).toEqual({ push: 0, email: false });
    const left = await answer(dan, "DELETE /api/reminders/:id", { path: `/api/reminders/${daily.id}` });
    expect(left.reminders).toEqual([]);
    expectRefusal(await t.call(dan, "POST", "/api/reminders", { json: { time: "25:00" } }), 400);
    expectRefusal(
      await t.call(dan, "PUT", "/api/reminders/time-zone", { json: { timeZone: "Mars/Base" } }),
      400,
    );
    expectRefusal(await t.call(dan, "DELETE", `/api/reminders/${daily.id}`), 404);
    expect([...codesSeen]).toEqual(
      expect.arrayContaining(["INVALID_TIME", "INVALID_TIME_ZONE", "REMINDER_NOT_FOUND"]),
    );
  });

  it("refuses with the contract's error body and codes", async () => {
    expectRefusal(await t.call(null, "GET", "/api/profile"), 401);
    expectRefusal(await t.call(ada, "PATCH", "/api/profile", { json: { email: "x@example.com" } }), 400);
    expectRefusal(await t.call(ada, "PATCH", "/api/profile", { body: "{not json" }), 400);
    expectRefusal(await t.call(ada, "GET", "/api/sync?cursor=abc"), 400);
    expectRefusal(await t.call(ada, "POST", "/api/sync/push", { json: { ops: [{ opId: "1" }] } }), 400);
    expectRefusal(await t.call(ada, "GET", "/api/nothing-here"), 404);
    expectRefusal(await t.call(ada, "PUT", `/api/habits/${randomUUID()}/completions/${TEST_DAY}`), 404);
    expectRefusal(
      await t.call(ada, "PATCH", "/api/profile", { json: {}, headers: { origin: "https://evil.example" } }),
      403,
    );
    expectRefusal(
      await t.call(ada, "PATCH", "/api/profile", { json: { displayName: "x".repeat(70 * 1024) } }),
      413,
    );
    expect([...codesSeen].sort()).toEqual(
      expect.arrayContaining(["FORBIDDEN_ORIGIN", "INVALID_JSON", "PAYLOAD_TOO_LARGE", "UNAUTHENTICATED"]),
    );
  });

  it("called every route of the contract above (a route added to the table needs a case here)", () => {
    expect([...covered].sort()).toEqual(Object.keys(contract).sort());
  });
});
