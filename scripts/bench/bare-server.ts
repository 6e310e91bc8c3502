// The reference server of the benchmarks: a bare Hono app on @hono/node-server, as the app runs, answering every
// request with one response held in memory (status, headers and body bytes as captured from the app, gzipped
// body included). Run as its own process by scripts/bench/processes.ts; prints "port <n>" once it listens.
// Usage: npx tsx scripts/bench/bare-server.ts <response.json>   ({ status, headers: [name, value][], body: base64 })
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { readFileSync } from "node:fs";

type Captured = { status: number; headers: [string, string][]; body: string };

const file = process.argv[2];
if (!file) throw new Error("Usage: bare-server.ts <response.json>");
const captured = JSON.parse(readFileSync(file, "utf8")) as Captured;
const body = Buffer.from(captured.body, "base64");

const app = new Hono().all(
  "*",
  () => new Response(body, { status: captured.status, headers: captured.headers }),
);
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`port ${info.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
