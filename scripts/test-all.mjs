#!/usr/bin/env node
// The one command that runs every check: typecheck, lint, format, build, unit + integration tests
// (SQLite and PostgreSQL), end-to-end tests in Chromium. Ends with "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

function check(name, cmd, args) {
  if (run(name, cmd, args)) results.passed++;
  else {
    results.failed++;
    failures.push(name);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

mkdirSync("test-results", { recursive: true });
check("typecheck", "npx", ["tsc", "--noEmit"]);
check("lint", "npx", ["eslint", "."]);
check("format", "npx", ["prettier", "--check", "."]);
const built = run("build", "npx", ["vite", "build"]);
if (built) results.passed++;
else {
  results.failed++;
  failures.push("build");
}
if (built) check("initial JavaScript budget", "node", ["scripts/bundle-size.mjs"]);

rmSync("test-results/vitest.json", { force: true });
const unitOk = run("unit and integration tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
]);
const vitest = readJson("test-results/vitest.json");
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  results.skipped += vitest.numPendingTests + vitest.numTodoTests;
  if (vitest.numFailedTests > 0) failures.push(`${vitest.numFailedTests} unit/integration tests`);
}
if (!unitOk && (!vitest || vitest.numFailedTests === 0)) {
  results.failed++;
  failures.push("vitest run (no result file or a suite failed to load)");
}

if (built) {
  rmSync("test-results/e2e.json", { force: true });
  const e2eOk = run("end-to-end tests", "npx", ["playwright", "test"]);
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

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ""}`,
);
process.exit(results.failed > 0 ? 1 : 0);
