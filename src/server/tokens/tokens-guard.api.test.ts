// Making an API token (docs/decisions/0055-tokens-end-with-the-password.md), on both dialects: only from a recent
// sign-in or with the current password, password guesses limited as sign-ins are, and at most API_TOKENS_MAX
// tokens even when the requests run in parallel.
import { beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "../../core/contract-schema";
import { testDialects } from "../../../test/support/databases";
import { expectError, pinnedClock, useTestServer, type TestUser } from "../../../test/support/api-server";
import { RECENT_SIGN_IN_MS } from "./recent-sign-in";
import { API_TOKENS_MAX } from "./tokens.routes";

const GUESSES = 3;

describe.each(testDialects())("making API tokens on $dialect", (dialect) => {
  // The server's clock starts at the real time, so that a session Better Auth made now is "now" to it too.
  const clock = pinnedClock(new Date().toISOString());
  const t = useTestServer(dialect, clock, { env: { SIGN_IN_RATE_MAX: String(GUESSES) } });
  let ada: TestUser;
  beforeAll(async () => {
    ada = await t.signUp();
  });

  const create = (user: TestUser, extra: Record<string, unknown> = {}) =>
    t.call<CreatedApiToken>(user, "POST", "/api/tokens", {
      json: { name: "Script", scope: "read-only", ...extra },
    });
  /** Runs `body` with the server's clock past the sign-in's freshness, then puts it back. */
  const later = async (body: () => Promise<void>) => {
    clock.advance(RECENT_SIGN_IN_MS + 1000);
    try {
      await body();
    } finally {
      clock.advance(-(RECENT_SIGN_IN_MS + 1000));
    }
  };

  it("makes a token from a session signed in minutes ago", async () => {
    clock.advance(RECENT_SIGN_IN_MS - 60_000);
    try {
      expect((await create(ada)).status).toBe(201);
    } finally {
      clock.advance(-(RECENT_SIGN_IN_MS - 60_000));
    }
  });

  it("asks an older session for the current password, and makes the token with it", async () => {
    await later(async () => {
      expectError(await create(ada), 403, "RECENT_SIGN_IN_REQUIRED", /password/);
      expectError(await create(ada, { currentPassword: "not my password" }), 403, "INVALID_PASSWORD");
      const made = await create(ada, { currentPassword: ada.password });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      // Reading and revoking need no password.
      expect((await t.call(ada, "GET", "/api/tokens")).status).toBe(200);
      const revoked = await t.call(ada, "DELETE", `/api/tokens/${made.body.apiToken.id}`);
      expect(revoked.status).toBe(200);
    });
  });

  it("limits password guesses per account, as sign-ins are limited", async () => {
    const bob = await t.signUp();
    await later(async () => {
      for (let i = 0; i < GUESSES; i++)
        expectError(await create(bob, { currentPassword: `guess ${i}` }), 403, "INVALID_PASSWORD");
      const limited = await create(bob, { currentPassword: bob.password });
      expectError(limited, 429, "RATE_LIMITED");
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      // Another account's guesses are its own.
      const cleo = await t.signUp();
      expectError(await create(cleo, { currentPassword: "guess" }), 403, "INVALID_PASSWORD");
    });
  });

  it("makes at most API_TOKENS_MAX tokens from 30 requests at once", async () => {
    const dan = await t.signUp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => create(dan, { name: `Parallel ${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(API_TOKENS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - API_TOKENS_MAX);
    const listed = await t.call<{ tokens: unknown[] }>(dan, "GET", "/api/tokens");
    expect(listed.body.tokens).toHaveLength(API_TOKENS_MAX);
  });
});
