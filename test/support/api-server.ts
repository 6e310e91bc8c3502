// A real server per test file and dialect, and a client that signs up through Better Auth and calls the API.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { loadConfig, type Config } from "../config";
import { startServer, type RunningServer } from "../server";
import type { TestDatabase, TestDialect } from "./databases";
import { freePort } from "./free-port";

export const TEST_SECRET = "test-secret-test-secret-test-secret-test";
export const TEST_DAY = "2026-11-21";

/** The server's clock in tests: pinned to 2026-11-21 at noon UTC, ticking with real time so createdAt still
 * increases, and movable with `advance`. */
export type TestClock = { now: () => Date; advance: (ms: number) => void };
export function pinnedClock(start = `${TEST_DAY}T12:00:00.000Z`): TestClock {
  let offset = Date.parse(start) - Date.now();
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export type TestUser = { id: string; name: string; email: string; password: string; cookie: string };
export type ApiResponse<T> = { status: number; headers: Headers; body: T };
export type ErrorBody = { error: { code: string; message: string } };
export type CallOptions = { json?: unknown; body?: string; headers?: Record<string, string> };

export type TestServer = {
  readonly url: string;
  readonly clock: TestClock;
  readonly running: RunningServer;
  restart: () => Promise<void>;
  signUp: (fields?: Partial<Pick<TestUser, "name" | "email" | "password">>) => Promise<TestUser>;
  call: <T = unknown>(
    user: TestUser | null,
    method: string,
    path: string,
    opts?: CallOptions,
  ) => Promise<ApiResponse<T>>;
};

/** Registers beforeAll/afterAll hooks in the calling describe block; the result is usable inside its tests. */
export function useTestServer(dialect: TestDialect, clock: TestClock = pinnedClock()): TestServer {
  let database: TestDatabase;
  let dataDir: string;
  let config: Config;
  let running: RunningServer | undefined;

  beforeAll(async () => {
    database = await dialect.create();
    dataDir = mkdtempSync(join(tmpdir(), "hs-api-"));
    const port = await freePort();
    config = loadConfig({
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      AUTH_SECRET: TEST_SECRET,
      // Every test signs up its own users from one address; the limits themselves are tested with auth.
      SIGN_UP_RATE_MAX: "100000",
      SIGN_IN_RATE_MAX: "100000",
    });
    running = await startServer(config, { now: clock.now });
  });
  afterAll(async () => {
    try {
      await running?.stop();
    } finally {
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const server: TestServer = {
    clock,
    get url() {
      return config.baseUrl;
    },
    get running() {
      if (!running) throw new Error("The test server is not running");
      return running;
    },
    async restart() {
      await server.running.stop();
      running = undefined;
      // The server and this client share one process: let fetch see its pooled sockets close before reusing them.
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = await startServer(config, { now: clock.now });
    },
    async signUp(fields = {}) {
      const tag = randomUUID().slice(0, 8);
      const user = {
        name: `Tester ${tag}`,
        email: `tester-${tag}@example.com`,
        password: `pw-${tag}-long-enough`,
        ...fields,
      };
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify(user),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { user: created } = (await res.json()) as { user: { id: string } };
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return { ...user, id: created.id, cookie };
    },
    async call<T>(user: TestUser | null, method: string, path: string, opts: CallOptions = {}) {
      const headers: Record<string, string> = { origin: server.url, ...(user && { cookie: user.cookie }) };
      if (opts.json !== undefined || opts.body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...headers, ...opts.headers },
        body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
      });
      const text = await res.text();
      const body = (text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T;
      return { status: res.status, headers: res.headers, body };
    },
  };
  return server;
}

/** Asserts the error shape of GUIDE §6, and that the message names what is wrong. */
export function expectError(
  res: ApiResponse<unknown>,
  status: number,
  code: string,
  message?: RegExp | string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.error.message).toMatch(message);
}
