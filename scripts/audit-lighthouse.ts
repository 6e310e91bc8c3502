// Lighthouse audit of the Today page, signed in, on a fresh server (GUIDE §8: performance and accessibility >= 95).
// Usage: npm run build && npx tsx scripts/audit-lighthouse.ts [light|dark]   (Debian's Chromium; loopback only)
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/server/config";
import { startServer } from "../src/server/server";

const BUDGET = 95;
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

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
let failed = false;
try {
  for (const formFactor of ["mobile", "desktop"] as const) {
    const result = await lighthouse(`${origin}/`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      extraHeaders: { Cookie: cookie },
      formFactor,
      screenEmulation:
        formFactor === "desktop"
          ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false }
          : { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      throttlingMethod: "simulate",
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no result");
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
    console.log(`${formFactor}: ${JSON.stringify(scores)} (${metrics}) final URL ${lhr.finalDisplayedUrl}`);
    if ((scores.performance ?? 0) < BUDGET || (scores.accessibility ?? 0) < BUDGET) failed = true;
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? `Below the budget of ${BUDGET}` : `Within the budget of ${BUDGET}`);
process.exit(failed ? 1 : 0);
