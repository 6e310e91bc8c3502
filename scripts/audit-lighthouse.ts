// Lighthouse audit of the Today page, signed in, on a fresh server (docs/performance.md, "Web"). Mobile: performance
// and accessibility 100 (as Lighthouse shows them: rounded), LCP at most 1.2 s, TBT at most 50 ms, CLS at most 0.01,
// read as numbers from the report's audits; desktop: both categories at least 95. Lighthouse varies from run to
// run, so each preset runs RUNS times and each figure is the median of its runs. Prints a table with OK or OVER and
// exits 1 when a budget is missed.
// Usage: npm run build && npx tsx scripts/audit-lighthouse.ts [--runs N]   (Debian's Chromium; loopback only;
//   WEB_DIR=<folder> serves another build than dist/web; LIGHTHOUSE_REPORTS=<folder> keeps the JSON reports and
//   their traces there)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/server/config";
import { startServer } from "../src/server/server";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number of at least 1");

type Preset = "mobile" | "desktop";
type Budget = {
  what: string;
  read: (lhr: Lhr) => number;
  max?: number;
  min?: number;
  show: (x: number) => string;
};
type ShiftItem = { score?: number; node?: { snippet?: string; selector?: string } };
type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: ShiftItem[] } }>;
};

const score = (category: string) => (lhr: Lhr) => (lhr.categories[category]?.score ?? 0) * 100;
const metric = (id: string) => (lhr: Lhr) => lhr.audits[id]?.numericValue ?? Number.NaN;
/** A score as Lighthouse shows it (rounded), with the unrounded one beside it. */
const showScore = (x: number) => `${Math.round(x)} (${x.toFixed(1)})`;
const showMs = (x: number) => `${Math.round(x)} ms`;
const BUDGETS: Record<Preset, Budget[]> = {
  mobile: [
    { what: "performance", read: score("performance"), min: 99.5, show: showScore },
    { what: "accessibility", read: score("accessibility"), min: 99.5, show: showScore },
    { what: "largest contentful paint", read: metric("largest-contentful-paint"), max: 1200, show: showMs },
    { what: "total blocking time", read: metric("total-blocking-time"), max: 50, show: showMs },
    {
      what: "cumulative layout shift",
      read: metric("cumulative-layout-shift"),
      max: 0.01,
      show: (x) => x.toFixed(3),
    },
    { what: "first contentful paint", read: metric("first-contentful-paint"), show: showMs },
  ],
  desktop: [
    { what: "performance", read: score("performance"), min: 94.5, show: showScore },
    { what: "accessibility", read: score("accessibility"), min: 94.5, show: showScore },
    { what: "largest contentful paint", read: metric("largest-contentful-paint"), show: showMs },
    { what: "total blocking time", read: metric("total-blocking-time"), show: showMs },
    { what: "cumulative layout shift", read: metric("cumulative-layout-shift"), show: (x) => x.toFixed(3) },
  ],
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

const dataDir = mkdtempSync(join(tmpdir(), "hs-lighthouse-"));
const port = 3000 + Math.floor(Math.random() * 1000) + 1000;
const config = loadConfig({
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  BASE_URL: `http://localhost:${port}`,
  LOG_LEVEL: "silent",
  ...(process.env.WEB_DIR && { WEB_DIR: process.env.WEB_DIR }),
});
const server = await startServer(config);
const origin = config.baseUrl;
const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ name: "Audit", email: "audit@example.com", password: "audit-password-1" }),
});
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
for (const name of ["Drink water", "Read a book", "Stretch", "Journal"]) {
  await fetch(`${origin}/api/habits`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ name }),
  });
}

// Lighthouse is fetched by npx on first use rather than kept in devDependencies: it pins a dependency to
// "latest", which would make `npm ci` fail whenever that package publishes.
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
].join(" ");

/** Attempts a run gets: Lighthouse now and then fails to record its trace (NO_NAVSTART: "Please run Lighthouse
 * again"), with no figure at all; such a run is made again, and said so. */
const ATTEMPTS = 3;

async function lighthouse(preset: Preset, run: number): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(preset, run);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(
        `${preset} run ${run}: ${(error as Error).message}; running it again (attempt ${attempt + 1})`,
      );
    }
  }
}

async function lighthouseOnce(preset: Preset, run: number): Promise<Lhr> {
  const out = join(process.env.LIGHTHOUSE_REPORTS ?? dataDir, `${preset}-${run}.json`);
  const args = [
    "--yes",
    "lighthouse@12.8.2",
    `${origin}/`,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=performance,accessibility,best-practices",
    `--chrome-flags=${chromeFlags}`,
    `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
    ...(preset === "desktop" ? ["--preset=desktop"] : []),
    // Kept reports come with their traces (<preset>-<run>-0.trace.json), for DevTools' Performance panel.
    ...(process.env.LIGHTHOUSE_REPORTS ? ["--save-assets"] : []),
  ];
  // Asynchronous on purpose: this process also serves the pages Lighthouse loads.
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn("npx", args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    });
    child.on("close", resolve);
  });
  if (status !== 0) throw new Error(`lighthouse exited with ${status}`);
  return JSON.parse(readFileSync(out, "utf8")) as Lhr;
}

const reports: Record<Preset, Lhr[]> = { mobile: [], desktop: [] };
try {
  for (let run = 1; run <= RUNS; run++)
    for (const preset of ["mobile", "desktop"] as const) {
      const lhr = await lighthouse(preset, run);
      reports[preset].push(lhr);
      const figures = BUDGETS[preset].map((b) => `${b.what} ${b.show(b.read(lhr))}`).join(", ");
      console.log(`${preset} run ${run}: ${figures} (load ${load()})`);
      // What moved, when anything did: the report's own list of the largest shifts.
      for (const item of lhr.audits["layout-shifts"]?.details?.items ?? [])
        console.log(`  layout shift ${item.score?.toFixed(3)}: ${item.node?.selector} ${item.node?.snippet}`);
    }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

let failed = false;
console.log(`\nLighthouse 12.8.2 on Today signed in, median of ${RUNS} runs (load average ${load()})`);
console.log("| preset | what | median | runs | budget | |\n| --- | --- | --- | --- | --- | --- |");
for (const preset of ["mobile", "desktop"] as const)
  for (const b of BUDGETS[preset]) {
    const values = reports[preset].map(b.read);
    const m = median(values);
    const over = Number.isNaN(m) || (b.max !== undefined && m > b.max) || (b.min !== undefined && m < b.min);
    const budget =
      b.max !== undefined ? `≤ ${b.show(b.max)}` : b.min !== undefined ? `≥ ${Math.ceil(b.min)}` : "";
    failed ||= budget !== "" && over;
    const verdict = budget === "" ? "" : over ? "OVER" : "OK";
    console.log(
      `| ${preset} | ${b.what} | ${b.show(m)} | ${values.map(b.show).join(", ")} | ${budget} | ${verdict} |`,
    );
  }
process.exit(failed ? 1 : 0);
