// Personal API tokens, on both dialects: made and revoked with a session, used as a Bearer
// token; scopes, expiry, revocation, the Origin check, the write limit, and what the token may not do.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiTokenInfo, CreatedApiToken } from "../../core/contract-schema";
import { addDays } from "../../core/local-date";
import { testDialects } from "../../../test/support/databases";
import {
  expectError,
  TEST_DAY,
  useTestServer,
  type CallOptions,
  type TestUser,
} from "../../../test/support/api-server";
import { API_TOKENS_MAX } from "./tokens.routes";

const WRITE_MAX = 40;
const EVIL = "https://evil.example";
const DAY_MS = 86_400_000;

describe.each(testDialects())("API tokens on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, {
    transport: "in-process",
    env: { USER_WRITE_RATE_MAX: String(WRITE_MAX) },
  });
  let ada: TestUser;
  let habitId: string;
  beforeAll(async () => {
    ada = await t.signUp();
    const created = await t.call<{ id: string }>(ada, "POST", "/api/habits", { json: { name: "Read" } });
    expect(created.status).toBe(201);
    habitId = created.body.id;
  });

  const create = async (user: TestUser, json: Record<string, unknown>) => {
    const res = await t.call<CreatedApiToken>(user, "POST", "/api/tokens", { json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res;
  };
  /** A call with the token only: no cookie, from no page (no Origin), as curl sends it. */
  const withToken = <T = unknown>(token: string, method: string, path: string, opts: CallOptions = {}) =>
    t.call<T>(null, method, path, {
      ...opts,
      headers: { authorization: `Bearer ${token}`, origin: "", ...opts.headers },
    });
  const mark = (token: string, date = TEST_DAY, opts: CallOptions = {}) =>
    withToken<{ completedDates: string[] }>(token, "PUT", `/api/habits/${habitId}/completions/${date}`, opts);
  const list = async (user: TestUser) =>
    (await t.call<{ tokens: ApiTokenInfo[] }>(user, "GET", "/api/tokens")).body.tokens;

  it("shows a new token once, stores it hashed, and lists it without it", async () => {
    const res = await create(ada, { name: "  Home Assistant ", scope: "read-write", expiresInDays: 30 });
    const { token, apiToken } = res.body;
    expect(token).toMatch(/^hs_[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const now = t.clock.now().getTime();
    expect(apiToken).toMatchObject({ name: "Home Assistant", scope: "read-write", lastUsedAt: null });
    expect(Math.abs(Date.parse(apiToken.expiresAt ?? "") - (now + 30 * DAY_MS))).toBeLessThan(60_000);
    const listed = await list(ada);
    expect(listed).toContainEqual(apiToken);
    expect(JSON.stringify(listed)).not.toContain(token.slice(3));
    const rows = await t.running.database.db
      .withTables<{ api_tokens: { token_hash: string; id: string } }>()
      .selectFrom("api_tokens")
      .select("token_hash")
      .where("id", "=", apiToken.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token.slice(3, 20));
  });

  it("marks a habit done with a read-write token, as curl would, and records when it was used", async () => {
    const { token, apiToken } = (await create(ada, { name: "Shortcut", scope: "read-write" })).body;
    expect(apiToken.expiresAt).toBeNull();
    const res = await mark(token, TEST_DAY, { headers: { "x-local-date": TEST_DAY } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.completedDates).toContain(TEST_DAY);
    const used = (await list(ada)).find((x) => x.id === apiToken.id);
    expect(used?.lastUsedAt).toEqual(expect.any(String));
    const habits = await withToken<{ id: string; completedToday: boolean }[]>(token, "GET", "/api/habits", {
      headers: { "x-local-date": TEST_DAY },
    });
    expect(habits.body).toMatchObject([{ id: habitId, completedToday: true }]);
  });

  it("lets a read-only token read and answers 403 to its writes, changing nothing", async () => {
    const { token } = (await create(ada, { name: "Dashboard", scope: "read-only" })).body;
    expect((await withToken(token, "GET", "/api/habits")).status).toBe(200);
    expect((await withToken(token, "GET", "/api/sync")).status).toBe(200);
    const day = addDays(TEST_DAY, -3);
    expectError(await mark(token, day), 403, "FORBIDDEN", /read-only/);
    expectError(await withToken(token, "POST", "/api/habits", { json: { name: "Nope" } }), 403, "FORBIDDEN");
    expectError(
      await withToken(token, "PATCH", "/api/profile", { json: { displayName: "x" } }),
      403,
      "FORBIDDEN",
    );
    // The token decides, not a cookie sent with it.
    expectError(
      await t.call(ada, "PUT", `/api/habits/${habitId}/completions/${day}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      403,
      "FORBIDDEN",
    );
    const habits = await t.call<{ completedDates: string[] }[]>(ada, "GET", "/api/habits");
    expect(habits.body[0]?.completedDates).not.toContain(day);
    expect((await t.call<unknown[]>(ada, "GET", "/api/habits")).body).toHaveLength(1);
  });

  it("answers 401 to a revoked, an expired, an unknown or an empty token", async () => {
    const { token, apiToken } = (await create(ada, { name: "Old", scope: "read-write" })).body;
    expect((await mark(token)).status).toBe(200);
    const revoked = await t.call<{ tokens: ApiTokenInfo[] }>(ada, "DELETE", `/api/tokens/${apiToken.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.tokens.map((x) => x.id)).not.toContain(apiToken.id);
    expectError(await mark(token), 401, "UNAUTHENTICATED", /revoked or expired/);
    expectError(await withToken(token, "GET", "/api/habits"), 401, "UNAUTHENTICATED");

    const brief = (await create(ada, { name: "Brief", scope: "read-only", expiresInDays: 1 })).body.token;
    expect((await withToken(brief, "GET", "/api/habits")).status).toBe(200);
    t.clock.advance(DAY_MS + 1000);
    try {
      expectError(await withToken(brief, "GET", "/api/habits"), 401, "UNAUTHENTICATED");
    } finally {
      t.clock.advance(-(DAY_MS + 1000));
    }

    expectError(await withToken(`hs_${"A".repeat(43)}`, "GET", "/api/habits"), 401, "UNAUTHENTICATED");
    expectError(await withToken("not-ours", "GET", "/api/profile"), 401, "UNAUTHENTICATED");
    expectError(
      await t.call(null, "GET", "/api/habits", { headers: { authorization: "Bearer" } }),
      401,
      "UNAUTHENTICATED",
    );
  });

  it("does not fall back to the cookie when the token is bad", async () => {
    expectError(
      await t.call(ada, "GET", "/api/habits", { headers: { authorization: "Bearer hs_revoked" } }),
      401,
      "UNAUTHENTICATED",
    );
  });

  it("exempts token requests from the Origin check, and only them", async () => {
    const { token } = (await create(ada, { name: "NFC tag", scope: "read-write" })).body;
    const day = addDays(TEST_DAY, -1);
    const res = await mark(token, day, { headers: { origin: EVIL } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.completedDates).toContain(day);
    expectError(
      await t.call(ada, "DELETE", `/api/habits/${habitId}/completions/${day}`, { headers: { origin: EVIL } }),
      403,
      "FORBIDDEN_ORIGIN",
    );
  });

  it("keeps token management to signed-in sessions", async () => {
    const { token, apiToken } = (await create(ada, { name: "Nosy", scope: "read-write" })).body;
    expectError(await withToken(token, "GET", "/api/tokens"), 403, "FORBIDDEN", /Settings/);
    expectError(
      await withToken(token, "POST", "/api/tokens", { json: { name: "Twin", scope: "read-write" } }),
      403,
      "FORBIDDEN",
    );
    expectError(await withToken(token, "DELETE", `/api/tokens/${apiToken.id}`), 403, "FORBIDDEN");
    expectError(await t.call(null, "GET", "/api/tokens"), 401, "UNAUTHENTICATED");
  });

  it("revokes only the user's own tokens", async () => {
    const bob = await t.signUp();
    const { apiToken } = (await create(ada, { name: "Ada's", scope: "read-only" })).body;
    expectError(await t.call(bob, "DELETE", `/api/tokens/${apiToken.id}`), 404, "TOKEN_NOT_FOUND");
    expectError(await t.call(bob, "DELETE", `/api/tokens/${randomUUID()}`), 404, "TOKEN_NOT_FOUND");
    expect((await list(ada)).map((x) => x.id)).toContain(apiToken.id);
    expect(await list(bob)).toEqual([]);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const bad = [
      [{ name: "", scope: "read-only" }, /name/],
      [{ name: "x".repeat(65), scope: "read-only" }, /name/],
      [{ name: "x", scope: "admin" }, /scope/],
      [{ name: "x", scope: "read-only", expiresInDays: 0 }, /expiresInDays/],
      [{ name: "x", scope: "read-only", expiresInDays: 1.5 }, /expiresInDays/],
      [{ name: "x", scope: "read-only", token: "hs_mine" }, /token/],
    ] as const;
    for (const [json, message] of bad)
      expectError(await t.call(ada, "POST", "/api/tokens", { json }), 400, "VALIDATION_FAILED", message);
  });

  it("holds at most API_TOKENS_MAX tokens per user", async () => {
    const cleo = await t.signUp();
    for (let i = 0; i < API_TOKENS_MAX; i++) await create(cleo, { name: `Token ${i}`, scope: "read-only" });
    expectError(
      await t.call(cleo, "POST", "/api/tokens", { json: { name: "One more", scope: "read-only" } }),
      409,
      "TOKEN_LIMIT",
    );
    expect(await list(cleo)).toHaveLength(API_TOKENS_MAX);
  });

  it("counts token writes in the user's write limit", async () => {
    const dan = await t.signUp();
    const { token } = (await create(dan, { name: "Busy", scope: "read-write" })).body;
    const created = await withToken<{ id: string }>(token, "POST", "/api/habits", { json: { name: "Walk" } });
    expect(created.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < WRITE_MAX; i++) {
      const res = await withToken(token, "PUT", `/api/habits/${created.body.id}/completions/${TEST_DAY}`);
      statuses.push(res.status);
    }
    // The token's creation and the new habit counted too: the limit is the user's, whatever signs in.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await withToken(
      token,
      "DELETE",
      `/api/habits/${created.body.id}/completions/${TEST_DAY}`,
    );
    expectError(limited, 429, "RATE_LIMITED");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Reads are not limited.
    expect((await withToken(token, "GET", "/api/habits")).status).toBe(200);
  });
});
