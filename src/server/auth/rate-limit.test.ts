import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startServer } from "../server";
import { testDialects } from "../../../test/support/databases";
import { freePort } from "../../../test/support/free-port";
import { newAccount, startAuthTestServer, type AuthTestServer } from "../../../test/support/auth-server";
import { CLIENT_IP_HEADER } from "./client-ip";

// The production limits: 5 sign-in attempts per minute and client address (SIGN_IN_RATE_MAX, SIGN_IN_RATE_WINDOW).
const REAL_LIMITS = { SIGN_IN_RATE_MAX: "5", SIGN_IN_RATE_WINDOW: "60", RESET_RATE_MAX: "3" };

describe.each(testDialects())("sign-in rate limit on $dialect", (dialect) => {
  let t: AuthTestServer;
  beforeAll(async () => {
    t = await startAuthTestServer(dialect, REAL_LIMITS);
  });
  afterAll(() => t.close());

  it("answers 429 from the 6th attempt, ignores spoofed address headers, and holds across a restart and a second process", async () => {
    const account = await t.signUp();
    const wrong = { email: account.email, password: "not-the-password" };
    for (let i = 0; i < 5; i++) expect((await t.post("/sign-in/email", wrong)).status).toBe(401);
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: account.password })).status,
    ).toBe(429);
    const spoofed = { "x-forwarded-for": "203.0.113.7", [CLIENT_IP_HEADER]: "203.0.113.8" };
    expect((await t.post("/sign-in/email", wrong, { headers: spoofed })).status).toBe(429);

    await t.restart();
    expect((await t.post("/sign-in/email", wrong)).status).toBe(429);

    const port = await freePort();
    const second = await startServer({ ...t.config, port });
    try {
      const res = await fetch(`http://localhost:${port}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: t.url },
        body: JSON.stringify(wrong),
      });
      expect(res.status).toBe(429);
    } finally {
      await second.stop();
    }
  });

  it("limits reset mails too", async () => {
    const account = await t.signUp();
    for (let i = 0; i < 3; i++)
      expect((await t.post("/request-password-reset", { email: account.email })).status).toBe(200);
    expect((await t.post("/request-password-reset", { email: account.email })).status).toBe(429);
  });
});

describe("rate limit behind a trusted proxy", () => {
  let t: AuthTestServer;
  beforeAll(async () => {
    t = await startAuthTestServer(testDialects()[0]!, { ...REAL_LIMITS, TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());

  it("counts each client address the proxy reports on its own", async () => {
    const wrong = { email: newAccount().email, password: "not-the-password" };
    const from = (ip: string) => ({ headers: { "x-forwarded-for": `198.51.100.1, ${ip}` } });
    for (let i = 0; i < 5; i++)
      expect((await t.post("/sign-in/email", wrong, from("203.0.113.1"))).status).toBe(401);
    expect((await t.post("/sign-in/email", wrong, from("203.0.113.1"))).status).toBe(429);
    expect((await t.post("/sign-in/email", wrong, from("203.0.113.2"))).status).toBe(401);
  });
});

describe("configuration", () => {
  it("defaults to 5 sign-in attempts per 60 s", () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), "hs-config-")),
      AUTH_SECRET: "x".repeat(32),
    });
    expect(config.rateLimit).toEqual({ window: 60, max: 5, signUpMax: 5, resetMax: 3 });
  });
});
