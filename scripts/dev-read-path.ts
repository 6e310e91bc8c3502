// The read path against bare Hono in the same run (docs/performance.md "Read path"): the habits list for 20 habits
// × 365 days against a bare server sending the same bytes from memory, an in-sync pull against a bare tiny JSON
// answer, and both for a 50 habits × 10 years account. SQLite, one process, loopback, 50 connections. A quick
// measurement for development; `npm run bench` holds the budgets.
// Usage: npx tsx scripts/dev-read-path.ts [seconds] [--gzip]
import autocannon from "autocannon";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, todayInZone } from "../src/core/local-date";
import { loadConfig } from "../src/server/config";
import { startServer } from "../src/server/server";

const seconds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const gzip = process.argv.includes("--gzip");
const CONNECTIONS = 50;

async function measure(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...headers, ...(gzip && { "accept-encoding": "gzip" }) },
  });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const dataDir = mkdtempSync(join(tmpdir(), "hs-read-"));
const config = loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  BASE_URL: "http://localhost:3999",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
  USER_MAX_DAYS: "200000",
});
const server = await startServer(config);
const origin = config.baseUrl;
const today = todayInZone(new Date(), "UTC");

async function account(email: string, habits: number, days: number) {
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name: "Bench", email, password: "bench-password-1" }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const backup = Array.from({ length: habits }, (_, h) => ({
    name: `Habit ${h + 1}`,
    completedDates: Array.from({ length: days }, (_, d) => addDays(today, -d)).filter((_, d) => d % 70 !== 3),
  }));
  const put = await fetch(`${server.url}/api/habits`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify(backup),
  });
  if (put.status !== 200) throw new Error(`import: ${put.status} ${await put.text()}`);
  // Sync to the end: the cursor an in-sync device holds.
  let cursor = "0";
  for (;;) {
    const page = (await (
      await fetch(`${server.url}/api/sync?cursor=${cursor}`, { headers: { cookie } })
    ).json()) as { cursor: string; more: boolean };
    cursor = page.cursor;
    if (!page.more) break;
  }
  const list = await (await fetch(`${server.url}/api/habits`, { headers: { cookie } })).text();
  const inSync = await (
    await fetch(`${server.url}/api/sync?cursor=${cursor}`, { headers: { cookie } })
  ).text();
  return { cookie, cursor, list, inSync };
}

const small = await account("small@example.com", 20, 365);
const large = await account("large@example.com", 50, 3650);

/** A bare Hono server answering `body` from memory as JSON. */
async function bare(body: string) {
  const app = new Hono().get("/", (c) => c.body(body, 200, { "content-type": "application/json" }));
  const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => setTimeout(r, 50));
  return { url: `http://127.0.0.1:${(s.address() as { port: number }).port}/`, close: () => s.close() };
}

const rows: string[] = [];
async function compare(label: string, path: string, cookie: string, body: string) {
  const reference = await bare(body);
  const ref = await measure(reference.url);
  reference.close();
  const app = await measure(`${server.url}${path}`, { cookie });
  const share = ((app.rps / ref.rps) * 100).toFixed(1);
  rows.push(
    `| ${label} | ${body.length} B | ${ref.rps} | ${app.rps} (p99 ${app.p99} ms, errors ${app.errors}) | ${share} % |`,
  );
  console.log(rows.at(-1));
}

console.log(`| request | body | bare Hono req/s | app req/s | share |`);
console.log(`| --- | --- | --- | --- | --- |`);
await compare("GET /api/habits, 20 × 365", "/api/habits", small.cookie, small.list);
await compare(
  "GET /api/sync in sync, 20 × 365",
  `/api/sync?cursor=${small.cursor}`,
  small.cookie,
  small.inSync,
);
await compare("GET /api/habits, 50 × 10 years", "/api/habits", large.cookie, large.list);
await compare(
  "GET /api/sync in sync, 50 × 10 years",
  `/api/sync?cursor=${large.cursor}`,
  large.cookie,
  large.inSync,
);

await server.stop();
rmSync(dataDir, { recursive: true, force: true });
