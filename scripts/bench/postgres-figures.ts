// PostgreSQL at scale (docs/performance.md): two server processes on the seeded database (pg-scale.ts), one mixed
// load of 50 connections split between them, as devices of many accounts do: the list (GET /api/habits), a pull
// when in sync, and a push of setDay marking today done then none. Budget: p99 at most 20 ms.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { utcToday, type LocalDate } from "./accounts";
import { BROWSER_ENCODINGS, json, rawRequest } from "./http-client";
import { CONNECTIONS, type LoadRequest } from "./load";
import { SCALE_SECRET, scaleDatabase, sessionCookie, type ScaleDatabase } from "./pg-scale";
import { pacedLoad } from "./paced-load";
import { settle, startAppServer, type Child } from "./processes";
import { median, ms, reqs, type Row } from "./table";

export const P99_MS = 20;
const PROCESSES = 2;
const KINDS = ["list", "pull", "push", "push"] as const;
type Kind = (typeof KINDS)[number];
/** The web app's own requests: it reads through sync, not through the list (GET /api/habits). */
const SYNC_KINDS: readonly Kind[] = ["pull", "push", "push"];

export type PostgresBenchOptions = {
  appDir: string;
  seconds: number;
  rounds: number;
  /** Accounts seeded (default 2,000); the load goes round all of them. */
  users?: number;
  reseed?: boolean;
  /** Requests a second of the paced run (the same 50 connections held to that rate); default half the
   * closed-loop throughput. */
  rate?: number;
  log: (line: string) => void;
};

type Account = { userId: string; cookie: string; habitIds: string[]; cursor: string; next: number };

type Run = {
  rps: number;
  p50: number;
  p99: number;
  byKind: Record<Kind, { n: number; p50: number; p99: number }>;
  bad: number;
  badKinds: Record<string, number>;
  seconds: number;
  /** CPU time over the run, ms per answered request: the server processes together, and PostgreSQL's. */
  appCpu: number;
  dbCpu: number;
  commits: number;
  hitRatio: number;
};

/** The accounts with a live seeded session, their habits and where their changes stand. */
async function readAccounts(url: string): Promise<Account[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Sessions last a year from the seed; a seed kept longer gets them renewed.
    await client.query(
      `update session set "expiresAt" = now() + interval '365 days' where "expiresAt" < now() + interval '7 days'`,
    );
    const { rows } = await client.query<{
      user_id: string;
      token: string;
      version: string;
      habits: string[];
    }>(
      `select distinct on (s."userId") s."userId" as user_id, s.token, st.version,
         (select array_agg(h.id order by h.position) from habits h where h.user_id = s."userId") as habits
       from session s join sync_state st on st.user_id = s."userId"
       order by s."userId", s."expiresAt" desc`,
    );
    return rows.map((r) => ({
      userId: r.user_id,
      cookie: sessionCookie(r.token),
      habitIds: r.habits,
      cursor: String(r.version),
      next: 0,
    }));
  } finally {
    await client.end();
  }
}

function headers(account: Account, today: LocalDate, origin?: string) {
  return {
    cookie: account.cookie,
    accept: "application/json",
    "accept-encoding": BROWSER_ENCODINGS,
    "x-local-date": today,
    ...(origin && { origin, "content-type": "application/json" }),
  };
}

const setDayBody = (habitId: string, date: LocalDate, state: string) =>
  JSON.stringify({ ops: [{ opId: randomUUID(), type: "setDay", habitId, date, state }] });

/** Each request kind answers as it should on each process, before the figures mean anything. */
async function check(servers: Child[], account: Account, today: LocalDate) {
  for (const server of servers) {
    const list = json<unknown[]>(
      await rawRequest(`${server.url}/api/habits`, { headers: headers(account, today) }),
    );
    if (list.length !== account.habitIds.length) throw new Error(`the list has ${list.length} habits`);
    for (const state of ["done", "none"]) {
      const pushed = json<{ results: { status: string }[]; cursor: string }>(
        await rawRequest(`${server.url}/api/sync/push`, {
          method: "POST",
          headers: headers(account, today, server.url),
          body: setDayBody(account.habitIds[0]!, today, state),
        }),
      );
      if (pushed.results[0]?.status !== "applied")
        throw new Error(`a setDay push answered ${pushed.results[0]?.status}`);
      account.cursor = pushed.cursor;
    }
    const pull = json<{ more: boolean; habits: unknown[]; completions: unknown[] }>(
      await rawRequest(`${server.url}/api/sync?cursor=${account.cursor}`, {
        headers: headers(account, today),
      }),
    );
    if (pull.more || pull.habits.length || pull.completions.length)
      throw new Error("the pull of a device in sync brought changes");
  }
}

/** One pass of a connection: the next account's list, its in-sync pull, then today marked done and none again. */
function passRequests(today: LocalDate, origin: string, pick: () => Account, list: boolean): LoadRequest[] {
  type Pass = { account?: Account; habitId?: string };
  const of = (context: object) => {
    const c = context as Pass;
    if (!c.account) {
      c.account = pick();
      c.habitId = c.account.habitIds[c.account.next++ % c.account.habitIds.length];
    }
    return c as Required<Pass>;
  };
  const cursorFrom = (body: string, context: object) => {
    if (body.startsWith("{")) of(context).account.cursor = (JSON.parse(body) as { cursor: string }).cursor;
  };
  const push = (state: string): LoadRequest => ({
    setupRequest: (req, context) => {
      const { account, habitId } = of(context);
      return {
        ...req,
        method: "POST",
        path: "/api/sync/push",
        headers: headers(account, today, origin),
        body: setDayBody(habitId, today, state),
      };
    },
    onResponse: (status, body, context) => void (status === 200 && cursorFrom(body, context)),
  });
  const listRequest: LoadRequest = {
    setupRequest: (req, context) => ({
      ...req,
      method: "GET",
      path: "/api/habits",
      headers: headers(of(context).account, today),
    }),
  };
  return [
    ...(list ? [listRequest] : []),
    {
      setupRequest: (req, context) => {
        const { account } = of(context);
        return {
          ...req,
          method: "GET",
          path: `/api/sync?cursor=${account.cursor}`,
          headers: headers(account, today),
        };
      },
      onResponse: (status, body, context) => void (status === 200 && cursorFrom(body, context)),
    },
    push("done"),
    push("none"),
  ];
}

/** CPU time, in clock ticks, of a process and every process under it (PostgreSQL's backends), ended ones too. */
function treeTicks(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(name), Number(fields[1]));
      // utime, stime, and cutime, cstime: the time of children it reaped (backends that ended during the run).
      ticks.set(
        Number(name),
        Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      );
    } catch {
      // ended meanwhile
    }
  }
  const under = (pid: number): boolean => pid === root || (pid > 1 && under(parent.get(pid) ?? 0));
  let total = 0;
  for (const [pid, n] of ticks) if (under(pid)) total += n;
  return total;
}

/** The postmaster's pid, when the server runs on this machine (its backends' parent). */
async function postmasterOf(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

async function databaseStats(client: pg.Client) {
  const { rows } = await client.query<{ commits: string; hit: string; read: string }>(
    `select xact_commit as commits, blks_hit as hit, blks_read as read from pg_stat_database
     where datname = current_database()`,
  );
  return { commits: Number(rows[0]!.commits), hit: Number(rows[0]!.hit), read: Number(rows[0]!.read) };
}

const TICK_MS = 10;

/** 50 connections split between the processes for `seconds`; latencies per response, from the steady state on. */
async function mixedLoad(
  servers: Child[],
  accounts: Account[],
  today: LocalDate,
  seconds: number,
  stats: { client: pg.Client; postmaster?: number },
  { rate, total = CONNECTIONS, list = true }: { rate?: number; total?: number; list?: boolean } = {},
): Promise<Run> {
  const kinds = list ? KINDS : SYNC_KINDS;
  const answers: { at: number; ms: number; kind: Kind }[] = [];
  const statuses = new Map<string, number>();
  const answered = new Set<unknown>();
  const sent = new Map<unknown, number>();
  let steadyFrom = Number.NaN;
  let next = 0;
  const pick = () => accounts[next++ % accounts.length]!;
  const appBefore = servers.reduce((n, s) => n + treeTicks(s.pid), 0);
  const dbBefore = stats.postmaster ? treeTicks(stats.postmaster) : 0;
  const pgBefore = await databaseStats(stats.client);
  const started = performance.now();
  if (rate) {
    // An open loop (paced-load.ts): autocannon's overallRate sends each second's quota back to back.
    const paced = await pacedLoad({
      urls: servers.map((s) => s.url),
      rate,
      seconds,
      socketsPerServer: Math.ceil(total / servers.length),
      passOf: (url) => passRequests(today, url, pick, list),
    });
    for (const { at, ms, step, status } of paced) {
      if (status >= 200 && status < 300) answers.push({ at, ms, kind: kinds[step]! });
      else statuses.set(`HTTP ${status}`, (statuses.get(`HTTP ${status}`) ?? 0) + 1);
    }
    steadyFrom = started;
  }
  const results = rate
    ? []
    : await Promise.all(
        servers.map(
          (server, i) =>
            new Promise<autocannon.Result>((resolve, reject) => {
              const connections = Math.floor(total / servers.length) + (i < total % servers.length ? 1 : 0);
              const instance = autocannon(
                {
                  url: server.url,
                  connections,
                  duration: seconds,
                  requests: passRequests(today, server.url, pick, list),
                },
                (error, result) => (error ? reject(error as Error) : resolve(result)),
              );
              instance.on("response", (client, status, _bytes, responseMs) => {
                const at = performance.now();
                const n = sent.get(client) ?? 0;
                sent.set(client, n + 1);
                if (answered.size < total) {
                  answered.add(client);
                  if (answered.size === total) steadyFrom = at;
                }
                if (status >= 200 && status < 300)
                  answers.push({ at, ms: responseMs, kind: kinds[n % kinds.length]! });
                else statuses.set(`HTTP ${status}`, (statuses.get(`HTTP ${status}`) ?? 0) + 1);
              });
            }),
        ),
      );
  const ended = performance.now();
  await settle(servers.map((s) => s.pid));
  const appTicks = servers.reduce((n, s) => n + treeTicks(s.pid), 0) - appBefore;
  const dbTicks = stats.postmaster ? treeTicks(stats.postmaster) - dbBefore : Number.NaN;
  const pgAfter = await databaseStats(stats.client);
  const from = ended - steadyFrom >= (seconds * 1000) / 4 ? steadyFrom : started;
  const steady = answers.filter((a) => a.at >= from);
  const quantiles = (list: { ms: number }[]) => {
    const sorted = list.map((a) => a.ms).sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    return { n: sorted.length, p50: at(0.5), p99: at(0.99) };
  };
  const all = quantiles(steady);
  const timeouts = results.reduce((n, r) => n + r.timeouts, 0);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const hits = pgAfter.hit - pgBefore.hit;
  return {
    rps: all.n / ((ended - from) / 1000),
    p50: all.p50,
    p99: all.p99,
    byKind: {
      list: quantiles(steady.filter((a) => a.kind === "list")),
      pull: quantiles(steady.filter((a) => a.kind === "pull")),
      push: quantiles(steady.filter((a) => a.kind === "push")),
    },
    bad: rate
      ? [...statuses.values()].reduce((n, count) => n + count, 0)
      : results.reduce((n, r) => n + r.non2xx + r.errors, 0),
    badKinds: {
      ...Object.fromEntries(statuses),
      ...(timeouts && { timeouts }),
      ...(errors > timeouts && { "connection errors": errors - timeouts }),
    },
    seconds: (ended - from) / 1000,
    appCpu: (appTicks * TICK_MS) / answers.length,
    dbCpu: (dbTicks * TICK_MS) / answers.length,
    commits: (pgAfter.commits - pgBefore.commits) / ((ended - started) / 1000),
    hitRatio: hits / (hits + pgAfter.read - pgBefore.read),
  };
}

/** pg_stat_statements, when the server has it loaded (the embedded cluster does): counts start again. */
async function resetStatements(client: pg.Client): Promise<boolean> {
  try {
    await client.query("create extension if not exists pg_stat_statements");
    await client.query("select pg_stat_statements_reset()");
    return true;
  } catch {
    return false;
  }
}

/** The statements that took most of PostgreSQL's time since the reset: calls, mean and share of the total. */
async function topStatements(client: pg.Client, limit = 10): Promise<string[]> {
  const { rows } = await client.query<{ query: string; calls: string; total: number; mean: number }>(
    `select query, calls, total_exec_time as total, mean_exec_time as mean from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())
     order by total_exec_time desc`,
  );
  const all = rows.reduce((n, r) => n + r.total, 0);
  return rows
    .slice(0, limit)
    .map(
      (r) =>
        `${((r.total / all) * 100).toFixed(1)} % ${Number(r.calls)} calls ${r.mean.toFixed(3)} ms: ${r.query.replace(/\s+/g, " ").slice(0, 140)}`,
    );
}

const brief = (r: Run) =>
  `${Math.round(r.rps)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)} (list ${ms(r.byKind.list.p99)}, pull ${ms(r.byKind.pull.p99)}, push ${ms(r.byKind.push.p99)}); CPU a request: app ${r.appCpu.toFixed(2)} ms, PostgreSQL ${r.dbCpu.toFixed(2)} ms; ${Math.round(r.commits)} commits/s, buffer hits ${(r.hitRatio * 100).toFixed(2)} %${r.bad ? `; ${r.bad} errors ${JSON.stringify(r.badKinds)}` : ""}`;

/** The rows of the PostgreSQL part: the mixed load's latency against the budget, and its breakdown. */
export async function postgresRows(o: PostgresBenchOptions): Promise<Row[]> {
  const database: ScaleDatabase = await scaleDatabase({
    users: o.users,
    reseed: o.reseed,
    appDir: o.appDir,
    log: o.log,
  });
  const servers: Child[] = [];
  const dirs: string[] = [];
  const client = new pg.Client({ connectionString: database.url });
  try {
    const accounts = await readAccounts(database.url);
    const today = utcToday();
    for (let i = 0; i < PROCESSES; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), "hs-bench-pg-"));
      dirs.push(dataDir);
      servers.push(
        await startAppServer({
          appDir: o.appDir,
          dataDir,
          env: {
            DATABASE_URL: database.url,
            AUTH_SECRET: SCALE_SECRET,
            USER_WRITE_RATE_MAX: "1000000",
          },
        }),
      );
    }
    await check(servers, accounts[0]!, today);
    await client.connect();
    const stats = { client, postmaster: await postmasterOf(database.url) };
    const { seed } = database;
    o.log(
      `${database.server}: ${seed.users} accounts, ${seed.completions} completions (seeded ${seed.seededAt}); ${PROCESSES} server processes, ${CONNECTIONS} connections, ${accounts.length} accounts in turn`,
    );
    o.log(`warm-up: ${brief(await mixedLoad(servers, accounts, today, Math.max(2, o.seconds / 2), stats))}`);
    const counting = await resetStatements(client);
    const runs: Run[] = [];
    for (let round = 0; round < o.rounds; round++) {
      runs.push(await mixedLoad(servers, accounts, today, o.seconds, stats));
      o.log(`run ${round + 1}: ${brief(runs.at(-1)!)}`);
    }
    if (counting)
      o.log(`PostgreSQL's time by statement over the runs:\n  ${(await topStatements(client)).join("\n  ")}`);
    // The same connections held to a rate under the closed loop's: latency without the queue of a saturated machine.
    const rate = o.rate ?? Math.round(median(runs.map((r) => r.rps)) / 2);
    const paced = await mixedLoad(servers, accounts, today, o.seconds, stats, { rate });
    o.log(`paced at ${rate} req/s: ${brief(paced)}`);
    // One connection to each process: what a request costs with (almost) nobody ahead of it.
    const alone = await mixedLoad(servers, accounts, today, o.seconds, stats, { total: PROCESSES });
    o.log(`${PROCESSES} connections: ${brief(alone)}`);
    // The web app's mix: an in-sync pull and the two pushes, no list.
    const sync = await mixedLoad(servers, accounts, today, o.seconds, stats, { list: false });
    o.log(`without the list: ${brief(sync)}`);
    const p99 = median(runs.map((r) => r.p99));
    const bad = runs.reduce((n, r) => n + r.bad, 0);
    const kind = (k: Kind) =>
      `p99 ${ms(median(runs.map((r) => r.byKind[k].p99)))} (p50 ${ms(median(runs.map((r) => r.byKind[k].p50)))})`;
    const what = `PostgreSQL, ${seed.users} accounts, ${(seed.completions / 1e6).toFixed(1)} M completions, ${PROCESSES} processes, ${CONNECTIONS} connections, mixed load`;
    return [
      {
        what: `${what}: latency`,
        figure: `p99 ${ms(p99)} (p50 ${ms(median(runs.map((r) => r.p50)))}), ${reqs(median(runs.map((r) => r.rps)))}${bad ? `, ${bad} errors` : ""}`,
        reference: "—",
        ratio: "—",
        budget: `p99 ≤ ${P99_MS} ms`,
        ok: p99 <= P99_MS && !bad,
      },
      {
        what: `${what}: by request`,
        figure: `list ${kind("list")}; in-sync pull ${kind("pull")}; push setDay ${kind("push")}`,
        reference: "—",
        ratio: "—",
        budget: "—",
        ok: null,
      },
      {
        what: `${what}, paced at ${reqs(rate)} (same 50 connections)`,
        figure: `p99 ${ms(paced.p99)} (p50 ${ms(paced.p50)}), ${reqs(paced.rps)}; list p99 ${ms(paced.byKind.list.p99)}, pull ${ms(paced.byKind.pull.p99)}, push ${ms(paced.byKind.push.p99)}${paced.bad ? `, ${paced.bad} errors` : ""}`,
        reference: "—",
        ratio: "—",
        budget: "—",
        ok: null,
      },
      {
        what: `${what.replace(`${CONNECTIONS} connections`, `${PROCESSES} connections (one a process)`)}`,
        figure: `p99 ${ms(alone.p99)} (p50 ${ms(alone.p50)}), ${reqs(alone.rps)}; list p99 ${ms(alone.byKind.list.p99)}, pull ${ms(alone.byKind.pull.p99)}, push ${ms(alone.byKind.push.p99)}${alone.bad ? `, ${alone.bad} errors` : ""}`,
        reference: "—",
        ratio: "—",
        budget: "—",
        ok: null,
      },
      {
        what: `${what.replace("mixed load", "the web app's mix (in-sync pull, two pushes; no list)")}`,
        figure: `p99 ${ms(sync.p99)} (p50 ${ms(sync.p50)}), ${reqs(sync.rps)}; CPU a request: app ${sync.appCpu.toFixed(2)} ms, PostgreSQL ${sync.dbCpu.toFixed(2)} ms${sync.bad ? `, ${sync.bad} errors` : ""}`,
        reference: "—",
        ratio: "—",
        budget: "—",
        ok: null,
      },
      {
        what: `${what}: CPU a request`,
        figure: `app ${median(runs.map((r) => r.appCpu)).toFixed(2)} ms, PostgreSQL ${median(runs.map((r) => r.dbCpu)).toFixed(2)} ms; ${Math.round(median(runs.map((r) => r.commits)))} commits/s`,
        reference: "—",
        ratio: "—",
        budget: "—",
        ok: null,
      },
    ];
  } finally {
    await client.end().catch(() => undefined);
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await database.stop();
  }
}
