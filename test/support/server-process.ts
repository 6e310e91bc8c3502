// The real server as its own OS process, built and started as `npm start` does (scripts/build-server.mjs, then
// `node <package.json's options> main.js`), for tests of several processes on one database: each has its own
// connections, change hub and LISTEN connection.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer, serverNodeOptions, serverStartEnv } from "../../scripts/build-server.mjs";
import { freePort } from "./free-port";
import { cookieOf, newAccount, STUB_WEB_DIR, TEST_SECRET, type Account, type TestUser } from "./test-server";

export type ServerProcessOptions = {
  databaseUrl: string;
  /** "built" serves dist/web (run `vite build` first); "stub" serves one placeholder page. Default "stub". */
  web?: "built" | "stub";
  /** Environment variables over the test defaults. */
  env?: Record<string, string>;
};

export type ServerProcess = {
  readonly url: string;
  /** A request from the server's own origin, as the web app makes it. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** Creates an account through Better Auth's sign-up endpoint (the server's own password hash) and returns it
   * with its session cookie, which every process sharing the database and TEST_SECRET accepts. */
  signUp: (fields?: Partial<Account>) => Promise<TestUser>;
  /** SIGTERM, then SIGKILL if the process has not exited within 10 s. */
  stop: () => Promise<void>;
};

const START_MS = 60_000;
const STOP_MS = 10_000;

let built: Promise<string[]> | undefined;

/** Node's arguments for the built server, built once per test process into a folder of its own beside
 * node_modules (where the bundle finds better-sqlite3), removed when the process exits. */
function builtServer(): Promise<string[]> {
  built ??= (async () => {
    const dir = join(".tmp", `test-server-${process.pid}`);
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    await buildServer({ outdir: dir });
    return [...serverNodeOptions(), join(dir, "main.js")];
  })();
  return built;
}

/** Starts a server process on `databaseUrl` and resolves once /api/health answers that the database is ok. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "hs-process-"));
  const child = spawn(process.execPath, await builtServer(), {
    env: {
      ...serverStartEnv(),
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      // Shared by every process of a test, as by the replicas of a deployment: a session holds on each of them.
      AUTH_SECRET: TEST_SECRET,
      WEB_DIR: options.web === "built" ? "dist/web" : STUB_WEB_DIR,
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_MAX: "100000",
      SIGN_UP_RATE_MAX: "100000",
      RESET_RATE_MAX: "100000",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return superviseServer(child, url, dataDir);
}

/**
 * A spawned server process as a test uses it, once /api/health says its database is ok: requests from its origin,
 * sign-ups, and a stop that also removes `dataDir`. Its output is kept for the error when it fails to start.
 */
export async function superviseServer(
  child: ChildProcess,
  url: string,
  dataDir: string,
): Promise<ServerProcess> {
  const output: string[] = [];
  child.stdout?.setEncoding("utf8").on("data", (d: string) => void output.push(d));
  child.stderr?.setEncoding("utf8").on("data", (d: string) => void output.push(d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A test runner that ends abruptly must not leave the server running.
  const killOnExit = () => void child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await untilHealthy(url, child, exited);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output.join("")}`);
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

async function untilHealthy(url: string, child: ChildProcess, exited: Promise<void>) {
  const gaveUp = Date.now() + START_MS;
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < gaveUp) {
    if (ended) throw new Error(`the server process exited (code ${child.exitCode}) before answering`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.status === 200) {
      const body: unknown = await res.json();
      if (typeof body === "object" && body !== null && "database" in body && body.database === "ok") return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server process did not answer /api/health within ${START_MS / 1000} s`);
}
