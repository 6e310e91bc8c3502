// The server's log lines, captured from a real server: fields, security events, and what never appears in them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startServer, type RunningServer } from "../server";
import { testDialects, type TestDatabase } from "../../../test/support/databases";
import { freePort } from "../../../test/support/free-port";
import { TEST_PASSWORD_HASH, TEST_SECRET } from "../../../test/support/api-server";
import { createLogger } from "./logger";

type Line = Record<string, unknown> & { msg: string; level: number };

describe("request logs", () => {
  const raw: string[] = [];
  const lines = () =>
    raw
      .join("")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Line);
  let database: TestDatabase;
  let dataDir: string;
  let running: RunningServer;
  let url: string;
  let cookie = "";

  beforeAll(async () => {
    database = await testDialects()[0]!.create();
    dataDir = mkdtempSync(join(tmpdir(), "hs-log-"));
    const port = await freePort();
    url = `http://localhost:${port}`;
    const config = loadConfig({
      ...{ PORT: String(port), HOST: "127.0.0.1", BASE_URL: url, DATA_DIR: dataDir },
      ...{ DATABASE_URL: database.url, AUTH_SECRET: TEST_SECRET },
      ...{ SIGN_IN_RATE_MAX: "2", USER_WRITE_RATE_MAX: "2", LOG_LEVEL: "info" },
    });
    const logger = createLogger({
      level: config.logLevel,
      destination: { write: (s: string) => raw.push(s) },
    });
    running = await startServer(config, { logger, passwordHash: TEST_PASSWORD_HASH });
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, ...headers },
      body: JSON.stringify(body),
    });
  const account = { name: "Logged Tester", email: "logged@example.com", password: "pw-never-in-a-log-1" };

  it("writes one JSON line per request with method, route pattern, status, duration and the X-Request-Id", async () => {
    const signUp = await post("/api/auth/sign-up/email", account);
    expect(signUp.status).toBe(200);
    expect(signUp.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/); // Better Auth's answers carry it too
    cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const id = "0b9f3e4a-6a43-4b8e-9d1f-2f3c4d5e6f70";
    const res = await fetch(`${url}/api/habits/${id}`, {
      method: "PATCH",
      headers: { cookie, origin: url, "content-type": "application/json" },
      body: JSON.stringify({ name: "Read" }),
    });
    expect(res.status).toBe(404);
    const reqId = res.headers.get("x-request-id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines().find((l) => l.reqId === reqId);
    expect(line).toMatchObject({ msg: "request", method: "PATCH", route: "/api/habits/:id", status: 404 });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(lines())).not.toContain(id);
    expect(lines().find((l) => l.route === "/api/auth/sign-up/email")).toMatchObject({ status: 200 });

    // A proxy's request id is kept; a malformed one is replaced.
    const kept = await fetch(`${url}/api/health`, { headers: { "x-request-id": "proxy-id-42" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-id-42");
    const replaced = await fetch(`${url}/api/health`, { headers: { "x-request-id": "bad id!" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs failed sign-ins and rate-limit refusals with the client address", async () => {
    const wrong = { email: account.email, password: "wrong-password-also-secret" };
    expect((await post("/api/auth/sign-in/email", wrong)).status).toBe(401);
    const failed = lines().find((l) => l.msg === "sign-in failed");
    expect(failed).toMatchObject({ level: 40, route: "/api/auth/sign-in/email", status: 401 });
    expect(failed?.address).toMatch(/127\.0\.0\.1/);

    expect((await post("/api/auth/sign-in/email", wrong)).status).toBe(401);
    expect((await post("/api/auth/sign-in/email", wrong)).status).toBe(429);
    const refused = lines().find((l) => l.msg === "rate limited" && l.route === "/api/auth/sign-in/email");
    expect(refused?.address).toMatch(/127\.0\.0\.1/);
  });

  it("logs the per-user write limit's refusals with the address", async () => {
    const other = { name: "Writer", email: "writer@example.com", password: "pw-writer-secret-1" };
    const writer = (await post("/api/auth/sign-up/email", other)).headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post("/api/habits", { name: `Habit ${i}` }, { cookie: writer })).status);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = lines().find((l) => l.msg === "rate limited" && l.route === "/api/habits");
    expect(refused).toMatchObject({ method: "POST", status: 429, level: 40 });
    expect(refused?.address).toMatch(/127\.0\.0\.1/);
  });

  it("never logs a password, cookie or token, strips query strings, and writes no colour codes", async () => {
    const signIn = await post("/api/auth/sign-in/email", { ...account, email: "nobody@example.com" });
    await fetch(`${url}/reset-password?token=QueryTokenSecret123`);
    await fetch(`${url}/api/auth/reset-password/PathTokenSecretAbc123XYZ?callbackURL=%2F`);
    await fetch(`${url}/api/auth/ok?code=OAuthCodeSecret&state=StateSecret`);
    const cookieValue = "better-auth.session_token=CookieSecretValue";
    await fetch(`${url}/api/habits`, {
      headers: { cookie: cookieValue, authorization: "Bearer BearerSecret" },
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);

    const text = raw.join("");
    for (const secret of [
      account.password,
      "wrong-password-also-secret",
      "QueryTokenSecret123",
      "PathTokenSecretAbc123XYZ",
      "OAuthCodeSecret",
      "StateSecret",
      "CookieSecretValue",
      "BearerSecret",
      "token=",
    ])
      expect(text).not.toContain(secret);
    expect(lines().some((l) => l.route === "/api/auth/reset-password/:param")).toBe(true);
    expect(lines().some((l) => l.route === "/api/auth/ok")).toBe(true);
    expect(text).not.toContain("\u001b[");
  });

  it("logs an unhandled error with its stack and answers 500 without details", async () => {
    await running.database.close();
    const res = await fetch(`${url}/api/habits`, { headers: { cookie } });
    expect(res.status).toBe(500);
    const error = lines().find((l) => l.msg === "unhandled error");
    expect(error).toMatchObject({ level: 50, route: "/api/habits", reqId: res.headers.get("x-request-id") });
    expect((error?.err as { stack?: string } | undefined)?.stack).toMatch(/\n\s+at /);
  });
});
