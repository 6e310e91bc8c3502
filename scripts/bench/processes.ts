// The servers under test, each as its own OS process: the app, as `npm start` runs it (package.json's start
// script: the server built ahead of time, `node <options> dist/server/main.js`; a checkout from before
// scripts/build-server.mjs runs `node --import tsx src/server/main.ts`), and the bare Hono reference
// (bare-server.ts). Autocannon runs in the bench's process, so the server measured has one core's worth of CPU to
// itself on a 2-core machine, as a server behind a load balancer would, instead of sharing its event loop with
// the load generator.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../test/support/free-port";

/** Fixed, so that a session made by one server process holds in the next one on the same database. */
const BENCH_SECRET = "bench-secret-0123456789-abcdefghijklmnop";
const START_MS = 60_000;
const STOP_MS = 10_000;

export type Child = {
  readonly url: string;
  readonly pid: number;
  /** Resident set size of the process now, in bytes (/proc/<pid>/status VmRSS). */
  rss: () => number;
  stop: () => Promise<void>;
};

export type AppServerOptions = {
  /** The checkout whose server runs (its src/server/main.ts, its node_modules): the repository by default. */
  appDir: string;
  /** The server's data folder; its SQLite database is habit-streaks.db in it. Kept after stop. */
  dataDir: string;
  env?: Record<string, string>;
};

const built = new Map<string, Promise<StartCommand>>();

type StartCommand = { args: string[]; env: Record<string, string> };

/**
 * The arguments `npm start` in `appDir` gives Node (the last command of its start script), and the environment
 * settings before `node` (NAME=value), once: where that is the built server, it is built first, into the
 * checkout's dist/server as `npm run build` builds it.
 */
function serverCommand(appDir: string): Promise<StartCommand> {
  let command = built.get(appDir);
  if (!command) {
    command = (async () => {
      const pkg = JSON.parse(readFileSync(join(appDir, "package.json"), "utf8")) as {
        scripts: { start: string };
      };
      const args = pkg.scripts.start.split("&&").at(-1)!.trim().split(/\s+/);
      const env: Record<string, string> = {};
      while (/^[A-Z_][A-Z0-9_]*=/.test(args[0] ?? "")) {
        const setting = args.shift()!;
        env[setting.slice(0, setting.indexOf("="))] = setting.slice(setting.indexOf("=") + 1);
      }
      if (args[0] !== "node") throw new Error(`${appDir}: npm start does not end with a node command`);
      if (args.at(-1) === "dist/server/main.js")
        await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], { cwd: appDir });
      return { args: args.slice(1), env };
    })();
    built.set(appDir, command);
  }
  return command;
}

/** Starts the app on SQLite and resolves once /api/health answers that the database is ok. */
export async function startAppServer(options: AppServerOptions): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: Node options put before the start script's, to profile the server under load
  // (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx scripts/bench.ts --only pull`).
  const extra = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const start = await serverCommand(options.appDir);
  const child = spawn(process.execPath, [...extra, ...start.args], {
    cwd: options.appDir,
    env: {
      ...start.env,
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: `sqlite:${join(options.dataDir, "habit-streaks.db")}`,
      AUTH_SECRET: BENCH_SECRET,
      WEB_DIR: "test/support/web-stub",
      // The production default: one line per request. It goes to /dev/null, not through a pipe to this process.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      SIGN_UP_RATE_MAX: "100000",
      SIGN_IN_RATE_MAX: "100000",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const started = watch(child);
  try {
    await untilHealthy(url, started);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { url, pid: child.pid!, rss: () => rssOf(child.pid!), stop: started.stop };
}

export type CapturedResponse = { status: number; headers: [string, string][]; body: Buffer };

/** Headers the reference leaves to its own HTTP stack, which sets them per response as the app's does. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** Starts a bare Hono server that answers every request with `response` (same status, headers and bytes). */
export async function startBareServer(response: CapturedResponse, dir: string): Promise<Child> {
  const file = join(dir, `bare-response-${Date.now()}.json`);
  const headers = response.headers.filter(([name]) => !PER_CONNECTION.has(name.toLowerCase()));
  writeFileSync(
    file,
    JSON.stringify({ status: response.status, headers, body: response.body.toString("base64") }),
  );
  return startScriptServer(join(import.meta.dirname, "bare-server.ts"), [file]);
}

/**
 * Starts a TypeScript server script under tsx that prints "port <n>" once it listens on 127.0.0.1; `nodeArgs` go
 * before tsx's.
 */
export async function startScriptServer(
  script: string,
  args: readonly string[],
  nodeArgs: readonly string[] = [],
): Promise<Child> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const started = watch(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const match = /port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    void started.exited.then(() => reject(new Error(`${script} exited: ${started.output()}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    rss: () => rssOf(child.pid!),
    stop: started.stop,
  };
}

function watch(child: ChildProcess) {
  const output: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (d: string) => void output.push(d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A bench that ends abruptly must not leave a server running.
  const killOnExit = () => void child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_MS);
    await exited;
    clearTimeout(timer);
  };
  return { exited, stop, output: () => output.join("").slice(-4000) };
}

async function untilHealthy(url: string, started: ReturnType<typeof watch>) {
  const gaveUp = Date.now() + START_MS;
  let ended = false;
  void started.exited.then(() => (ended = true));
  while (Date.now() < gaveUp) {
    if (ended) throw new Error(`the server exited before answering:\n${started.output()}`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.status === 200 && ((await res.json()) as { database?: string }).database === "ok") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /api/health within ${START_MS / 1000} s:\n${started.output()}`);
}

/** CPU time of the process (all its threads) so far, in clock ticks. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
}

/**
 * Resolves once the processes have stopped working: at the end of a load run autocannon closes its connections,
 * but a server still finishes the requests it had accepted, and would take that time from whatever is measured next.
 * Idle: at most one clock tick (10 ms) of CPU in 250 ms, 4 % of a core. At most `maxMs`.
 */
export async function settle(pids: readonly number[], maxMs = 30_000): Promise<void> {
  const gaveUp = Date.now() + maxMs;
  const total = () => pids.reduce((n, pid) => n + cpuTicks(pid), 0);
  for (let before = total(); Date.now() < gaveUp;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = total();
    if (now - before <= 1) return;
    before = now;
  }
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}
