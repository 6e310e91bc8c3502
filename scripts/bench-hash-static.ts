// Time to fetch a built JS asset while 16 sign-ins hash their passwords, against the same fetch when idle
// (scrypt runs on libuv's thread pool, which static file reads share).
// Usage: npx vite build && npx tsx scripts/bench-hash-static.ts [rounds]   (loopback only; bounded in time)
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../src/server/config";
import { startServer } from "../src/server/server";

const rounds = Number(process.argv[2] ?? 3);
const SIGN_INS = 16;

const config = loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: mkdtempSync(join(tmpdir(), "hs-bench-hash-")),
  BASE_URL: "http://localhost:3999",
  SIGN_IN_RATE_MAX: "100000",
  LOG_LEVEL: "warn",
});
const assetsDir = join(config.webDir, "assets");
if (!existsSync(assetsDir)) {
  console.error(`No built web app in ${config.webDir}: run \`npx vite build\` first.`);
  process.exit(1);
}
// The largest script: the app's entry chunk, the one a first visit waits for.
const asset = readdirSync(assetsDir)
  .filter((f) => f.endsWith(".js"))
  .sort((a, b) => statSync(join(assetsDir, b)).size - statSync(join(assetsDir, a)).size)[0];
if (!asset) throw new Error(`No .js file in ${assetsDir}`);

const server = await startServer(config);
// An IP literal: resolving "localhost" would itself wait on the thread pool being measured.
const base = `http://127.0.0.1:${server.port}`;
const origin = config.baseUrl;
const account = { name: "Bench", email: "bench@example.com", password: "bench-password-1" };

const post = (path: string, body: unknown) =>
  fetch(`${base}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(body),
  }).then(async (res) => {
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  });

const fetchAsset = async (): Promise<number> => {
  const start = performance.now();
  const res = await fetch(`${base}/assets/${asset}`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/assets/${asset} answered ${res.status}`);
  return performance.now() - start;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

await post("/sign-up/email", account);
for (let i = 0; i < 5; i++) await fetchAsset(); // warm up the file cache and the connection

const idle: number[] = [];
for (let i = 0; i < 20; i++) idle.push(await fetchAsset());

// The first fetch of each round is a page load that starts while every sign-in waits for its hash.
const first: number[] = [];
const loaded: number[] = [];
let signInTime = 0;
for (let round = 0; round < rounds; round++) {
  const start = performance.now();
  let done = false;
  const signIns = Promise.all(
    Array.from({ length: SIGN_INS }, () => post("/sign-in/email", account)),
  ).finally(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 50)); // let every sign-in reach its hash
  first.push(await fetchAsset());
  while (!done) loaded.push(await fetchAsset());
  await signIns;
  signInTime += performance.now() - start;
}

const [idleMedian, firstMedian] = [median(idle), median(first)];
const all = [...first, ...loaded];
console.log(`asset: /assets/${asset} (${statSync(join(assetsDir, asset)).size} bytes)`);
console.log(`idle:                        median ${ms(idleMedian)} (${idle.length} fetches)`);
console.log(
  `during ${SIGN_INS} sign-ins, first:   median ${ms(firstMedian)} over ${rounds} rounds (${first.map(ms).join(", ")})`,
);
console.log(
  `during ${SIGN_INS} sign-ins, any:     median ${ms(median(all))}, worst ${ms(Math.max(...all))} (${all.length} fetches)`,
);
console.log(`ratio (first / idle):        ${(firstMedian / idleMedian).toFixed(1)}x`);
console.log(`${SIGN_INS} sign-ins took:           ${ms(signInTime / rounds)} on average`);

await server.stop();
rmSync(config.dataDir, { recursive: true, force: true });
