// What one mark costs the server, in CPU time, on a 50 habits × 10 years account and on a 20 × 365 one
// (docs/performance.md "Write path"): one request at a time, marking then unmarking today round the first
// 20 habits, by push (one setDay op, as the web sends) and by REST (PUT/DELETE /api/habits/:id/completions/:date).
// The figure is the server process's CPU time (all its threads, the SQLite writer's included: /proc/<pid>/stat)
// over the requests, divided by their number: on a shared machine, wall-clock figures of one request at a time
// mostly measure the wait for the disk and for a core, CPU time does not. A development measurement; `npm run
// bench` holds the budgets (its tick row: req/s at 50 connections).
// Usage: npx tsx scripts/dev-tick-cost.ts [--before=<dir>] [--requests=N] [--rounds=N]
// --before: also runs the server from <dir> (a `git archive` of an earlier tree, node_modules linked), its rounds
// interleaved with this tree's.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { decadeBackup, newAccount, utcToday, yearBackup, type BenchAccount } from "./bench/accounts";
import { rawRequest } from "./bench/http-client";

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const before = option("before");
const REQUESTS = Number(option("requests") ?? 1000);
const ROUNDS = Number(option("rounds") ?? 3);
const today = utcToday();
const workDir = mkdtempSync(join(tmpdir(), "hs-tick-"));

type Server = { label: string; url: string; child: ChildProcess; large: BenchAccount; small: BenchAccount };

/** The tree at `cwd` as its own process on SQLite (`node --import tsx src/server/main.ts`), with both accounts. */
async function startServer(label: string, cwd: string): Promise<Server> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(workDir, "server-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, "habit-streaks.db")}`,
      AUTH_SECRET: "dev-tick-cost-secret-0123456789abcdef",
      WEB_DIR: "test/support/web-stub",
      LOG_LEVEL: "info",
      SIGN_UP_RATE_MAX: "100000",
      USER_WRITE_RATE_MAX: "1000000",
      USER_MAX_DAYS: "200000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error(`${label}: the server did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const large = await newAccount(url, decadeBackup(today));
  const small = await newAccount(url, yearBackup(today));
  return { label, url, child, large, small };
}

/** CPU time of the process and all its threads, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `REQUESTS` marks and unmarks, one at a time: the server's CPU time per request, in ms. */
async function cost(server: Server, account: BenchAccount, via: "push" | "rest"): Promise<number> {
  const headers = { cookie: account.cookie, origin: server.url, "x-local-date": today };
  const start = cpuMs(server.child.pid!);
  for (let i = 0; i < REQUESTS; i++) {
    const habitId = account.habitIds[Math.floor(i / 2) % 20]!;
    const done = i % 2 === 0;
    const res =
      via === "push"
        ? await rawRequest(`${server.url}/api/sync/push`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify({
              ops: [
                { opId: randomUUID(), type: "setDay", habitId, date: today, state: done ? "done" : "none" },
              ],
            }),
          })
        : await rawRequest(`${server.url}/api/habits/${habitId}/completions/${today}`, {
            method: done ? "PUT" : "DELETE",
            headers,
          });
    if (res.status !== 200) throw new Error(`${server.label} ${via}: ${res.status}`);
  }
  return (cpuMs(server.child.pid!) - start) / REQUESTS;
}

const servers = [
  ...(before ? [await startServer("before", resolve(before))] : []),
  await startServer(before ? "after" : "server", process.cwd()),
];
const f = (ms: number) => ms.toFixed(2);
for (let round = 0; round <= ROUNDS; round++) {
  // Round 0 warms up (code compiled, pages cached) and is not printed.
  const order = round % 2 ? [...servers].reverse() : servers;
  for (const server of order)
    for (const via of ["push", "rest"] as const) {
      const large = await cost(server, server.large, via);
      const small = await cost(server, server.small, via);
      if (round > 0)
        console.log(
          `round ${round} ${server.label} ${via}: 50×10y ${f(large)} ms CPU, 20×365 ${f(small)} ms, cost ×${f(large / small)}`,
        );
    }
}
for (const server of servers) {
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
}
rmSync(workDir, { recursive: true, force: true });
