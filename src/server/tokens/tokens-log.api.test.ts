// An API token never appears in the server's log: every line of a real server at the most
// verbose level is captured while tokens are made, used, refused, rate limited and revoked, on both dialects.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createLogger } from "../log/logger";
import { startServer, type RunningServer } from "../server";
import { testDialects, type TestDatabase } from "../../../test/support/databases";
import { freePort } from "../../../test/support/free-port";
import { TEST_DAY, TEST_PASSWORD_HASH, TEST_SECRET } from "../../../test/support/api-server";
import { hashToken } from "./bearer";

type Line = Record<string, unknown> & { msg: string };

describe.each(testDialects())("API tokens in the logs on $dialect", (dialect) => {
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

  beforeAll(async () => {
    database = await dialect.create();
    dataDir = mkdtempSync(join(tmpdir(), "hs-token-log-"));
    const port = await freePort();
    url = `http://localhost:${port}`;
    const config = loadConfig({
      ...{ PORT: String(port), HOST: "127.0.0.1", BASE_URL: url, DATA_DIR: dataDir },
      ...{ DATABASE_URL: database.url, AUTH_SECRET: TEST_SECRET },
      ...{ USER_WRITE_RATE_MAX: "8", LOG_LEVEL: "trace" },
    });
    const logger = createLogger({
      level: config.logLevel,
      destination: { write: (s: string) => raw.push(s) },
    });
    // The write limit counts in fixed minutes of the server's clock: this clock, at real speed, starts a minute
    // here, so that the test's writes (well under a minute, even on a loaded machine) fall in one window.
    const shift = 60_000 - (Date.now() % 60_000);
    const now = () => new Date(Date.now() + shift);
    running = await startServer(config, { logger, passwordHash: TEST_PASSWORD_HASH, now });
  });
  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, init: { method?: string; headers?: Record<string, string>; json?: unknown }) =>
    fetch(`${url}${path}`, {
      method: init.method ?? "GET",
      headers: { ...(init.json !== undefined && { "content-type": "application/json" }), ...init.headers },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

  it("logs token requests by route and status, never the token or its hash", async () => {
    const signUp = await call("/api/auth/sign-up/email", {
      method: "POST",
      headers: { origin: url },
      json: { name: "Logged", email: "token-log@example.com", password: "pw-token-log-secret-1" },
    });
    expect(signUp.status).toBe(200);
    const session = {
      origin: url,
      cookie: signUp.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
    const make = async (scope: string) => {
      const res = await call("/api/tokens", {
        method: "POST",
        headers: session,
        json: { name: "Log", scope },
      });
      expect(res.status).toBe(201);
      return (await res.json()) as { token: string; apiToken: { id: string } };
    };
    const writer = await make("read-write");
    const reader = await make("read-only");
    const spare = await make("read-write");
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    const habit = await call("/api/habits", {
      method: "POST",
      headers: bearer(writer.token),
      json: { name: "Run" },
    });
    expect(habit.status).toBe(201);
    const { id } = (await habit.json()) as { id: string };
    const completion = `/api/habits/${id}/completions/${TEST_DAY}`;
    const statuses = [
      (await call(completion, { method: "PUT", headers: bearer(writer.token) })).status,
      (await call(completion, { method: "PUT", headers: bearer(reader.token) })).status,
      (await call("/api/habits", { headers: bearer(reader.token) })).status,
      (await call(`/api/habits?access_token=${writer.token}`, { headers: bearer(`${writer.token}x`) }))
        .status,
    ];
    expect(statuses).toEqual([200, 403, 200, 401]);
    const revoke = await call(`/api/tokens/${writer.apiToken.id}`, { method: "DELETE", headers: session });
    expect(revoke.status).toBe(200);
    expect((await call(completion, { method: "PUT", headers: bearer(writer.token) })).status).toBe(401);
    // Past the write limit (8 a minute, 6 used): the refusal's warning line names the address, not the token.
    let limited = 0;
    for (let i = 0; i < 4; i++)
      if ((await call(completion, { method: "DELETE", headers: bearer(spare.token) })).status === 429)
        limited++;
    expect(limited).toBe(2);

    // The lines are there, by route pattern...
    const logged = lines().filter((l) => l.route === "/api/habits/:id/completions/:date");
    expect(logged.map((l) => l.status)).toEqual(expect.arrayContaining([200, 403, 401, 429]));
    expect(lines().find((l) => l.msg === "rate limited")).toBeDefined();
    // A request made with a token names the token by its id, and its user; a session's or a refused token's not.
    const { user } = (await signUp.json()) as { user: { id: string } };
    const byToken = (apiToken: { id: string }) =>
      lines()
        .filter((l) => l.tokenId === apiToken.id)
        .map((l) => [l.route, l.status, l.userId]);
    expect(byToken(writer.apiToken)).toEqual([
      ["/api/habits", 201, user.id],
      ["/api/habits/:id/completions/:date", 200, user.id],
    ]);
    expect(byToken(reader.apiToken)).toEqual([
      ["/api/habits/:id/completions/:date", 403, user.id],
      ["/api/habits", 200, user.id],
    ]);
    expect(byToken(spare.apiToken).map(([, status]) => status)).toEqual([200, 200, 429, 429]);
    expect(lines().filter((l) => l.status === 401 && "tokenId" in l)).toEqual([]);
    expect(lines().filter((l) => l.route === "/api/tokens" && "tokenId" in l)).toEqual([]);
    // ...and no token, in whole, without its prefix, or hashed, in any of them.
    const text = raw.join("");
    for (const { token } of [writer, reader, spare]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.slice(3, 24));
      expect(text).not.toContain(hashToken(token));
    }
    expect(text).not.toContain("access_token");
  });
});
