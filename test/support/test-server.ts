// The one test server, for vitest and Playwright alike: the real server (startServer) on a fresh database, with
// cheap password hashes, an optional SMTP receiver and OpenID Connect provider, and a client that signs up and calls.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { loadConfig, type Config } from "../../src/server/config";
import { startServer, type RunningServer } from "../../src/server/server";
import type { ScryptParams } from "../../src/server/auth/password-hash";
import { freePort } from "./free-port";
import { startMailbox, type Mailbox } from "./mailbox";
import { startOidcProvider, type OidcProvider } from "./oidc-provider";
import { observeAnswer } from "./openapi-check";

/** scrypt at N=2^10 (1 MiB, about a millisecond) in tests only; production keeps the OWASP N=2^17 (128 MiB). */
export const TEST_PASSWORD_HASH: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
/** Random-looking, as Better Auth expects of a secret; fixed, so that a second process can share a test's database. */
export const TEST_SECRET = "Dyj5ABT8aBLFqFlokf5iCM3PSvHLGHKS";
export const TEST_DAY = "2026-11-21";
/** A page that stands in for the built web app, so that API tests need no `vite build`. */
export const STUB_WEB_DIR = join(import.meta.dirname, "web-stub");

/** The server's clock in tests: pinned to 2026-11-21 at noon UTC, ticking with real time so createdAt still
 * increases, and movable with `advance`. */
export type TestClock = { now: () => Date; advance: (ms: number) => void };
export function pinnedClock(start = `${TEST_DAY}T12:00:00.000Z`): TestClock {
  let offset = Date.parse(start) - Date.now();
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export type Account = { name: string; email: string; password: string };
export type TestUser = Account & { id: string; cookie: string };
export type ApiResponse<T> = { status: number; headers: Headers; body: T };
export type CallOptions = { json?: unknown; body?: string; headers?: Record<string, string> };
export type AuthResponse = {
  status: number;
  body: { code?: string; message?: string } & Record<string, unknown>;
  cookie: string;
  setCookies: string[];
};

export type TestServerOptions = {
  /** Environment variables over the test defaults (real rate limits, BASE_URL, FEEDBACK_EMAIL...). */
  env?: Record<string, string>;
  /** Default: a fresh SQLite file in the server's own data folder. */
  databaseUrl?: string;
  clock?: TestClock;
  /** "in-process" hands every request to app.request(): no socket, no fetch. The server still listens, for
   * tests that start a second process or read `url`. Default "fetch". */
  transport?: "fetch" | "in-process";
  /** A real SMTP receiver for the server's mails. */
  mailbox?: boolean;
  /** A local OpenID Connect provider, configured as the server's OIDC_* provider. */
  oidc?: boolean;
  /** "built" serves dist/web (run `vite build` first); "stub" serves one placeholder page. Default "stub". */
  web?: "built" | "stub";
  /** Default TEST_PASSWORD_HASH; "production" keeps the server's own (OWASP) parameters. */
  passwordHash?: ScryptParams | "production";
};

export type TestServer = {
  readonly url: string;
  readonly config: Config;
  /** The SMTP receiver; throws unless started with `mailbox: true`. */
  readonly mailbox: Mailbox;
  /** The OpenID Connect provider; throws unless started with `oidc: true`. */
  readonly oidc: OidcProvider;
  running: () => RunningServer;
  /** A request to the server, through the chosen transport. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** Creates an account through Better Auth's sign-up endpoint and returns its session cookie. */
  signUp: (fields?: Partial<Account>) => Promise<TestUser>;
  /** Calls the API as `user` (or signed out) from BASE_URL's origin; parses JSON answers. */
  call: <T = unknown>(
    user: { cookie: string } | null,
    method: string,
    path: string,
    opts?: CallOptions,
  ) => Promise<ApiResponse<T>>;
  /** POSTs to /api/auth{path} from BASE_URL's origin. */
  post: (
    path: string,
    body: unknown,
    opts?: { cookie?: string; headers?: Record<string, string> },
  ) => Promise<AuthResponse>;
  session: (cookie: string) => Promise<{ user: { id: string; name: string; email: string } } | null>;
  /** Stops the server and starts it again on the same data: sessions and habits must survive. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

export const newAccount = (fields: Partial<Account> = {}): Account => {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Tester ${tag}`,
    email: `tester-${tag}@example.com`,
    password: `pw-${tag}-long-enough`,
    ...fields,
  };
};

export const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { clock, transport = "fetch", passwordHash = TEST_PASSWORD_HASH } = options;
  const dataDir = mkdtempSync(join(tmpdir(), "hs-test-"));
  const mailbox = options.mailbox ? await startMailbox() : undefined;
  const oidc = options.oidc ? await startOidcProvider() : undefined;
  const cleanUp = async () => {
    await mailbox?.close();
    await oidc?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const start = (config: Config) =>
    startServer(config, {
      now: clock?.now,
      passwordHash: passwordHash === "production" ? undefined : passwordHash,
    });
  let config: Config;
  let running: RunningServer | undefined;
  try {
    // BASE_URL names the port, so the port is chosen before the server listens.
    const port = await freePort();
    config = loadConfig({
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      AUTH_SECRET: TEST_SECRET,
      WEB_DIR: options.web === "built" ? "dist/web" : STUB_WEB_DIR,
      LOG_LEVEL: "silent",
      // Tests sign up and in from one address far more often than a person would; the limits have their own
      // tests, on servers started with the real values.
      SIGN_IN_RATE_MAX: "100000",
      SIGN_UP_RATE_MAX: "100000",
      RESET_RATE_MAX: "100000",
      // The local Web Push service (push-service.ts) is plain http on 127.0.0.1; tests of the refusal set it false.
      PUSH_ALLOW_PRIVATE_HOSTS: "true",
      ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
      ...(mailbox && { SMTP_URL: mailbox.url, MAIL_FROM: "Habit Streaks <no-reply@localhost>" }),
      ...(oidc && {
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: "habit-streaks-test",
        OIDC_CLIENT_SECRET: "test-client-secret",
        OIDC_LABEL: "Sign in with Test SSO",
      }),
      ...options.env,
    });
    running = await start(config);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  // Where requests go (BASE_URL may name a public https address in a test); they come from BASE_URL's origin.
  const url = `http://localhost:${config.port}`;
  const origin = config.baseUrl;

  const server: TestServer = {
    url,
    config,
    get mailbox() {
      if (!mailbox) throw new Error("This test server has no mailbox: start it with { mailbox: true }");
      return mailbox;
    },
    get oidc() {
      if (!oidc) throw new Error("This test server has no OIDC provider: start it with { oidc: true }");
      return oidc;
    },
    running() {
      if (!running) throw new Error("The test server is not running");
      return running;
    },
    async request(path, init = {}) {
      const method = init.method ?? "GET";
      if (transport === "in-process")
        return observeAnswer(method, path, await server.running().app.request(`${url}${path}`, init));
      // No kept-alive sockets: after a restart, no request can meet a socket the old server closed.
      const headers = new Headers(init.headers);
      headers.set("connection", "close");
      return observeAnswer(method, path, await fetch(`${url}${path}`, { ...init, headers }));
    },
    async signUp(fields = {}) {
      const account = newAccount(fields);
      const res = await server.post("/sign-up/email", account);
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      const { user } = res.body as { user?: { id?: string } };
      if (!user?.id) throw new Error(`sign-up answered no user: ${JSON.stringify(res.body)}`);
      return { ...account, id: user.id, cookie: res.cookie };
    },
    async call<T>(user: { cookie: string } | null, method: string, path: string, opts: CallOptions = {}) {
      const headers: Record<string, string> = { origin, ...(user && { cookie: user.cookie }) };
      if (opts.json !== undefined || opts.body !== undefined) headers["content-type"] = "application/json";
      const res = await server.request(path, {
        method,
        headers: { ...headers, ...opts.headers },
        body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
      });
      const text = await res.text();
      const body = (text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T;
      return { status: res.status, headers: res.headers, body };
    },
    async post(path, body, opts = {}) {
      const res = await server.request(`/api/auth${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin,
          ...(opts.cookie && { cookie: opts.cookie }),
          ...opts.headers,
        },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      const setCookies = res.headers.getSetCookie();
      return {
        status: res.status,
        body: text ? JSON.parse(text) : {},
        cookie: cookieOf(setCookies),
        setCookies,
      };
    },
    async session(cookie) {
      return (await server.request("/api/auth/get-session", { headers: { cookie } })).json();
    },
    async restart() {
      await server.running().stop();
      running = undefined;
      running = await start(config);
    },
    async close() {
      try {
        await running?.stop();
      } finally {
        running = undefined;
        await cleanUp();
      }
    },
  };
  return server;
}
