// The figures other scripts own, run as they are (each stays runnable alone) and read from their output: the core's
// streaks and stats (scripts/bench-core.ts) and the initial JavaScript (scripts/bundle-size.mjs after a build).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Row } from "./table";

const CORE_BUDGET_MS = 3;

type Ran = { code: number | null; output: string };

function run(cwd: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const output: string[] = [];
    child.stdout.setEncoding("utf8").on("data", (d: string) => void output.push(d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => void output.push(d));
    child.on("error", (error) => void output.push(error.message));
    child.on("close", (code) => resolve({ code, output: output.join("") }));
  });
}

const number = (output: string, pattern: RegExp) => {
  const found = pattern.exec(output)?.[1];
  return found === undefined ? undefined : Number(found);
};

/**
 * Item 4: streaks, best streaks, completion rates and stats for 50 habits × 10 years of every kind, with numbers,
 * skips, schedules, rule changes and vacations.
 * bench-core.ts prints a budget line "streaks+stats 50×10y: X ms (budget 3 ms) OK|OVER" and exits non-zero when
 * over; before it did, its "skips + schedules + vacations" case is the figure. Its reference is the implementation
 * from before skips, schedules and vacations, measured interleaved in the same run.
 */
export async function coreRow(appDir: string, log: (line: string) => void): Promise<Row> {
  const { code, output } = await run(appDir, ["--import", "tsx", "scripts/bench-core.ts"]);
  log(output.trim());
  const budgetLine = number(output, /streaks\+stats[^:\n]*:\s*([\d.]+)\s*ms/);
  const figure = budgetLine ?? number(output, /skips \+ schedules \+ vacations: median ([\d.]+) ms/);
  const reference = number(output, /reference[^:\n]*: median ([\d.]+) ms/);
  const what = "core: streaks and stats, 50 habits × 10 years, every kind mixed";
  const budget = `≤ ${CORE_BUDGET_MS} ms`;
  if (figure === undefined)
    return {
      what,
      figure: `bench-core.ts gave no figure (exit ${code})`,
      reference: "—",
      ratio: "—",
      budget,
      ok: false,
    };
  return {
    what,
    figure: `${figure.toFixed(2)} ms (median)`,
    reference:
      reference === undefined ? "—" : `before skips and schedules, daily habits: ${reference.toFixed(2)} ms`,
    ratio: reference === undefined ? "—" : `×${(figure / reference).toFixed(2)}`,
    budget,
    ok: figure <= CORE_BUDGET_MS && (budgetLine === undefined || code === 0),
  };
}

/**
 * Item 5: initial JavaScript, gzipped, as scripts/bundle-size.mjs counts it (its budget decides), on a build made
 * for the purpose in a folder of its own (dist/web, which others may be using, stays as it is); `webDir` measures
 * an existing build instead.
 */
export async function bundleRow(appDir: string, log: (line: string) => void, webDir?: string): Promise<Row> {
  const what = "initial JavaScript, gzipped (scripts/bundle-size.mjs)";
  const outDir = webDir ?? mkdtempSync(join(tmpdir(), "hs-bench-web-"));
  try {
    if (!webDir) {
      const build = await run(appDir, [
        "node_modules/vite/bin/vite.js",
        "build",
        "--outDir",
        outDir,
        "--emptyOutDir",
      ]);
      if (build.code !== 0) {
        log(build.output);
        return {
          what,
          figure: `the build failed (exit ${build.code})`,
          reference: "—",
          ratio: "—",
          budget: "—",
          ok: false,
        };
      }
    }
    const { code, output } = await run(appDir, ["scripts/bundle-size.mjs", outDir]);
    log(output.trim());
    const kib = number(output, /([\d.]+) KiB\s+initial JavaScript/);
    const budget = number(output, /budget ([\d.]+) KiB/);
    return {
      what,
      figure: kib === undefined ? `bundle-size.mjs gave no figure (exit ${code})` : `${kib.toFixed(2)} KiB`,
      reference: "—",
      ratio: "—",
      budget: budget === undefined ? "—" : `≤ ${budget} KiB`,
      ok: kib !== undefined && code === 0,
    };
  } finally {
    if (!webDir) rmSync(outDir, { recursive: true, force: true });
  }
}
