// Lighthouse audit of the Today page, signed in, on a fresh server (GUIDE §8: performance and accessibility >= 95).
// Usage: npm run build && npx tsx scripts/audit-lighthouse.ts [light|dark]   (Debian's Chromium; loopback only)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/server/config";
import { startServer } from "../src/server/server";

const BUDGET = 95;
type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string }>;
};
const dataDir = mkdtempSync(join(tmpdir(), "hs-lighthouse-"));
const port = 3000 + Math.floor(Math.random() * 1000) + 1000;
const config = loadConfig({
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  BASE_URL: `http://localhost:${port}`,
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
let failed = false;
try {
  for (const preset of ["mobile", "desktop"] as const) {
    const out = join(dataDir, `${preset}.json`);
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
    const lhr = JSON.parse(readFileSync(out, "utf8")) as Lhr;
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]),
    );
    const metrics = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
    ]
      .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? "?"}`)
      .join(", ");
    console.log(`${preset}: ${JSON.stringify(scores)} (${metrics})`);
    if ((scores.performance ?? 0) < BUDGET || (scores.accessibility ?? 0) < BUDGET) failed = true;
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? `Below the budget of ${BUDGET}` : `Within the budget of ${BUDGET}`);
process.exit(failed ? 1 : 0);
