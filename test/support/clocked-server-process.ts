// Server processes with a clock the test controls (issue 12): test/support/clocked-server-main.ts as its own OS
// process, several on one database, all reading the same clock file. For tests of the reminder scheduler across
// processes and restarts.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { cookieOf, newAccount, STUB_WEB_DIR, TEST_SECRET, type Account, type TestUser } from "./test-server";

/** The clock of every process started with it: `set` moves them all to an instant (then real time runs on). */
export type SharedClock = { file: string; set: (iso: string) => void; close: () => void };

export function sharedClock(startIso: string): SharedClock {
  const dir = mkdtempSync(join(tmpdir(), "hs-clock-"));
  const file = join(dir, "offset");
  const set = (iso: string) => writeFileSync(file, String(Date.parse(iso) - Date.now()));
  set(startIso);
  return { file, set, close: () => rmSync(dir, { recursive: true, force: true }) };
}

export type ClockedServer = {
  readonly url: string;
  /** A request from the server's own origin, as the web app makes it. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  signUp: (fields?: Partial<Account>) => Promise<TestUser>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop: () => Promise<void>;
};

const START_MS = 60_000;

export async function startClockedServer(options: {
  databaseUrl: string;
  clock: SharedClock;
  tickMs?: number;
  env?: Record<string, string>;
}): Promise<ClockedServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "hs-clocked-"));
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/clocked-server-main.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: TEST_SECRET,
      WEB_DIR: STUB_WEB_DIR,
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_MAX: "100000",
      SIGN_UP_RATE_MAX: "100000",
      RESET_RATE_MAX: "100000",
      TEST_CLOCK_FILE: options.clock.file,
      TEST_REMINDER_TICK_MS: String(options.tickMs ?? 250),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.setEncoding("utf8").on("data", (d: string) => void output.push(d));
  child.stderr?.setEncoding("utf8").on("data", (d: string) => void output.push(d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => void child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let ended = false;
  void exited.then(() => (ended = true));
  const gaveUp = Date.now() + START_MS;
  for (;;) {
    if (ended || Date.now() > gaveUp) {
      await stop();
      throw new Error(`the clocked server did not start\n${output.join("")}`);
    }
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", url);
    return fetch(`${url}${path}`, { ...init, headers });
  };
  return {
    url,
    request,
    async signUp(fields = {}) {
      const account = newAccount(fields);
      const res = await request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(account),
      });
      const body = (await res.json()) as { user?: { id?: string } };
      const id = body.user?.id;
      if (res.status !== 200 || !id) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
      return { ...account, id, cookie: cookieOf(res.headers.getSetCookie()) };
    },
    stop,
  };
}
