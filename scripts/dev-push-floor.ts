// The push's floor against the app (docs/performance.md, "Write path"): the bench's push load
// (marking and unmarking today by POST /api/sync/push, one setDay op, 50 connections over 50 accounts of 20 habits ×
// 1 year) against scripts/bench/push-floor-server.ts, which does only the app's own SQLite work for a push, and
// against the app as `npm start` runs it, each on a fresh copy of one database, in alternating rounds. What the
// floor reaches is what one event loop can do on this machine with the app's statements and durable group commits;
// the gap to the app is what everything else in the app costs. A development measurement; `npm run bench` holds the
// budgets.
// --servers: which ones, in order: "app", "floor", and the floor with push-floor-server.ts's options, "+costN" for
// --app-cost-us=N and "+thread" for --writer-thread (as "floor+cost80+thread").
// --via=rest: the bench's REST marks (PUT and DELETE /api/habits/:id/completions/:date) instead of pushes, against
// the floor's REST mark (no "+thread" there).
// --load=wrk: the load from wrk (scripts/bench/wrk-marks.ts; Debian's package "wrk") instead of autocannon.
// Usage: npx tsx scripts/dev-push-floor.ts [--rounds=N] [--seconds=N] [--servers=floor,app] [--via=push|rest]
//   [--load=autocannon|wrk]
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { newAccounts, utcToday, yearBackup, type BenchAccount } from "./bench/accounts";
import { json, rawRequest } from "./bench/http-client";
import { load, type LoadResult } from "./bench/load";
import { machine, load1 } from "./bench/options";
import { settle, startAppServer, startScriptServer, type Child } from "./bench/processes";
import { headersFor, markTargets, toggles } from "./bench/server-figures";
import { median } from "./bench/table";
import { wrkMarks } from "./bench/wrk-marks";

const { values } = parseArgs({
  options: {
    rounds: { type: "string" },
    seconds: { type: "string" },
    servers: { type: "string" },
    via: { type: "string" },
    load: { type: "string" },
  },
});
const rounds = Number(values.rounds ?? 3);
const seconds = Number(values.seconds ?? 8);
const via = values.via ?? "push";
if (via !== "push" && via !== "rest") throw new Error(`--via: "push" or "rest", not "${via}"`);
const generator = values.load ?? "autocannon";
if (generator !== "autocannon" && generator !== "wrk")
  throw new Error(`--load: "autocannon" or "wrk", not "${generator}"`);
const appDir = resolve(import.meta.dirname, "..");
const env = { USER_WRITE_RATE_MAX: "1000000", USER_MAX_DAYS: "200000" };
const work = mkdtempSync(join(tmpdir(), "hs-floor-"));
const seed = join(work, "seed");
mkdirSync(seed);
const today = utcToday();
console.error(`${via} floor, load from ${generator}: ${machine()}; load average ${load1()}`);

// The accounts, made by the app; each one's user id, for the floor's map of cookies.
let accounts: BenchAccount[];
const users: Record<string, string> = {};
{
  const app = await startAppServer({ appDir, dataDir: seed, env });
  try {
    accounts = await newAccounts(app.url, 50, yearBackup(today));
    for (const { cookie } of accounts) {
      const session = json<{ user: { id: string } }>(
        await rawRequest(`${app.url}/api/auth/get-session`, { headers: { cookie } }),
      );
      users[cookie] = session.user.id;
    }
  } finally {
    await app.stop();
  }
}
const usersFile = join(work, "users.json");
writeFileSync(usersFile, JSON.stringify(users));

const servers = (values.servers ?? "floor,app").split(",");
if (via === "rest" && servers.some((kind) => kind.includes("+thread")))
  throw new Error("--via=rest: the floor's REST mark runs on its own thread only (no +thread)");
const start = (kind: string, dir: string): Promise<Child> => {
  if (kind === "app") return startAppServer({ appDir, dataDir: dir, env });
  const [name, ...options] = kind.split("+");
  if (name !== "floor") throw new Error(`--servers: no server "${kind}"`);
  const args = options.map((option) => {
    if (option === "thread") return "--writer-thread";
    if (/^cost\d+$/.test(option)) return `--app-cost-us=${option.slice(4)}`;
    throw new Error(`--servers: no floor option "${option}"`);
  });
  // BENCH_NODE_ARGS, which startAppServer puts before the app's, go before the floor's too.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return startScriptServer(
    join(import.meta.dirname, "bench/push-floor-server.ts"),
    [join(dir, "habit-streaks.db"), usersFile, ...args],
    nodeArgs,
  );
};
const results = Object.fromEntries(servers.map((kind) => [kind, [] as LoadResult[]]));
try {
  for (let round = 0; round < rounds; round++) {
    for (const kind of round % 2 ? [...servers].reverse() : servers) {
      const dir = join(work, `round-${round}`);
      cpSync(seed, dir, { recursive: true });
      const server = await start(kind, dir);
      try {
        const h = headersFor(server.url, today);
        const requests = toggles({ h, today }, via, markTargets(accounts));
        const next = markTargets(accounts);
        const targets = Array.from({ length: accounts.length * 20 }, next);
        const run = async (s: number) => {
          if (generator === "autocannon")
            return load(server.url, { seconds: s, requests, settle: [server.pid] });
          const r = await wrkMarks(server.url, {
            seconds: s,
            via,
            targets,
            headers: (t) => h.write(t.account),
            today,
          });
          await settle([server.pid]);
          return r;
        };
        await run(2);
        const r = await run(seconds);
        if (r.bad) throw new Error(`${kind}: ${r.bad} bad answers ${JSON.stringify(r.badKinds)}`);
        results[kind]!.push(r);
        console.error(
          `  round ${round + 1} ${kind}: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`,
        );
      } finally {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const [kind, runs] of Object.entries(results)) {
  const m = (f: (r: LoadResult) => number) => median(runs.map(f));
  console.log(
    `${kind.padEnd(20)} ${Math.round(m((r) => r.rps))} req/s, p50 ${m((r) => r.p50).toFixed(2)} ms, p99 ${m((r) => r.p99).toFixed(2)} ms (median of ${runs.length})`,
  );
}
console.log(`load average ${load1()} at the end`);
