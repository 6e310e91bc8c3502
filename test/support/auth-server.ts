// A real server for the auth tests: a fresh database of the given dialect, a real SMTP receiver, env overrides.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { loadConfig, type Config } from "../config";
import { startServer, type RunningServer } from "../server";
import type { TestDialect } from "../test-support/databases";
import { freePort } from "../test-support/free-port";
import { startMailbox, type Mailbox } from "../../../e2e/support/mailbox";

export type Account = { name: string; email: string; password: string };
export type AuthResponse = {
  status: number;
  body: { code?: string; message?: string } & Record<string, unknown>;
  cookie: string;
  setCookies: string[];
};

export type AuthTestServer = {
  url: string;
  config: Config;
  mailbox: Mailbox;
  running: () => RunningServer;
  restart: () => Promise<void>;
  post: (
    path: string,
    body: unknown,
    opts?: { cookie?: string; headers?: Record<string, string> },
  ) => Promise<AuthResponse>;
  session: (cookie: string) => Promise<{ user: { id: string; name: string; email: string } } | null>;
  signUp: (fields?: Partial<Account>) => Promise<Account & { cookie: string }>;
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

const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

export async function startAuthTestServer(
  dialect: TestDialect,
  env: Record<string, string> = {},
): Promise<AuthTestServer> {
  const database = await dialect.create();
  const dataDir = mkdtempSync(join(tmpdir(), "hs-auth-"));
  const mailbox = await startMailbox();
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AUTH_SECRET: randomUUID() + randomUUID(),
    SMTP_URL: mailbox.url,
    // Generous unless a test sets them: rate-limit.test.ts checks the real limits.
    SIGN_IN_RATE_MAX: "100000",
    SIGN_UP_RATE_MAX: "100000",
    RESET_RATE_MAX: "100000",
    ...env,
  });
  let running = await startServer(config);
  const url = `http://localhost:${running.port}`;

  const post: AuthTestServer["post"] = async (path, body, opts = {}) => {
    const res = await fetch(`${url}/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: url,
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
  };

  return {
    url,
    config,
    mailbox,
    running: () => running,
    async restart() {
      await running.stop();
      await new Promise((resolve) => setTimeout(resolve, 100)); // lets fetch drop its kept-alive sockets first
      running = await startServer(config);
    },
    post,
    async session(cookie) {
      const res = await fetch(`${url}/api/auth/get-session`, { headers: { cookie } });
      return res.json();
    },
    async signUp(fields = {}) {
      const account = newAccount(fields);
      const res = await post("/sign-up/email", account);
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { ...account, cookie: res.cookie };
    },
    async close() {
      await running.stop();
      await mailbox.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
