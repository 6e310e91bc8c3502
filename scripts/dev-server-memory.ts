// A development measurement for decision 0034 (`npm run bench` holds the budget): checkouts of the server side by
// side, each as its own process as `npm start` runs it (scripts/bench/processes.ts), on one SQLite database (the
// first creates the 50 accounts of 20 habits × 365 days; the others only read), loaded in interleaved rounds of
// `GET /api/habits` and the in-sync `GET /api/sync` with 50 connections, the order turned every round. Prints each
// one's req/s per round, the medians and their ratio to the first, and each process's RSS after every round.
// Usage: npx tsx scripts/dev-server-memory.ts [--rounds n] [--seconds n] <dir> [<dir> …]
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { newAccounts, utcToday, yearBackup, type BenchAccount } from "./bench/accounts";
import { BROWSER_ENCODINGS, json, rawRequest } from "./bench/http-client";
import { load, roundRobin, type LoadRequest } from "./bench/load";
import { startAppServer, type Child } from "./bench/processes";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "6" },
    seconds: { type: "string", default: "4" },
    kinds: { type: "string", default: "list,pull,mixed" },
  },
});
const dirs = positionals.map((d) => resolve(d));
if (dirs.length === 0)
  throw new Error("usage: dev-server-memory.ts [--rounds n] [--seconds n] <dir> [<dir> …]");
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const ACCOUNTS = 50;
const today = utcToday();
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load1 = () => loadavg()[0]!.toFixed(1);

const workDir = mkdtempSync(join(tmpdir(), "hs-dev-memory-"));
const dataDir = join(workDir, "data");
mkdirSync(dataDir);
const env = { USER_WRITE_RATE_MAX: "1000000" };
const servers: Child[] = [];
try {
  for (const appDir of dirs) servers.push(await startAppServer({ appDir, dataDir, env }));
  console.log(`load average ${load1()}; idle RSS: ${servers.map((s) => mib(s.rss())).join(", ")} MiB`);
  const accounts = await newAccounts(servers[0]!.url, ACCOUNTS, yearBackup(today));
  const read = (account: BenchAccount) => ({
    cookie: account.cookie,
    accept: "application/json",
    "accept-encoding": BROWSER_ENCODINGS,
    "x-local-date": today,
  });
  const cursors = await Promise.all(
    accounts.map(
      async (a) =>
        json<{ cursor: string }>(await rawRequest(`${servers[0]!.url}/api/sync`, { headers: read(a) }))
          .cursor,
    ),
  );
  const list = (): LoadRequest[] => {
    const next = roundRobin(accounts.length);
    return [
      {
        setupRequest: (req) => ({
          ...req,
          method: "GET",
          path: "/api/habits",
          headers: read(accounts[next()]!),
        }),
      },
    ];
  };
  const pull = (): LoadRequest[] => {
    const next = roundRobin(accounts.length);
    return [
      {
        setupRequest: (req) => {
          const i = next();
          return {
            ...req,
            method: "GET",
            path: `/api/sync?cursor=${cursors[i]}`,
            headers: read(accounts[i]!),
          };
        },
      },
    ];
  };
  /** The bench's mixed load (server-figures.ts, rssRows): each connection a device of one account. */
  const mixed = (url: string): LoadRequest[] => {
    const next = roundRobin(accounts.length * 20);
    const device = (context: object) => {
      const c = context as { device?: { i: number; habitId: string } };
      if (!c.device) {
        const k = next();
        const i = k % accounts.length;
        c.device = { i, habitId: accounts[i]!.habitIds[Math.floor(k / accounts.length) % 20]! };
      }
      return c.device;
    };
    const setDay = (state: string): LoadRequest => ({
      setupRequest: (req, context) => {
        const { i, habitId } = device(context);
        const op = { opId: randomUUID(), type: "setDay", habitId, date: today, state };
        const headers = { ...read(accounts[i]!), origin: url, "content-type": "application/json" };
        return {
          ...req,
          method: "POST",
          path: "/api/sync/push",
          headers,
          body: JSON.stringify({ ops: [op] }),
        };
      },
    });
    return [
      {
        setupRequest: (req, c) => ({
          ...req,
          method: "GET",
          path: "/api/habits",
          headers: read(accounts[device(c).i]!),
        }),
      },
      {
        setupRequest: (req, c) => {
          const { i } = device(c);
          return {
            ...req,
            method: "GET",
            path: `/api/sync?cursor=${cursors[i]}`,
            headers: read(accounts[i]!),
          };
        },
        onResponse: (status, body, c) => {
          if (status === 200 && body.startsWith("{"))
            cursors[device(c).i] = (JSON.parse(body) as { cursor: string }).cursor;
        },
      },
      setDay("done"),
      setDay("none"),
    ];
  };
  const pids = servers.map((s) => s.pid);
  const all: Record<string, (url: string) => LoadRequest[]> = { list, pull, mixed };
  const kinds = Object.fromEntries(values.kinds.split(",").map((k) => [k, all[k]!]));
  const results = new Map<string, number[]>();
  for (const s of servers)
    for (const kind of Object.keys(kinds))
      await load(s.url, { seconds: 1, requests: kinds[kind]!(s.url), settle: pids });
  for (let round = 0; round < rounds; round++) {
    const order = servers.map((_, i) => i);
    for (let k = 0; k < round % servers.length; k++) order.push(order.shift()!);
    if (round % 2) order.reverse();
    const line: string[] = [];
    for (const [kind, requests] of Object.entries(kinds))
      for (const i of order) {
        const r = await load(servers[i]!.url, { seconds, requests: requests(servers[i]!.url), settle: pids });
        const key = `${kind} ${i}`;
        results.set(key, [...(results.get(key) ?? []), r.rps]);
        let rss = "";
        if (kind === "mixed") {
          // As the bench reads it: 1 s after the run.
          await new Promise((done) => setTimeout(done, 1000));
          rss = `, RSS ${mib(servers[i]!.rss())} MiB`;
        }
        line.push(`${kind}#${i} ${Math.round(r.rps)}${r.bad ? ` (${r.bad} bad)` : ""}${rss}`);
      }
    console.log(
      `round ${round + 1} (load ${load1()}): ${line.join(", ")}; RSS ${servers.map((s) => mib(s.rss())).join(", ")} MiB`,
    );
  }
  for (const kind of Object.keys(kinds)) {
    const base = median(results.get(`${kind} 0`)!);
    console.log(
      `${kind}: ${dirs
        .map((d, i) => {
          const m = median(results.get(`${kind} ${i}`)!);
          return `${d}: ${Math.round(m)} req/s (×${(m / base).toFixed(2)})`;
        })
        .join("; ")}`,
    );
  }
} finally {
  for (const s of servers) await s.stop();
  rmSync(workDir, { recursive: true, force: true });
}
