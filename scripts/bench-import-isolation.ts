// Accounts import their maximum (USER_MAX_HABITS habits, USER_MAX_DAYS days) back to back while another user
// reads GET /api/habits: the reader's p99 must stay under 100 ms (docs/decisions/0058). Also reports the server's
// longest event-loop block. The server runs here (SQLite); importer and reader are child processes, so that their
// own work does not count as the server's.
// Usage: npx tsx scripts/bench-import-isolation.ts [seconds]   (loopback only; bounded in time; exit 1 above 100 ms)
import autocannon from "autocannon";
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { addDays, todayInZone } from "../src/core/local-date";

const P99_BUDGET_MS = 100;
/** Accounts that import in turn, so that the imports go back to back within each account's import limit. */
const IMPORTERS = 12;
type Job = {
  role: "import" | "read";
  url: string;
  origin: string;
  cookie: string;
  /** The importing accounts, taken in turn: each may import IMPORTS_PER_MINUTE times a minute. */
  importers?: string[];
  seconds: number;
  body?: string;
};
type Report = { role: Job["role"]; line: string; p99?: number; failures: number };

async function importLoop(job: Job): Promise<Report> {
  const end = Date.now() + job.seconds * 1000;
  const times: number[] = [];
  let failures = 0;
  const cookies = job.importers ?? [job.cookie];
  while (Date.now() < end) {
    const start = performance.now();
    const res = await fetch(`${job.url}/api/habits`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        origin: job.origin,
        cookie: cookies[times.length % cookies.length]!,
      },
      body: job.body,
    });
    await res.arrayBuffer();
    if (res.status !== 200) failures++;
    times.push(performance.now() - start);
  }
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  const line = `imports: ${times.length} (${failures} failed), ${Math.round(mean)} ms each on average`;
  return { role: "import", failures, line };
}

async function readLoop(job: Job): Promise<Report> {
  const r = await autocannon({
    url: `${job.url}/api/habits`,
    connections: 2,
    duration: job.seconds,
    headers: { cookie: job.cookie },
  });
  const { p50, p99, max } = r.latency;
  const failures = r.errors + r.non2xx;
  const line = `other user's GET /api/habits: ${r.requests.total} requests, p50 ${p50} ms, p99 ${p99} ms, max ${max} ms (errors ${failures})`;
  return { role: "read", p99, failures, line };
}

/** The main thread's time on a core and waiting for one, in ms (Linux); elsewhere the process's CPU time. */
function threadTimes(): { cpu: number; wait: number } {
  try {
    const [cpu = 0, wait = 0] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8")
      .split(" ")
      .map(Number);
    return { cpu: cpu / 1e6, wait: wait / 1e6 };
  } catch {
    const { user, system } = process.cpuUsage();
    return { cpu: (user + system) / 1000, wait: 0 };
  }
}

/**
 * A lag probe beside monitorEventLoopDelay. On a busy machine a long gap between two 1 ms ticks may be time the
 * thread waited for a core, so each gap is split into the event loop's own time on a core and its wait for one;
 * the most on-core time in one gap is the longest block the server's own work caused.
 */
function lagProbe() {
  let last = { wall: performance.now(), ...threadTimes() };
  const longest = { wall: 0, cpu: 0, wait: 0 };
  const busiest = { wall: 0, cpu: 0, wait: 0 };
  const timer = setInterval(() => {
    const now = { wall: performance.now(), ...threadTimes() };
    const gap = { wall: now.wall - last.wall, cpu: now.cpu - last.cpu, wait: now.wait - last.wait };
    if (gap.wall > longest.wall) Object.assign(longest, gap);
    if (gap.cpu > busiest.cpu) Object.assign(busiest, gap);
    last = now;
  }, 1);
  const show = ({ wall, cpu, wait }: typeof longest) =>
    `${wall.toFixed(1)} ms (on a core ${cpu.toFixed(1)} ms, waiting for one ${wait.toFixed(1)} ms)`;
  return {
    stop: () => {
      clearInterval(timer);
      return `longest gap between 1 ms ticks ${show(longest)}; most work in one gap ${show(busiest)}`;
    },
  };
}

function runChild(job: Job): Promise<Report> {
  const child = fork(fileURLToPath(import.meta.url), ["child"], { execArgv: ["--import", "tsx"] });
  child.send(job);
  return new Promise((resolve, reject) => {
    child.once("message", (report) => resolve(report as Report));
    child.once("exit", (code) => (code ? reject(new Error(`${job.role} client exited with ${code}`)) : null));
  });
}

async function signUp(url: string, origin: string, name: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name, email: `${name}@example.com`, password: `${name}-password-1` }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function main(seconds: number): Promise<number> {
  const { loadConfig } = await import("../src/server/config");
  const { startServer } = await import("../src/server/server");
  const dataDir = mkdtempSync(join(tmpdir(), "hs-bench-isolation-"));
  const config = loadConfig({
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    BASE_URL: "http://localhost:3999",
    LOG_LEVEL: "silent",
    USER_WRITE_RATE_MAX: "1000000",
    SIGN_UP_RATE_MAX: "1000",
  });
  const server = await startServer(config);
  try {
    const origin = config.baseUrl;
    const reader = await signUp(server.url, origin, "reader");
    const importers: string[] = [];
    for (let i = 0; i < IMPORTERS; i++) importers.push(await signUp(server.url, origin, `importer-${i}`));
    const twenty = Array.from({ length: 20 }, (_, i) => ({ name: `Habit ${i}`, completedDates: [] }));
    const headers = { "content-type": "application/json", origin, cookie: reader };
    await fetch(`${server.url}/api/habits`, { method: "PUT", headers, body: JSON.stringify(twenty) });
    // The importer's maximum: maxHabits habits holding maxDays days between them, all in the past.
    const { maxHabits, maxDays } = config.userLimits;
    const today = todayInZone(new Date(), "UTC");
    const perHabit = Math.floor(maxDays / maxHabits);
    const dates = Array.from({ length: perHabit }, (_, i) => addDays(today, -1 - i)).reverse();
    const body = JSON.stringify(
      Array.from({ length: maxHabits }, (_, i) => ({ name: `Habit ${i}`, completedDates: dates })),
    );
    console.log(
      `importing ${maxHabits} habits x ${perHabit} days (${(body.length / 2 ** 20).toFixed(2)} MiB) for ${seconds} s`,
    );

    const job = { url: server.url, origin, seconds };
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    // The reader alone first: on a busy machine its p99 tells how much of the figure is the machine's.
    delay.enable();
    const alone = await runChild({ ...job, seconds: Math.min(5, seconds), role: "read", cookie: reader });
    delay.disable();
    console.log(`alone: ${alone.line}; longest event-loop block ${ms(delay.max)} ms`);
    delay.reset();
    delay.enable();
    const probe = lagProbe();
    const reports = await Promise.all([
      runChild({ ...job, role: "import", cookie: importers[0]!, importers, body }),
      runChild({ ...job, role: "read", cookie: reader }),
    ]);
    delay.disable();
    const longest = probe.stop();
    for (const report of reports) console.log(report.line);
    console.log(`during imports: ${longest}`);
    console.log(
      `during imports: longest event-loop block ${ms(delay.max)} ms, p99 ${ms(delay.percentile(99))} ms`,
    );
    const read = reports.find((r) => r.role === "read");
    const ok = reports.every((r) => r.failures === 0) && (read?.p99 ?? Infinity) < P99_BUDGET_MS;
    console.log(ok ? `PASS: p99 under ${P99_BUDGET_MS} ms` : `FAIL: p99 must stay under ${P99_BUDGET_MS} ms`);
    return ok ? 0 : 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "child") {
  process.once("message", async (job: Job) => {
    process.send?.(await (job.role === "import" ? importLoop(job) : readLoop(job)));
    process.disconnect();
  });
} else {
  process.exitCode = await main(Number(process.argv[2] ?? 20));
}
