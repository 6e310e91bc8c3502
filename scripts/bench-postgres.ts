// PostgreSQL at scale (docs/performance.md): two server processes (`node --import tsx src/server/main.ts`) on one
// PostgreSQL holding 2,000 accounts and 2 million completions (seeded once into .tmp/pg-scale by
// scripts/seed-postgres.ts, or here when missing), a mixed load of 50 connections split between them over many
// accounts: the list, an in-sync pull, a push of setDay done then none. Prints p50/p99/req/s and the CPU per
// request of the app and of PostgreSQL; exits 1 when the p99 is over 20 ms. `npm run bench -- --only postgres`
// prints the same rows in the bench's table.
// Usage: npx tsx scripts/bench-postgres.ts [--seconds N] [--rounds N] [--users N] [--reseed] [--app <dir>]
//   TEST_DATABASE_URL: a server of your own (database habits_scale on it) instead of the embedded cluster.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { load1, machine } from "./bench/options";
import { DEFAULT_USERS } from "./bench/pg-scale";
import { postgresRows } from "./bench/postgres-figures";
import { formatTable, missed } from "./bench/table";

const usage = `Options:
  --seconds <n>  seconds of each measured run of mixed load (default 10)
  --rounds <n>   measured runs, after a warm-up of half as long (default 3); the figures are their medians
  --users <n>    accounts seeded, 1,000 completions each (default ${DEFAULT_USERS}); fewer for development
  --reseed       seed the database again even when .tmp/pg-scale holds that seed
  --rate <n>     requests a second of the paced run (default: half the closed-loop throughput)
  --app <dir>    run another checkout's servers; the database must hold its migrations (an earlier tree refuses
                 later ones): --reseed seeds it under that checkout's schema`;

function options() {
  try {
    const { values } = parseArgs({
      options: {
        seconds: { type: "string", default: "10" },
        rounds: { type: "string", default: "3" },
        users: { type: "string", default: String(DEFAULT_USERS) },
        reseed: { type: "boolean", default: false },
        rate: { type: "string" },
        app: { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const positive = (name: string, value: string) => {
      const n = Number(value);
      if (!(n > 0)) throw new Error(`--${name}: expected a positive number, got ${value}`);
      return n;
    };
    return {
      seconds: positive("seconds", values.seconds),
      rounds: Math.round(positive("rounds", values.rounds)),
      users: Math.round(positive("users", values.users)),
      reseed: values.reseed,
      rate: values.rate === undefined ? undefined : positive("rate", values.rate),
      appDir: resolve(values.app ?? resolve(import.meta.dirname, "..")),
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

const o = options();
const log = (line: string) => console.error(`  ${line}`);
const startLoad = load1();
const started = Date.now();
console.error(`bench-postgres: ${machine()}; load average ${startLoad}; ${o.appDir}`);
const rows = await postgresRows({ ...o, log });
console.log(formatTable(rows));
console.log(
  `\n${machine()}; load average ${startLoad} at the start, ${load1()} at the end; ${Math.round((Date.now() - started) / 1000)} s`,
);
const over = missed(rows);
console.log(over.length ? `${over.length} budget(s) missed` : "every budget met");
process.exit(over.length ? 1 : 0);
