// `npm run audit` (after `npm run build`): every web budget of docs/performance.md, one script after the other, each
// on a fresh server of its own, then one table of every figure against its budget, with Lighthouse's benchmarkIndex
// (this machine's CPU as Lighthouse measures it) and the load average. Exits 1 when any budget is missed in any run.
// Usage: npx tsx scripts/audit-all.ts [--quick] [--runs N]   (--quick: one run of each, the trace unthrottled and 6×
//   only: for development, not for the record; --runs N: N runs of each; the scripts' own options: their --help lines)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatTable, load, machine, type SummaryRow, verdict } from "./audit-support";

const quick = process.argv.includes("--quick");
const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? ["--runs", process.argv[runsArg + 1]!] : [];
const dir = mkdtempSync(join(tmpdir(), "hs-audit-all-"));
const summaryPath = join(dir, "summary.jsonl");

const steps: { what: string; command: string[] }[] = [
  { what: "initial JavaScript", command: ["node", "scripts/bundle-size.mjs"] },
  {
    what: "Lighthouse",
    command: ["npx", "tsx", "scripts/audit-lighthouse.ts", ...(quick ? ["--quick"] : []), ...runs],
  },
  {
    what: "trace",
    command: ["npx", "tsx", "scripts/audit-trace.ts", ...(quick ? ["--quick"] : []), ...runs],
  },
  {
    what: "floor",
    command: ["npx", "tsx", "scripts/audit-floor.ts", ...(quick ? ["--runs", "1"] : runs)],
  },
  {
    what: "web vitals",
    command: [
      "npx",
      "tsx",
      "scripts/audit-web-vitals.ts",
      ...(quick ? ["--runs", "1"] : runs.length ? runs : ["--runs", "3"]),
    ],
  },
];

const started = Date.now();
const startLoad = load();
const exits: { what: string; status: number | null; output: string }[] = [];
for (const step of steps) {
  console.log(`\n# ${step.what}: ${step.command.join(" ")}`);
  const output: string[] = [];
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, AUDIT_SUMMARY: summaryPath },
    });
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output.push(chunk.toString("utf8"));
    });
    child.on("close", resolve);
  });
  exits.push({ what: step.what, status, output: output.join("") });
}

let lines: Record<string, unknown>[] = [];
try {
  lines = readFileSync(summaryPath, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
} catch {
  // No script wrote a row: every step failed before its table, which the exits below say.
}
rmSync(dir, { recursive: true, force: true });
const rows = lines.filter((l) => l.type === "row") as unknown as SummaryRow[];
// The bundle script prints its total on a line of its own.
const bundle = /([\d.]+) KiB\s+initial JavaScript/.exec(exits[0]!.output)?.[1];
const table = [
  [
    "initial JavaScript, gzipped",
    "",
    "",
    bundle ? `${bundle} KiB` : "?",
    "≤ 100 KiB",
    verdict(exits[0]!.status === 0),
  ],
  ...rows.map((r) => [r.source, r.account, r.what, r.figures, r.budget, verdict(r.ok)]),
];
const indexes = lines.flatMap((l) =>
  l.type === "extra" ? ((l.benchmarkIndex as number[] | undefined) ?? []) : [],
);
console.log(
  `\nnpm run audit: ${((Date.now() - started) / 1000).toFixed(0)} s on ${machine()}; Lighthouse benchmarkIndex ` +
    `${indexes.join(", ") || "not measured"}; load average ${startLoad} at the start, ${load()} at the end`,
);
console.log(formatTable(["measure", "account", "what", "runs", "budget (every run)", ""], table));
const failedSteps = exits.filter((e) => e.status !== 0);
for (const step of failedSteps) console.log(`${step.what}: exit ${step.status}`);
console.log(
  failedSteps.length === 0 ? "every budget met" : `${failedSteps.length} script(s) missed a budget or failed`,
);
process.exit(failedSteps.length === 0 ? 0 : 1);
