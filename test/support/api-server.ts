// API tests in vitest: the one test server (./test-server.ts) per describe block and dialect.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Config } from "../../src/server/config";
import type { RunningServer } from "../../src/server/server";
import type { TestDatabase, TestDialect } from "./databases";
import { answerFaults, checkAnswers } from "./openapi-check";
import {
  pinnedClock,
  startTestServer,
  type ApiResponse,
  type CallOptions,
  type TestClock,
  type TestServer as Harness,
  type TestServerOptions,
  type TestUser,
} from "./test-server";

export { pinnedClock, TEST_DAY, TEST_PASSWORD_HASH, TEST_SECRET } from "./test-server";
export type { ApiResponse, CallOptions, TestClock, TestUser } from "./test-server";
export type ErrorBody = { error: { code: string; message: string } };

export type TestServer = {
  readonly url: string;
  readonly config: Config;
  readonly clock: TestClock;
  readonly running: RunningServer;
  restart: () => Promise<void>;
  signUp: Harness["signUp"];
  call: <T = unknown>(
    user: TestUser | null,
    method: string,
    path: string,
    opts?: CallOptions,
  ) => Promise<ApiResponse<T>>;
};

/**
 * Registers beforeAll/afterAll hooks in the calling describe block; the result is usable inside its tests.
 * `transport: "in-process"` suits validation and status-code tests (decision 0024): app.request(), no socket. The
 * default goes over real sockets, as a browser would, for tests of concurrency, restarts and second processes.
 */
export function useTestServer(
  dialect: TestDialect,
  clock: TestClock = pinnedClock(),
  options: Pick<TestServerOptions, "transport" | "env"> = {},
): TestServer {
  let database: TestDatabase | undefined;
  let harness: Harness | undefined;
  const started = () => {
    if (!harness) throw new Error("The test server is not running: use it inside a test or a hook");
    return harness;
  };

  beforeAll(async () => {
    await answerFaults(); // of a file before, in this worker, which did not check them
    checkAnswers(true);
    database = await dialect.create();
    harness = await startTestServer({ ...options, databaseUrl: database.url, clock });
  });
  // Every answer a test saw is one the API document describes (openapi-check.ts).
  afterEach(async () =>
    expect(await answerFaults(), "answers the OpenAPI document does not describe").toEqual([]),
  );
  afterAll(async () => {
    checkAnswers(false);
    try {
      await harness?.close();
    } finally {
      await database?.drop();
    }
  });

  return {
    clock,
    get url() {
      return started().url;
    },
    get config() {
      return started().config;
    },
    get running() {
      return started().running();
    },
    restart: () => started().restart(),
    signUp: (fields) => started().signUp(fields),
    call: <T>(user: TestUser | null, method: string, path: string, opts?: CallOptions) =>
      started().call<T>(user, method, path, opts),
  };
}

/** Asserts the API's error shape (docs/api.md), and that the message names what is wrong. */
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
