// The plans of the hot queries on the seeded PostgreSQL (2,000 accounts, 2 million completions: scripts/seed-postgres.ts),
// as the app runs them: the app's own functions (session check, change counter, habit list, sync pull, write
// counter, sync push of setDay) on a connection where auto_explain logs every statement's plan with ANALYZE and
// BUFFERS and sends it back as a notice. Then the tables' sizes. Exits 1 when a plan reads a table without an index
// (a Seq Scan). LOAD 'auto_explain' needs a superuser (the embedded cluster's user is one).
// Usage: npx tsx scripts/explain-postgres.ts [--users N] [--reseed] [--account N]
import { Kysely, PostgresDialect } from "kysely";
import { parseArgs } from "node:util";
import pg from "pg";
import { createSessionLookup } from "../src/server/auth/session-lookup";
import { readPosition } from "../src/server/sync/change-hub";
import type { Database } from "../src/server/db/schema";
import { listHabits } from "../src/server/habits/habits.repo";
import { countWrite } from "../src/server/http/rate-limit.repo";
import { pullChanges } from "../src/server/sync/pull.repo";
import { pushOps } from "../src/server/sync/push.repo";
import { SYNC_DEFAULT_LIMIT } from "../src/core/sync";
import { utcToday } from "./bench/accounts";
import { DEFAULT_USERS, SCALE_SECRET, scaleDatabase, sessionCookie } from "./bench/pg-scale";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: String(DEFAULT_USERS) },
    reseed: { type: "boolean", default: false },
    account: { type: "string", default: "1000" },
  },
});
const log = (line: string) => console.error(`  ${line}`);
const database = await scaleDatabase({ users: Number(values.users), reseed: values.reseed, log });

const notices: string[] = [];
const pool = new pg.Pool({ connectionString: database.url, max: 1 });
pool.on("error", () => undefined); // the cluster stopping at the end ends the idle connection
pool.on("connect", (client) => {
  client.on("notice", (notice) => void notices.push(notice.message ?? ""));
  // Queued before any query the app sends on this connection.
  void client
    .query(
      [
        "load 'auto_explain'",
        "set auto_explain.log_min_duration = 0",
        "set auto_explain.log_analyze = on",
        "set auto_explain.log_buffers = on",
        "set auto_explain.log_level = notice",
        "set auto_explain.log_nested_statements = on",
      ].join("; "),
    )
    .catch((error: Error) => notices.push(`ERROR ${error.message}`));
});
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

let failed = false;
const seqScans: { label: string; line: string; table: string }[] = [];

async function explain(label: string, run: () => Promise<unknown>) {
  const from = notices.length;
  const started = performance.now();
  await run();
  const wall = performance.now() - started;
  const plans = notices.slice(from).filter((n) => n.includes("Query Text:") || n.startsWith("ERROR"));
  console.log(
    `\n### ${label} (${plans.length} statements, ${wall.toFixed(1)} ms in all from this process)\n`,
  );
  for (const plan of plans) {
    if (plan.startsWith("ERROR")) failed = true;
    // Statements of a transaction's own settings (set_config) plan as a Result: shown, never a table read.
    console.log(plan.replace(/\n\s*\n/g, "\n").trimEnd());
    console.log();
    for (const line of plan.split("\n")) {
      const table = /Seq Scan on "?(\w+)"?/.exec(line)?.[1];
      if (table) seqScans.push({ label, line: line.trim(), table });
    }
  }
}

try {
  await db.selectNoFrom((eb) => eb.val(1).as("one")).execute(); // the connection and its settings
  notices.length = 0;
  const client = await pool.connect();
  const { rows } = await client
    .query<{ user_id: string; token: string; email: string }>(
      `select s."userId" as user_id, s.token, u.email from session s join "user" u on u.id = s."userId"
       where u.email = $1 order by s."expiresAt" desc limit 1`,
      [`scale-${Math.min(Number(values.account), database.seed.users - 1)}@example.com`],
    )
    .finally(() => client.release());
  notices.length = 0;
  const account = rows[0];
  if (!account) throw new Error("no seeded account with a session");
  const userId = account.user_id;
  const { seed } = database;
  console.log(
    `# Plans on ${database.server}: ${seed.users} accounts, ${seed.completions} completions (seeded ${seed.seededAt}); account ${account.email}`,
  );

  const lookup = createSessionLookup(db, SCALE_SECRET, false, 0);
  await explain("session check (auth/session-lookup.ts)", async () => {
    const user = await lookup(new Headers({ cookie: sessionCookie(account.token) }), new Date());
    if (user?.id !== userId) throw new Error("the session check did not find the account");
  });
  let current = 0;
  await explain("change counter: the list's key, the in-sync pull (sync/change-hub.ts)", async () => {
    current = (await readPosition(db, userId)).current;
  });
  await explain("GET /api/habits: habits and their days (habits.repo.ts, habit-dates.repo.ts)", async () => {
    const habits = await listHabits(db, userId);
    if (!habits.length) throw new Error("the account lists no habits");
  });
  await explain("GET /api/sync, first sync from cursor 0 (sync/pull.repo.ts)", () =>
    pullChanges(db, userId, 0, SYNC_DEFAULT_LIMIT),
  );
  await explain("GET /api/sync, one change behind (sync/pull.repo.ts)", () =>
    pullChanges(db, userId, Math.max(0, current - 1), SYNC_DEFAULT_LIMIT),
  );
  await explain("write limit, every write (http/rate-limit.repo.ts)", () =>
    countWrite(db, userId, Math.floor(Date.now() / 60_000)),
  );
  const { rows: habitRows } = await pool.query<{ id: string }>(
    "select id from habits where user_id = $1 order by position limit 1",
    [userId],
  );
  notices.length = 0;
  const today = utcToday();
  for (const state of ["done", "none"] as const)
    await explain(`POST /api/sync/push, setDay ${state} on today (sync/push.repo.ts)`, async () => {
      const opId = crypto.randomUUID();
      const op = { opId, type: "setDay", habitId: habitRows[0]!.id, date: today, state } as const;
      const { results } = await pushOps(db, userId, [{ opId, op }], {
        now: new Date(),
        limits: { maxHabits: 500, maxDays: 100_000 },
        latest: today,
      });
      if (results[0]?.status !== "applied") throw new Error(`setDay ${state}: ${JSON.stringify(results[0])}`);
    });

  const { rows: sizes } = await pool.query<{
    name: string;
    rows: string;
    table: string;
    indexes: string;
    total: string;
  }>(
    `select c.relname as name, c.reltuples::bigint as rows, pg_table_size(c.oid) as table,
       pg_indexes_size(c.oid) as indexes, pg_total_relation_size(c.oid) as total
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc`,
  );
  const { rows: indexSizes } = await pool.query<{ name: string; size: string }>(
    `select indexrelname as name, pg_relation_size(indexrelid) as size from pg_stat_user_indexes
     order by pg_relation_size(indexrelid) desc limit 12`,
  );
  const mib = (bytes: string) => `${(Number(bytes) / 2 ** 20).toFixed(1)} MiB`;
  console.log("\n### Sizes (pg_table_size, pg_indexes_size, pg_total_relation_size)\n");
  console.log("| table | rows (estimate) | table | indexes | total |\n| --- | --- | --- | --- | --- |");
  for (const s of sizes)
    console.log(
      `| ${s.name} | ${Number(s.rows).toLocaleString("en-US")} | ${mib(s.table)} | ${mib(s.indexes)} | ${mib(s.total)} |`,
    );
  console.log("\n| index | size |\n| --- | --- |");
  for (const s of indexSizes) console.log(`| ${s.name} | ${mib(s.size)} |`);
  const { rows: dbSize } = await pool.query<{ size: string }>(
    "select pg_database_size(current_database()) as size",
  );
  console.log(`\ndatabase: ${mib(dbSize[0]!.size)}`);

  // A table of one page or none (empty here) is read whole: PostgreSQL's choice while it holds no rows, an index
  // once it does. Any larger table read whole fails the check.
  const { rows: pages } = await pool.query<{ name: string; pages: number }>(
    "select relname as name, relpages as pages from pg_class where relkind = 'r'",
  );
  const pagesOf = new Map(pages.map((p) => [p.name, p.pages]));
  const tiny = seqScans.filter((s) => (pagesOf.get(s.table) ?? 0) <= 1);
  const whole = seqScans.filter((s) => (pagesOf.get(s.table) ?? 0) > 1);
  if (tiny.length)
    console.log(
      `\nRead whole, tables of at most one page (empty in this seed):\n${tiny.map((s) => `- ${s.label}: ${s.table} (${pagesOf.get(s.table) ?? 0} pages)`).join("\n")}`,
    );
  if (whole.length) {
    console.log(`\nReads without an index:\n${whole.map((s) => `- ${s.label}: ${s.line}`).join("\n")}`);
    failed = true;
  } else console.log("\nEvery read of a table of more than one page goes through an index.");
} finally {
  await db.destroy();
  await database.stop();
}
process.exit(failed ? 1 : 0);
