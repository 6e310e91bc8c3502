#!/usr/bin/env node
// The one command that runs every check: typecheck, lint, format, build, unit + integration tests
// (SQLite and PostgreSQL), end-to-end tests in Chromium; with NODE24_BIN (set by .ci/run), the server tests on
// SQLite and a start-up smoke test on Node 24 too. Ends with "N passed, N failed".
// The quick checks and the build run side by side (each prints its output when it ends), with better-sqlite3's
// compile when the install left it out (.ci/run does); the two test suites
// then run one after the other, as each keeps both cores busy.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** What failed, a line each, printed last (the start of a long log may be cut off where it is read). */
const failureLines = [];
const bin = (name) => `node_modules/.bin/${name}`;
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs a step; `buffered` holds its output back until it ends, so that steps running together do not interleave. */
function run(name, cmd, args, { buffered = false, env = {}, nice = false } = {}) {
  const started = Date.now();
  const header = `\n=== ${name}: ${cmd} ${args.join(" ")}`;
  if (!buffered) console.log(header);
  return new Promise((resolve) => {
    const child = spawn(nice ? "nice" : cmd, nice ? ["-n", "10", cmd, ...args] : args, {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.setEncoding("utf8").on("data", (d) => output.push(d));
    child.stderr?.setEncoding("utf8").on("data", (d) => output.push(d));
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      if (buffered) process.stdout.write(`${header}\n${output.join("")}`);
      console.log(`=== ${name}: exit ${code} in ${seconds(started)} s`);
      resolve(code === 0);
    };
    child.on("error", (error) => {
      output.push(`${error.message}\n`);
      done(null);
    });
    child.on("close", done);
  });
}

function count(name, ok) {
  if (ok) results.passed++;
  else {
    results.failed++;
    failures.push(name);
  }
  return ok;
}

const check = async (name, cmd, args, opts) => count(name, await run(name, cmd, args, opts));

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const startedAll = Date.now();
mkdirSync("test-results", { recursive: true });
rmSync("test-results/e2e.json", { force: true });

// better-sqlite3's addon, when the install left its build out (`npm install --ignore-scripts`, as .ci/run does): it
// compiles on one core for about a minute, so it goes beside the quick checks instead of before them, and they yield
// it its core (nice), as it ends last. The test suites below need it.
const addon = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";
const compile = !existsSync(addon);
const buffered = { buffered: true, nice: compile && process.platform !== "win32" };
const [, , , , built] = await Promise.all([
  !compile ||
    check("better-sqlite3's native addon", "npm", ["rebuild", "better-sqlite3"], { buffered: true }),
  check("typecheck", bin("tsc"), ["--noEmit"], buffered),
  check("lint", bin("eslint"), ["."], buffered),
  check("format", bin("prettier"), ["--check", "."], buffered),
  (async () => {
    const ok = await check("build", bin("vite"), ["build"], buffered);
    if (ok) await check("initial JavaScript budget", "node", ["scripts/bundle-size.mjs"], buffered);
    return ok;
  })(),
]);

/** A vitest run, counted test by test from its JSON report. */
async function vitestRun(name, node, args, label, report, env = {}) {
  const failuresFile = report.replace(/\.json$/, "-failures.txt");
  rmSync(report, { force: true });
  rmSync(failuresFile, { force: true });
  const ok = await run(
    name,
    node,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      ...args,
      "--reporter=default",
      "--reporter=json",
      "--reporter=./test/support/failure-reporter.ts",
      `--outputFile.json=${report}`,
    ],
    { env: { ...env, VITEST_FAILURES_FILE: failuresFile } },
  );
  // Each failure in one line, kept for the end of the log (test/support/failure-reporter.ts).
  const failed = existsSync(failuresFile) ? readFileSync(failuresFile, "utf8").trim() : "";
  if (failed) failureLines.push(`${label}:`, ...failed.split("\n").map((line) => `  ${line}`));
  const vitest = readJson(report);
  // A file that failed with no failed test (a beforeAll that threw, an import that failed) leaves its tests skipped,
  // and vitest 4 may still exit 0: each such file counts as one failure.
  const brokenFiles = (vitest?.testResults ?? []).filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  if (vitest) {
    results.passed += vitest.numPassedTests;
    results.failed += vitest.numFailedTests + brokenFiles;
    results.skipped += vitest.numPendingTests + vitest.numTodoTests;
    if (vitest.numFailedTests > 0) failures.push(`${vitest.numFailedTests} ${label}`);
    if (brokenFiles > 0) failures.push(`${brokenFiles} ${label} files that failed to run`);
  }
  if (!ok && (!vitest || vitest.numFailedTests + brokenFiles === 0)) {
    results.failed++;
    failures.push(`${label} (no result file or a suite failed to load)`);
  }
}

await vitestRun(
  "unit and integration tests",
  process.execPath,
  [],
  "unit/integration tests",
  "test-results/vitest.json",
);

const node24 = process.env.NODE24_BIN;
if (node24 && (node24 === "missing" || !existsSync(node24)))
  count("Node 24 (NODE24_BIN names no binary)", false);
else if (node24) {
  const report = "test-results/vitest-node24.json";
  // What differs on Node 24 is the runtime under the server and its SQLite driver: better-sqlite3's addon does not
  // load there, so SQLite goes through node:sqlite (decision 0021). The server's tests on SQLite prove that driver;
  // their PostgreSQL half runs the same pure-JavaScript client as on Node 20, and the repository checks under test/
  // read files, so both run on Node 20 only. The two files that test PostgreSQL alone hold no test without it.
  await vitestRun(
    "server tests on Node 24 (SQLite through node:sqlite)",
    node24,
    [
      "--project",
      "server",
      "src/server",
      "--exclude",
      "src/server/db/database.test.ts",
      "--exclude",
      "src/server/db/postgres-indexes-migration.api.test.ts",
    ],
    "server tests on Node 24",
    report,
    { TEST_POSTGRES: "off" },
  );
  await check("start-up smoke test on Node 24", "node", ["scripts/smoke-start.mjs", node24]);
}

if (built) {
  const e2eOk = await run("end-to-end tests", bin("playwright"), ["test"]);
  const e2e = existsSync("test-results/e2e.json") ? readJson("test-results/e2e.json") : null;
  if (e2e) {
    results.passed += e2e.stats.expected + e2e.stats.flaky;
    results.failed += e2e.stats.unexpected;
    results.skipped += e2e.stats.skipped;
    if (e2e.stats.unexpected > 0) failures.push(`${e2e.stats.unexpected} end-to-end tests`);
  }
  if (!e2eOk && (!e2e || e2e.stats.unexpected === 0)) {
    results.failed++;
    failures.push("playwright run (no result file or a file failed to load)");
  }
}

console.log(`\n=== all checks: ${seconds(startedAll)} s`);
if (failureLines.length) console.log(`\n${failureLines.join("\n")}`);
if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ""}`,
);
process.exit(results.failed > 0 ? 1 : 0);
