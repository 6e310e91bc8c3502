// The server's budgets, each against a reference measured in the same run: the app as its own process on SQLite,
// loaded by autocannon over loopback with 50 connections; the references (a bare Hono server sending the app's very
// bytes from memory, the write floor doing only the app's statements in a durable group commit) between the app's
// rounds.
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  decadeBackup,
  newAccount,
  newAccounts,
  utcToday,
  yearBackup,
  type BenchAccount,
  type LocalDate,
} from "./accounts";
import { BROWSER_ENCODINGS, json, rawRequest } from "./http-client";
import { load, roundRobin, type LoadRequest, type LoadResult } from "./load";
import { startAppServer, startBareServer, startScriptServer, type Child } from "./processes";
import { failedRow, kib, median, mib, ms, percent, reqs, type Row } from "./table";

export const SERVER_PARTS = ["list", "pull", "write", "large", "rss"] as const;
export type ServerPart = (typeof SERVER_PARTS)[number];

export type ServerBenchOptions = {
  /** The checkout whose server is measured (default: this one). */
  appDir: string;
  /** Seconds of each measured load, and rounds of each interleaved comparison. */
  seconds: number;
  rounds: number;
  /** Runs of mixed load, and their seconds, before each reading of the server's RSS. */
  rssRuns: number;
  rssSeconds: number;
  parts: ReadonlySet<ServerPart>;
  log: (line: string) => void;
};

const ACCOUNTS = 50;
const LIST_SHARE = 0.4;
const PULL_SHARE = 0.4;
const WRITE_SHARE = 0.5;
const WRITE_P99_TIMES = 2;
const FIRST_SYNC_MS = 150;
const FIRST_SYNC_BYTES = 300 * 1024;
const LARGE_COST = 1.2;
const RSS_MAX = 200 * 1024 * 1024;
/** "No growth from run to run": the last run's RSS at most this much above the second's (the first run fills
 * caches and compiles code). */
const RSS_GROWTH = 0.1;

type Pull = {
  cursor: string;
  more: boolean;
  habits: unknown[];
  completions: unknown[];
  deletedHabitIds: unknown[];
};
type Summary = { rps: number; p50: number; p99: number; bad: number; rounds: LoadResult[] };

const summary = (rounds: LoadResult[]): Summary => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  bad: rounds.reduce((n, r) => n + r.bad, 0),
  rounds,
});
const withErrors = (s: Summary) => {
  if (!s.bad) return "";
  const kinds = new Map<string, number>();
  for (const [kind, n] of s.rounds.flatMap((r) => Object.entries(r.badKinds)))
    kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  return `, ${s.bad} errors (${[...kinds].map(([kind, n]) => `${kind} ×${n}`).join(", ")})`;
};
/** One run in the progress log: req/s (p99 ms, seconds of steady state). */
const brief = (r: LoadResult) => `${Math.round(r.rps)} (${r.p99.toFixed(1)}, ${r.steadySeconds.toFixed(1)})`;
const loadFigure = (s: Summary) => `${reqs(s.rps)}, p99 ${ms(s.p99)}${withErrors(s)}`;

export async function serverRows(o: ServerBenchOptions): Promise<Row[]> {
  const workDir = mkdtempSync(join(tmpdir(), "hs-bench-"));
  const dataDir = join(workDir, "data");
  mkdirSync(dataDir);
  const env = { USER_WRITE_RATE_MAX: "1000000", USER_MAX_DAYS: "200000" };
  let server: Child | undefined = await startAppServer({ appDir: o.appDir, dataDir, env });
  const rows: Row[] = [];
  try {
    const url = server.url;
    const today = utcToday();
    const started = performance.now();
    const accounts = await newAccounts(url, ACCOUNTS, yearBackup(today));
    o.log(
      `${ACCOUNTS} accounts of 20 habits × 365 days in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const h = headersFor(url, today);
    const ctx: Context = { o, url, today, h, accounts, workDir, dataDir, pids: [server.pid] };

    const part = async (name: ServerPart, what: string, budget: string, run: () => Promise<Row[]>) => {
      if (!o.parts.has(name)) return;
      try {
        rows.push(...(await run()));
      } catch (error) {
        o.log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        rows.push(failedRow(what, budget, error));
      }
    };
    await part("list", "GET /api/habits", `≥ ${percent(LIST_SHARE)}`, () => listRows(ctx));
    await part("pull", "GET /api/sync in sync", `≥ ${percent(PULL_SHARE)}`, () => pullRows(ctx));
    await part("write", "mark and unmark a day", `≥ ${percent(WRITE_SHARE)}`, () => writeRows(ctx));
    await part("large", "50 habits × 10 years", `≤ ${FIRST_SYNC_MS} ms`, () => largeRows(ctx));
    if (o.parts.has("rss")) {
      // A fresh process on the same database: its memory holds what the mixed load leaves, not the set-up's.
      await server.stop();
      server = undefined;
      server = await startAppServer({ appDir: o.appDir, dataDir, env });
      const fresh = server;
      await part("rss", "server RSS", `≤ ${mib(RSS_MAX)}`, () =>
        rssRows({ ...ctx, url: fresh.url, h: headersFor(fresh.url, ctx.today), pids: [fresh.pid] }, fresh),
      );
    }
  } finally {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  return rows;
}

type Headers = ReturnType<typeof headersFor>;
type Context = {
  o: ServerBenchOptions;
  url: string;
  today: LocalDate;
  h: Headers;
  accounts: BenchAccount[];
  workDir: string;
  dataDir: string;
  /** The server processes running: each load run ends once they are idle again. */
  pids: number[];
};

/** The headers the web app sends (src/web/lib/api-request.ts), and a browser's Accept-Encoding. */
export function headersFor(url: string, today: LocalDate) {
  const read = (account: BenchAccount) => ({
    cookie: account.cookie,
    accept: "application/json",
    "accept-encoding": BROWSER_ENCODINGS,
    "x-local-date": today,
  });
  const write = (account: BenchAccount) => ({
    ...read(account),
    origin: url,
    "content-type": "application/json",
  });
  return { read, write };
}

/** Interleaved rounds of the given loads, in alternating order, after a warm-up of each. */
async function compare(ctx: Context, label: string, targets: { url: string; requests: LoadRequest[] }[]) {
  const { o } = ctx;
  for (const t of targets)
    await load(t.url, { seconds: Math.max(1, o.seconds / 2), requests: t.requests, settle: ctx.pids });
  const results = targets.map(() => [] as LoadResult[]);
  for (let round = 0; round < o.rounds; round++) {
    const order = targets.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order)
      results[i]!.push(
        await load(targets[i]!.url, { seconds: o.seconds, requests: targets[i]!.requests, settle: ctx.pids }),
      );
  }
  o.log(`${label} (req/s, p99 ms, steady s): ${results.map((r) => r.map(brief).join(", ")).join(" | ")}`);
  return results.map(summary);
}

async function withBare<T>(
  ctx: Context,
  response: Awaited<ReturnType<typeof rawRequest>>,
  run: (url: string) => Promise<T>,
) {
  const bare = await startBareServer(response, ctx.workDir);
  ctx.pids.push(bare.pid);
  try {
    return await run(bare.url);
  } finally {
    ctx.pids.splice(ctx.pids.indexOf(bare.pid), 1);
    await bare.stop();
  }
}

/** Item 1: the habit list of 20 habits × 365 days, against a bare server sending the same bytes from memory. */
async function listRows(ctx: Context): Promise<Row[]> {
  const { url, h, accounts } = ctx;
  const captured = await rawRequest(`${url}/api/habits`, { headers: h.read(accounts[0]!) });
  const list = json<{ completedDates: unknown[] }[]>(captured);
  if (list.length !== 20 || list.some((habit) => habit.completedDates.length < 365))
    throw new Error("the list is not of 20 habits × 365 days");
  const size = `${kib(JSON.stringify(list).length)} JSON, ${kib(captured.body.length)} on the wire`;
  const next = roundRobin(accounts.length);
  const app: LoadRequest[] = [
    { path: "/api/habits", setupRequest: (req) => ({ ...req, headers: h.read(accounts[next()]!) }) },
  ];
  const [appRun, bareRun] = await withBare(ctx, captured, (bareUrl) =>
    compare(ctx, "GET /api/habits | bare", [
      { url, requests: app },
      { url: bareUrl, requests: [{ path: "/api/habits", headers: h.read(accounts[0]!) }] },
    ]),
  );
  const ratio = appRun!.rps / bareRun!.rps;
  return [
    {
      what: `GET /api/habits, 20 habits × 365 days (${size}), ${accounts.length} accounts`,
      figure: loadFigure(appRun!),
      reference: `bare Hono, same bytes: ${reqs(bareRun!.rps)}`,
      ratio: percent(ratio),
      budget: `≥ ${percent(LIST_SHARE)}`,
      ok: ratio >= LIST_SHARE && !appRun!.bad && !bareRun!.bad,
    },
  ];
}

/** Pages of GET /api/sync from `cursor` until `more` is false; the last cursor. */
async function pullAll(url: string, headers: Record<string, string>, cursor = "") {
  for (;;) {
    const pull = json<Pull>(await rawRequest(`${url}/api/sync?cursor=${cursor}`, { headers }));
    cursor = pull.cursor;
    if (!pull.more) return cursor;
  }
}

/** The pull of a device in sync, checked to bring no change. */
async function inSyncPull(url: string, headers: Record<string, string>, cursor: string) {
  const captured = await rawRequest(`${url}/api/sync?cursor=${cursor}`, { headers });
  const pull = json<Pull>(captured);
  if (pull.more || pull.habits.length || pull.completions.length || pull.deletedHabitIds.length)
    throw new Error("the pull of a device in sync brought changes");
  return captured;
}

/** Item 2: the request a device makes most often, a pull when in sync, against a bare server sending its bytes. */
async function pullRows(ctx: Context): Promise<Row[]> {
  const { url, h, accounts } = ctx;
  const cursors: string[] = [];
  for (const account of accounts) cursors.push(await pullAll(url, h.read(account)));
  const captured = await inSyncPull(url, h.read(accounts[0]!), cursors[0]!);
  const next = roundRobin(accounts.length);
  const app: LoadRequest[] = [
    {
      setupRequest: (req) => {
        const i = next();
        return { ...req, path: `/api/sync?cursor=${cursors[i]}`, headers: h.read(accounts[i]!) };
      },
    },
  ];
  const path = `/api/sync?cursor=${cursors[0]}`;
  const [appRun, bareRun] = await withBare(ctx, captured, (bareUrl) =>
    compare(ctx, "GET /api/sync in sync | bare", [
      { url, requests: app },
      { url: bareUrl, requests: [{ path, headers: h.read(accounts[0]!) }] },
    ]),
  );
  const ratio = appRun!.rps / bareRun!.rps;
  return [
    {
      what: `GET /api/sync?cursor=<current> (in sync, ${captured.body.length} bytes), ${accounts.length} accounts`,
      figure: loadFigure(appRun!),
      reference: `bare Hono, same bytes: ${reqs(bareRun!.rps)}`,
      ratio: percent(ratio),
      budget: `≥ ${percent(PULL_SHARE)}`,
      ok: ratio >= PULL_SHARE && !appRun!.bad && !bareRun!.bad,
    },
  ];
}

export type Target = { account: BenchAccount; habitId: string };

/**
 * Mark then unmark today, each connection picking its account and habit per mark-unmark pair: through a push of
 * one setDay op (what the web sends, src/web/lib/sync/sync-engine.ts) or through the REST routes.
 */
export function toggles(
  { h, today }: Pick<Context, "h" | "today">,
  via: "push" | "rest",
  pick: () => Target,
): LoadRequest[] {
  const step = (done: boolean): LoadRequest => ({
    setupRequest: (req, context) => {
      const c = context as { target?: Target };
      c.target ??= pick(); // autocannon gives each pass over the two requests a fresh context
      const { account, habitId } = c.target;
      if (via === "rest")
        return {
          ...req,
          method: done ? "PUT" : "DELETE",
          path: `/api/habits/${habitId}/completions/${today}`,
          headers: h.write(account),
        };
      const op = { opId: randomUUID(), type: "setDay", habitId, date: today, state: done ? "done" : "none" };
      return {
        ...req,
        method: "POST",
        path: "/api/sync/push",
        headers: h.write(account),
        body: JSON.stringify({ ops: [op] }),
      };
    },
  });
  return [step(true), step(false)];
}

/** Checks that both ways of marking change the day, before their figures mean anything. */
async function checkToggles(ctx: Context, target: Target) {
  const { url, h, today } = ctx;
  for (const state of ["done", "none"]) {
    const op = { opId: randomUUID(), type: "setDay", habitId: target.habitId, date: today, state };
    const pushed = await rawRequest(`${url}/api/sync/push`, {
      method: "POST",
      headers: h.write(target.account),
      body: JSON.stringify({ ops: [op] }),
    });
    const status = json<{ results: { status: string }[] }>(pushed).results[0]?.status;
    if (status !== "applied") throw new Error(`a setDay push answered ${status}`);
  }
  for (const method of ["PUT", "DELETE"]) {
    const path = `${url}/api/habits/${target.habitId}/completions/${today}`;
    const habit = json<{ completedToday: boolean }>(
      await rawRequest(path, { method, headers: h.write(target.account) }),
    );
    if (habit.completedToday !== (method === "PUT"))
      throw new Error(`${method} ${path} did not change the day`);
  }
}

/** Every account's 20 habits in turn, shared by a run's connections. */
export function markTargets(accounts: readonly BenchAccount[]): () => Target {
  const next = roundRobin(accounts.length * 20);
  return () => {
    const k = next();
    const account = accounts[k % accounts.length]!;
    return { account, habitId: account.habitIds[Math.floor(k / accounts.length) % 20]! };
  };
}

/**
 * Marking and unmarking over 50 accounts, against the write floor in alternating rounds: push-floor-server.ts does
 * nothing for a mark but the app's own statements in a durable group commit, on a copy of the same database.
 */
async function writeRows(ctx: Context): Promise<Row[]> {
  const { o, url, accounts, dataDir, workDir } = ctx;
  await checkToggles(ctx, { account: accounts[0]!, habitId: accounts[0]!.habitIds[0]! });
  const floor = await startFloor(ctx, join(dataDir, "habit-streaks.db"), join(workDir, "floor"));
  try {
    const servers = { app: { url, pids: ctx.pids }, floor: { url: floor.url, pids: [floor.pid] } };
    const ways = ["push", "rest"] as const;
    const requests = (server: keyof typeof servers, way: (typeof ways)[number]) =>
      toggles(
        { h: headersFor(servers[server].url, ctx.today), today: ctx.today },
        way,
        markTargets(accounts),
      );
    const runs: Record<string, LoadResult[]> = {};
    const steps = ways.flatMap((way) =>
      (["app", "floor"] as const).map((server) => {
        const key = `${server} ${way}`;
        runs[key] = [];
        const r = requests(server, way);
        const { url: at, pids } = servers[server];
        return {
          warm: () => load(at, { seconds: Math.max(1, o.seconds / 2), requests: r, settle: pids }),
          run: async () =>
            void runs[key]!.push(await load(at, { seconds: o.seconds, requests: r, settle: pids })),
        };
      }),
    );
    for (const step of steps) await step.warm();
    for (let round = 0; round < o.rounds; round++)
      for (const step of round % 2 ? [...steps].reverse() : steps) await step.run();
    const rows: Row[] = [];
    for (const [way, label] of [
      ["push", "POST /api/sync/push setDay (the web's way)"],
      ["rest", "PUT/DELETE /api/habits/:id/completions/:date"],
    ] as const) {
      const [app, bare] = [summary(runs[`app ${way}`]!), summary(runs[`floor ${way}`]!)];
      o.log(`${way} (req/s, p99 ms, steady s): app ${app.rounds.map(brief).join(", ")}`);
      o.log(`${way} (req/s, p99 ms, steady s): floor ${bare.rounds.map(brief).join(", ")}`);
      const share = app.rps / bare.rps;
      const slower = app.p99 / bare.p99;
      rows.push(
        {
          what: `mark/unmark, ${label}, ${accounts.length} accounts: throughput`,
          figure: `${reqs(app.rps)}${withErrors(app)}`,
          reference: `write floor: ${reqs(bare.rps)}${withErrors(bare)}`,
          ratio: percent(share),
          budget: `≥ ${percent(WRITE_SHARE)}`,
          ok: share >= WRITE_SHARE && !app.bad && !bare.bad,
        },
        {
          what: `mark/unmark, ${label}: latency`,
          figure: `p99 ${ms(app.p99)} (p50 ${ms(app.p50)})`,
          reference: `write floor: p99 ${ms(bare.p99)}`,
          ratio: `×${slower.toFixed(2)}`,
          budget: `p99 ≤ ${WRITE_P99_TIMES} × the floor's`,
          ok: slower <= WRITE_P99_TIMES && !app.bad && !bare.bad,
        },
      );
    }
    return rows;
  } finally {
    await floor.stop();
  }
}

/** The write floor on a snapshot of the app's database (VACUUM INTO, taken while the app runs), for its accounts. */
async function startFloor(ctx: Context, file: string, dir: string): Promise<Child> {
  mkdirSync(dir);
  const copy = join(dir, "habit-streaks.db");
  const source = new Database(file, { readonly: true });
  try {
    source.prepare("vacuum into ?").run(copy);
  } finally {
    source.close();
  }
  const users: Record<string, string> = {};
  for (const { cookie } of ctx.accounts) {
    const res = await rawRequest(`${ctx.url}/api/auth/get-session`, { headers: { cookie } });
    users[cookie] = json<{ user: { id: string } }>(res).user.id;
  }
  const usersFile = join(dir, "users.json");
  writeFileSync(usersFile, JSON.stringify(users));
  // BENCH_NODE_ARGS, which startAppServer puts before the app's, go before the floor's too.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return startScriptServer(join(import.meta.dirname, "push-floor-server.ts"), [copy, usersFile], nodeArgs);
}

/** Item 2's large account: its first sync, then its day-to-day requests against a small account's, same run. */
async function largeRows(ctx: Context): Promise<Row[]> {
  const { o, url, h, today, accounts } = ctx;
  const started = performance.now();
  const backup = decadeBackup(today);
  const big = await newAccount(url, backup);
  const days = backup.reduce((n, habit) => n + habit.completedDates.length, 0);
  o.log(
    `50 habits × 10 years (${days} days) imported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The first sync as scripts/bench-sync.ts measures it, over loopback: from each request to its last byte, summed
  // over the pages (an upper bound of the server's time), best of five after a warm-up.
  const firstSync = async () => {
    const total = { ms: 0, bytes: 0, json: 0, pages: 0, cursor: "" };
    for (let more = true; more;) {
      const start = performance.now();
      const res = await rawRequest(`${url}/api/sync?cursor=${total.cursor}`, { headers: h.read(big) });
      total.ms += performance.now() - start;
      const pull = json<Pull>(res);
      total.bytes += res.body.length;
      total.json += JSON.stringify(pull).length;
      total.pages++;
      total.cursor = pull.cursor;
      more = pull.more;
    }
    return total;
  };
  await firstSync();
  const syncs = [];
  for (let i = 0; i < 5; i++) syncs.push(await firstSync());
  const best = syncs.reduce((a, b) => (b.ms < a.ms ? b : a));
  o.log(`first sync: ${syncs.map((s) => s.ms.toFixed(1)).join(", ")} ms`);

  // Day-to-day: the in-sync pull and a tick, each with 50 connections on one account, the large one and a small one.
  const small = accounts[0]!;
  const smallCursor = await pullAll(url, h.read(small));
  await inSyncPull(url, h.read(big), best.cursor);
  await inSyncPull(url, h.read(small), smallCursor);
  const pulls = (account: BenchAccount, cursor: string): LoadRequest[] => [
    { path: `/api/sync?cursor=${cursor}`, headers: h.read(account) },
  ];
  const [bigPull, smallPull] = await compare(ctx, "in-sync pull, large | small", [
    { url, requests: pulls(big, best.cursor) },
    { url, requests: pulls(small, smallCursor) },
  ]);
  const habitOf = (account: BenchAccount) => {
    const next = roundRobin(20);
    return () => ({ account, habitId: account.habitIds[next()]! });
  };
  const [bigTick, smallTick] = await compare(ctx, "tick, large | small", [
    { url, requests: toggles(ctx, "push", habitOf(big)) },
    { url, requests: toggles(ctx, "push", habitOf(small)) },
  ]);
  const costRow = (what: string, large: Summary, reference: Summary): Row => {
    const cost = reference.rps / large.rps;
    return {
      what,
      figure: loadFigure(large),
      reference: `20 habits × 365 days: ${loadFigure(reference)}`,
      ratio: `cost ×${cost.toFixed(2)}`,
      budget: `cost ≤ ×${LARGE_COST}`,
      ok: cost <= LARGE_COST && !large.bad && !reference.bad,
    };
  };
  return [
    {
      what: `first sync, 50 habits × 10 years (${days} days), ${best.pages} pages: time`,
      figure: `${ms(best.ms)} best of 5 (median ${ms(median(syncs.map((s) => s.ms)))})`,
      reference: "—",
      ratio: "—",
      budget: `≤ ${FIRST_SYNC_MS} ms`,
      ok: best.ms <= FIRST_SYNC_MS,
    },
    {
      what: "first sync, 50 habits × 10 years: size",
      figure: `${kib(best.bytes)} on the wire (${kib(best.json)} JSON)`,
      reference: "—",
      ratio: "—",
      budget: `≤ ${kib(FIRST_SYNC_BYTES)}`,
      ok: best.bytes <= FIRST_SYNC_BYTES,
    },
    costRow("in-sync pull, 50 habits × 10 years, one account", bigPull!, smallPull!),
    costRow("tick (push setDay), 50 habits × 10 years, one account", bigTick!, smallTick!),
  ];
}

/** Item 2's memory budget: runs of mixed load (list, pull, mark, unmark per device), RSS after each. */
async function rssRows(ctx: Context, server: Child): Promise<Row[]> {
  const { o, url, h, today, accounts } = ctx;
  const idle = server.rss();
  const cursors: string[] = [];
  for (const account of accounts) cursors.push(await pullAll(url, h.read(account)));
  const next = roundRobin(accounts.length * 20);
  type Device = { i: number; habitId: string };
  const device = (context: object) => {
    const c = context as { device?: Device };
    if (!c.device) {
      const k = next();
      c.device = {
        i: k % accounts.length,
        habitId: accounts[k % accounts.length]!.habitIds[Math.floor(k / accounts.length) % 20]!,
      };
    }
    return c.device;
  };
  const setDay = (state: string): LoadRequest => ({
    setupRequest: (req, context) => {
      const { i, habitId } = device(context);
      const op = { opId: randomUUID(), type: "setDay", habitId, date: today, state };
      return {
        ...req,
        method: "POST",
        path: "/api/sync/push",
        headers: h.write(accounts[i]!),
        body: JSON.stringify({ ops: [op] }),
      };
    },
  });
  const requests: LoadRequest[] = [
    {
      setupRequest: (req, context) => ({
        ...req,
        method: "GET",
        path: "/api/habits",
        headers: h.read(accounts[device(context).i]!),
      }),
    },
    {
      setupRequest: (req, context) => {
        const { i } = device(context);
        return {
          ...req,
          method: "GET",
          path: `/api/sync?cursor=${cursors[i]}`,
          headers: h.read(accounts[i]!),
        };
      },
      // A device pulls on from where its last pull ended (small answers come uncompressed).
      onResponse: (status, body, context) => {
        if (status === 200 && body.startsWith("{"))
          cursors[device(context).i] = (JSON.parse(body) as Pull).cursor;
      },
    },
    setDay("done"),
    setDay("none"),
  ];
  const rss: number[] = [];
  const runs: LoadResult[] = [];
  for (let run = 0; run < o.rssRuns; run++) {
    runs.push(await load(url, { seconds: o.rssSeconds, requests, settle: ctx.pids }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rss.push(server.rss());
    o.log(
      `mixed load run ${run + 1}: ${reqs(runs.at(-1)!.rps)}, p99 ${ms(runs.at(-1)!.p99)}, RSS ${mib(rss.at(-1)!)}`,
    );
  }
  const s = summary(runs);
  const max = Math.max(...rss);
  const second = rss[Math.min(1, rss.length - 1)]!;
  const growth = (rss.at(-1)! - second) / second;
  const list = rss.map((r) => (r / 1024 / 1024).toFixed(0)).join(", ");
  return [
    {
      what: `server RSS after ${o.rssRuns} runs of ${o.rssSeconds} s of mixed load (${loadFigure(s)})`,
      figure: `${mib(max)} at most (runs: ${list} MiB)`,
      reference: `idle after start: ${mib(idle)}`,
      ratio: "—",
      budget: `≤ ${mib(RSS_MAX)}`,
      ok: max <= RSS_MAX && !s.bad,
    },
    {
      what: `server RSS growth, run 2 to run ${o.rssRuns}`,
      figure: `${growth >= 0 ? "+" : ""}${mib(rss.at(-1)! - second)}`,
      reference: `run 2: ${mib(second)}`,
      ratio: percent(growth),
      budget: `≤ ${percent(RSS_GROWTH)}`,
      ok: growth <= RSS_GROWTH,
    },
  ];
}
