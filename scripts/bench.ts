// `npm run bench`: every performance budget that a script checks, in one table, each figure beside its reference
// from the same run; exits 1 when any budget is missed. Server figures: scripts/bench/server-figures.ts (also alone
// as scripts/bench-api.ts); core: scripts/bench-core.ts; initial JavaScript: scripts/bundle-size.mjs on a fresh build.
// Usage: npx tsx scripts/bench.ts [--quick] [--only list,pull,write,large,rss,core,js] [--app <dir>] (--help)
// --only postgres (opt-in, not in the default run): two server processes on a seeded PostgreSQL of 2,000 accounts and
// 2 million completions (scripts/bench/postgres-figures.ts; alone as scripts/bench-postgres.ts).
import { bundleRow, coreRow } from "./bench/child-figures";
import { load1, machine, parseOptions, serverParts } from "./bench/options";
import { postgresRows } from "./bench/postgres-figures";
import { SERVER_PARTS, serverRows } from "./bench/server-figures";
import { formatTable, missed, type Row } from "./bench/table";

const options = parseOptions(
  process.argv.slice(2),
  [...SERVER_PARTS, "core", "js", "postgres"],
  ["postgres"],
);
const log = (line: string) => console.error(`  ${line.replaceAll("\n", "\n  ")}`);
const startLoad = load1();
const started = Date.now();
console.error(`bench: ${machine()}; load average ${startLoad}; ${options.appDir}`);

const rows: Row[] = [];
const parts = serverParts(options.parts);
if (parts.size) rows.push(...(await serverRows({ ...options, parts, log })));
if (options.parts.has("core")) rows.push(await coreRow(options.appDir, log));
if (options.parts.has("js")) rows.push(await bundleRow(options.appDir, log, options.webDir));
if (options.parts.has("postgres")) rows.push(...(await postgresRows({ ...options, log })));

console.log(formatTable(rows));
console.log(
  `\n${machine()}; load average ${startLoad} at the start, ${load1()} at the end; ${Math.round((Date.now() - started) / 1000)} s`,
);
const over = missed(rows);
console.log(over.length ? `${over.length} budget(s) missed` : "every budget met");
process.exit(over.length ? 1 : 0);
