// The server's budgets alone (`npm run bench` prints them with the core's and the initial JavaScript's):
// the app as its own process on SQLite, 50 connections over loopback, each figure against its same-run reference.
// Usage: npx tsx scripts/bench-api.ts [--quick] [--only list,pull,write,large,rss] [--app <dir>] (--help)
import { load1, machine, parseOptions, serverParts } from "./bench/options";
import { SERVER_PARTS, serverRows } from "./bench/server-figures";
import { formatTable, missed } from "./bench/table";

const options = parseOptions(process.argv.slice(2), SERVER_PARTS);
const log = (line: string) => console.error(`  ${line}`);
const startLoad = load1();
console.error(`bench-api: ${machine()}; load average ${startLoad}; ${options.appDir}`);
const rows = await serverRows({ ...options, parts: serverParts(options.parts), log });
console.log(formatTable(rows));
console.log(`\n${machine()}; load average ${startLoad} at the start, ${load1()} at the end`);
const over = missed(rows);
console.log(over.length ? `${over.length} budget(s) missed` : "every budget met");
process.exit(over.length ? 1 : 0);
