// The floor of Today's start budgets as scripts/audit-trace.ts measures them (docs/performance.md, "npm run audit"):
// a page that does only the unavoidable work of a React app, React and ReactDOM drawing one paragraph, built by
// Vite as the app is and served with the app's own security headers (server/http/security.ts), then loaded exactly
// as audit-trace.ts loads Today: Playwright's Chromium, from about:blank, warm, the CPU unthrottled and slowed 6×,
// traced. Printed: its longest task, and the time V8 spent collecting source positions
// (V8.CollectSourcePositions), which it does for a document with Cross-Origin-Opener-Policy only while DevTools is
// attached (docs/decisions/0067-load-behind-the-splash.md); the same page without that header, for comparison.
// For information: no budget is checked here.
// Usage: npx tsx scripts/audit-floor.ts [--runs N]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "vite";
import { securityHeaderList } from "../src/server/http/security";
import {
  formatTable,
  load,
  machine,
  mainThreadTasks,
  ms,
  type SummaryRow,
  traceEvents,
  writeSummary,
} from "./audit-support";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number of at least 1");
const RATES = [1, 6];

// Inside the project, so that the build resolves react from its node_modules.
mkdirSync(".tmp", { recursive: true });
const dir = mkdtempSync(join(process.cwd(), ".tmp", "floor-"));
writeFileSync(
  join(dir, "index.html"),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title></head>' +
    '<body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
);
writeFileSync(
  join(dir, "main.js"),
  'import { createElement } from "react";\nimport { createRoot } from "react-dom/client";\n' +
    'createRoot(document.getElementById("root")).render(createElement("p", null, "Habit Streaks"));\n',
);
await build({
  root: dir,
  configFile: false,
  logLevel: "silent",
  build: { outDir: join(dir, "dist"), emptyOutDir: true },
});

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript" };
let withCoop = true;
const server = createServer((request, response) => {
  const path = join(dir, "dist", request.url === "/" ? "index.html" : (request.url ?? "").split("?")[0]!);
  try {
    const body = readFileSync(path);
    const headers = securityHeaderList({ hsts: false }).filter(
      ([name]) => withCoop || name !== "Cross-Origin-Opener-Policy",
    );
    response.writeHead(200, {
      ...Object.fromEntries(headers),
      "content-type": TYPES[extname(path)] ?? "application/octet-stream",
      "cache-control": "max-age=3600",
    });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
const origin = `http://localhost:${typeof address === "object" && address ? address.port : 0}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const table: string[][] = [];
const summary: SummaryRow[] = [];
try {
  for (const coop of [true, false]) {
    withCoop = coop;
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    for (let i = 0; i < 3; i++) await page.goto(origin, { waitUntil: "networkidle" });
    for (const rate of RATES) {
      const longest: number[] = [];
      const positions: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await page.goto("about:blank");
        await cdp.send("Emulation.setCPUThrottlingRate", { rate });
        await browser.startTracing(page, {
          categories: ["toplevel", "devtools.timeline", "v8", "disabled-by-default-v8.compile"],
        });
        await page.goto(origin, { waitUntil: "networkidle" });
        const trace = traceEvents(JSON.parse((await browser.stopTracing()).toString("utf8")));
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        longest.push(Math.max(0, ...mainThreadTasks(trace).map((task) => task.ms)));
        positions.push(
          trace
            .filter((e) => e.name === "V8.CollectSourcePositions")
            .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
        );
      }
      const what = coop ? "the app's headers" : "the app's headers but COOP";
      table.push([what, `${rate}×`, longest.map(ms).join(", "), positions.map(ms).join(", ")]);
      summary.push({
        source: `floor, CPU ${rate}×`,
        account: "React alone",
        what: `longest task, ${what}`,
        figures: longest.map(ms).join(", "),
        budget: "",
        ok: null,
      });
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `The floor: React and ReactDOM drawing one paragraph, loaded as audit-trace.ts loads Today, ${RUNS} run(s) ` +
    `(${machine()}, load average ${load()})`,
);
console.log(formatTable(["page", "CPU", "longest task", "V8 collecting source positions"], table));
writeSummary(summary);
