// The write path against the machine's fsync in the same run (docs/performance.md "Write path"):
// marking and unmarking a day through POST /api/sync/push (setDay, as the web app does) and through the REST
// routes (PUT/DELETE /api/habits/:id/completions/:date), 50 connections over 50 accounts of one year each, with
// the per-user write limit raised. The server is one process of its own (`node --import tsx src/server/main.ts`)
// on SQLite, loopback; the reference is a loop of one-row INSERT transactions with synchronous = FULL on a file in
// the same folder, taken before and after the load. A quick measurement for development; `npm run bench` holds
// the budgets.
// Usage: npx tsx scripts/dev-write-path.ts [seconds] [--before=<dir>]   (SERVER_NODE_ARGS="--cpu-prof" to profile)
// --before: also runs the server from <dir> (a copy of an earlier tree, node_modules linked), interleaved.
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, todayInZone } from "../src/core/local-date";

const seconds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const CONNECTIONS = 50;
const ACCOUNTS = 50;
const HABITS = 3;

const before = process.argv.find((a) => a.startsWith("--before="))?.slice("--before=".length);
const dataDir = mkdtempSync(join(tmpdir(), "hs-write-"));
const today = todayInZone(new Date(), "UTC");
type Account = { cookie: string; habitId: string };
type Server = { label: string; base: string; accounts: Account[]; stop: () => Promise<void> };

/** The server of the tree at `cwd` as its own process, with ACCOUNTS accounts of HABITS habits × one year. */
async function startServer(label: string, cwd: string): Promise<Server> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const origin = base;
  const dir = mkdtempSync(join(dataDir, "server-"));
  const child = spawn(
    process.execPath,
    [...(process.env.SERVER_NODE_ARGS?.split(" ") ?? []), "--import", "tsx", "src/server/main.ts"],
    {
      cwd,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: base,
        DATA_DIR: dir,
        AUTH_SECRET: "dev-write-path-secret-0123456789abcdef",
        LOG_LEVEL: "warn",
        USER_WRITE_RATE_MAX: "1000000",
        SIGN_UP_RATE_MAX: "100000",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  process.once("exit", () => child.kill("SIGKILL"));
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }

  async function account(n: number): Promise<Account> {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ name: "Bench", email: `w${n}@example.com`, password: "bench-password-1" }),
    });
    if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const backup = Array.from({ length: HABITS }, (_, h) => ({
      name: `Habit ${h + 1}`,
      completedDates: Array.from({ length: 365 }, (_, d) => addDays(today, -d - 1)).filter(
        (_, d) => d % 9 !== 4,
      ),
    }));
    const put = await fetch(`${base}/api/habits`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify(backup),
    });
    if (put.status !== 200) throw new Error(`import: ${put.status} ${await put.text()}`);
    const habits = (await put.json()) as { id: string }[];
    return { cookie, habitId: habits[0]!.id };
  }

  const accounts: Account[] = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push(await account(i));
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  return { label, base, accounts, stop };
}

/** One-row INSERT transactions with synchronous = FULL (WAL, as the server) on a file beside the server's. */
function fsyncReference(ms = 2000): number {
  const file = join(dataDir, `fsync-${Date.now()}.db`);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("create table t (id integer primary key, v text)");
  const insert = db.prepare("insert into t (v) values (?)");
  const once = db.transaction(() => insert.run("x"));
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) {
    once();
    n++;
  }
  db.close();
  rmSync(file, { force: true });
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  return Math.round(n / (ms / 1000));
}

type Req = { method: string; path: string; body?: string };
type Result = { rps: number; p50: number; p99: number; errors: number };

/** CONNECTIONS loops, one keep-alive socket each, connection i writing as account i % ACCOUNTS. */
async function load(server: Server, next: (account: Account, i: number) => Req): Promise<Result> {
  const { base, accounts } = server;
  const origin = base;
  const latencies: number[] = [];
  let errors = 0;
  let stop = false;
  const warmEnd = performance.now() + 500;
  const loop = async (c: number) => {
    const acct = accounts[c % ACCOUNTS]!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; !stop; i++) {
      const { method, path, body } = next(acct, i);
      const started = performance.now();
      const status = await new Promise<number>((resolve) => {
        const req = http.request(
          `${base}${path}`,
          {
            method,
            agent,
            headers: {
              cookie: acct.cookie,
              origin,
              ...(body !== undefined && {
                "content-type": "application/json",
                "content-length": Buffer.byteLength(body),
              }),
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", () => resolve(0));
        req.end(body);
      });
      if (started < warmEnd) continue;
      latencies.push(performance.now() - started);
      if (status < 200 || status >= 300) errors++;
    }
    agent.destroy();
  };
  const loops = Array.from({ length: CONNECTIONS }, (_, c) => loop(c));
  await new Promise((r) => setTimeout(r, 500 + seconds * 1000));
  stop = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))]! * 10) / 10;
  return { rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), errors };
}

const push = (a: Account, i: number): Req => ({
  method: "POST",
  path: "/api/sync/push",
  body: JSON.stringify({
    ops: [
      { opId: randomUUID(), type: "setDay", habitId: a.habitId, date: today, state: i % 2 ? "none" : "done" },
    ],
  }),
});
const rest = (a: Account, i: number): Req => ({
  method: i % 2 ? "DELETE" : "PUT",
  path: `/api/habits/${a.habitId}/completions/${today}`,
});

const servers = [
  ...(before ? [await startServer("before", before)] : []),
  await startServer(before ? "after" : "server", process.cwd()),
];
const first = fsyncReference();
console.log(`fsync reference (start): ${first} single-row commits/s`);
const results: [string, Result][] = [];
for (const [label, next] of [
  ["POST /api/sync/push setDay", push],
  ["PUT/DELETE /api/habits/:id/completions/:date", rest],
] as const) {
  for (const server of servers) {
    const r = await load(server, next);
    const name = servers.length > 1 ? `${label} (${server.label})` : label;
    results.push([name, r]);
    console.log(`${name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`);
  }
}
const last = fsyncReference();
console.log(`fsync reference (end): ${last} single-row commits/s`);
const reference = (first + last) / 2;
console.log(`\n| request | req/s | p50 | p99 | share of fsync rate (${Math.round(reference)}/s) |`);
console.log(`| --- | --- | --- | --- | --- |`);
for (const [label, r] of results)
  console.log(
    `| ${label} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${((r.rps / reference) * 100).toFixed(1)} % |`,
  );

for (const server of servers) await server.stop();
rmSync(dataDir, { recursive: true, force: true });
