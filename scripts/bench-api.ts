// Throughput of the habits API against a bare Hono server on the same machine (GUIDE §8).
// Usage: npx tsx scripts/bench-api.ts [seconds]   (loopback only; bounded in time)
import autocannon from "autocannon";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/server/config";
import { startServer } from "../src/server/server";

const seconds = Number(process.argv[2] ?? 5);

async function measure(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 10, duration: seconds, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const bare = new Hono().get("/", (c) => c.json({ ok: true }));
const bareServer = serve({ fetch: bare.fetch, port: 0 });
await new Promise((r) => setTimeout(r, 100));
const barePort = (bareServer.address() as { port: number }).port;

const dataDir = mkdtempSync(join(tmpdir(), "hs-bench-"));
const config = loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  BASE_URL: "http://localhost:3999",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
});
const server = await startServer(config);
const origin = config.baseUrl;
const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ name: "Bench", email: "bench@example.com", password: "bench-password-1" }),
});
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
for (let i = 0; i < 20; i++) {
  await fetch(`${server.url}/api/habits`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ name: `Habit ${i}` }),
  });
}

const bareResult = await measure(`http://127.0.0.1:${barePort}/`);
const listResult = await measure(`${server.url}/api/habits`, { cookie });
const share = ((listResult.rps / bareResult.rps) * 100).toFixed(1);
console.log(`bare Hono JSON:        ${bareResult.rps} req/s (p99 ${bareResult.p99} ms)`);
console.log(
  `GET /api/habits (20):  ${listResult.rps} req/s (p99 ${listResult.p99} ms, errors ${listResult.errors})`,
);
console.log(`share of bare throughput: ${share}%`);

bareServer.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
