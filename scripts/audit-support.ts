// What the audit scripts share (docs/performance.md, "npm run audit"): the two accounts every run measures, made
// on a fresh server through the app's own routes (sign-up, then an import), the main thread's tasks read from a
// Chromium trace, and the summary rows that scripts/audit-all.ts gathers into one table.
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Page } from "@playwright/test";
import { loadConfig } from "../src/server/config";
import { startServer } from "../src/server/server";
import { addDays, type BackupItem, decadeBackup, utcToday } from "./bench/accounts";

export type Profile = { id: string; label: string; backup: (last: string) => BackupItem[] };

/** 12 habits of one year each, with the same fixed-seed gaps as the decade (about one day in seventy missed). */
function yearsBackup(habits: number, years: number, last: string): BackupItem[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: habits }, (_, h) => ({
    name: `Habit ${h + 1}`,
    completedDates: Array.from({ length: years * 365 }, (_, d) => addDays(last, -d)).filter(
      () => random() > 1 / 70,
    ),
  }));
}

/** The accounts, every run the same data: done up to yesterday, today left for the tick to mark. */
export const PROFILES: Profile[] = [
  { id: "12x1", label: "12 habits × 1 year", backup: (last) => yearsBackup(12, 1, last) },
  { id: "50x10", label: "50 habits × 10 years", backup: decadeBackup },
];

export const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
export const machine = () => `${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}`;

/** A free loopback port: the server's BASE_URL must name the port the browser uses (sign-in checks origins). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export type AuditServer = { origin: string; stop: () => Promise<void> };

/** A fresh server on loopback with its own data folder (WEB_DIR=<folder> serves another build than dist/web). */
export async function startAuditServer(): Promise<AuditServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "hs-audit-"));
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BASE_URL: `http://localhost:${port}`,
    LOG_LEVEL: "silent",
    ...(process.env.WEB_DIR && { WEB_DIR: process.env.WEB_DIR }),
    USER_MAX_DAYS: "200000", // the decade holds about 180,000 days
  });
  const server = await startServer(config);
  return {
    origin: config.baseUrl,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up an account for `profile` and imports its habits; returns the session cookie ("a=b; c=d"). */
export async function signUpWith(origin: string, profile: Profile): Promise<string> {
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: "Audit",
      email: `audit-${profile.id}@example.com`,
      password: "audit-password-1",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const imported = await fetch(`${origin}/api/habits`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify(profile.backup(addDays(utcToday(), -1))),
  });
  if (!imported.ok) throw new Error(`the import answered ${imported.status}: ${await imported.text()}`);
  return cookie;
}

/**
 * Waits until the page has run no long task for `quietMs` (the store's sync, the IndexedDB writes after a load).
 * The long tasks are watched from now on, and those the page buffered (a longtask observer's own buffer).
 */
export async function settle(page: Page, quietMs = 1500, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  await page.evaluate(() => {
    const w = window as unknown as { __settleEnd?: number };
    if (w.__settleEnd !== undefined) return;
    // From now: a long task before the observer, where the platform keeps none for it, cannot end the wait early.
    w.__settleEnd = performance.now();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__settleEnd = Math.max(w.__settleEnd!, e.startTime + e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const quiet = (quietMs: number) =>
    performance.now() - (window as unknown as { __settleEnd: number }).__settleEnd >= quietMs;
  while (!(await page.evaluate(quiet, quietMs))) {
    if (Date.now() > until) throw new Error("the page never went quiet");
    await page.waitForTimeout(250);
  }
}

// ---- Tasks from a Chromium trace (the JSON of Tracing, as Lighthouse's --save-assets or Playwright writes it) ----

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  cat?: string;
  args?: {
    name?: string;
    data?: { url?: string; scriptName?: string };
    fileName?: string;
    chrome_mojo_event_info?: { mojo_interface_tag?: string };
    src_func?: string;
  };
};
/** A top-level task of the page's main thread, in trace microseconds, with the script that took most of it. */
export type Task = { start: number; end: number; ms: number; script: string; layout: boolean };

/** Script events whose URL names the script a task ran (the widest per task wins the task's attribution). */
const SCRIPT_EVENTS = new Set([
  "EvaluateScript",
  "FunctionCall",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "v8.parseOnBackground",
  "ParseHTML",
]);
/** A task of the thread's loop: RunTask where the devtools categories are on (Lighthouse), else the scheduler's. */
const isTask = (e: TraceEvent) =>
  e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
const scriptUrl = (e: TraceEvent) => e.args?.data?.url || e.args?.fileName || e.args?.data?.scriptName || "";
/** The file's name, short enough for a table (an inline script or the document shows as its page's path). */
export const shortUrl = (url: string) =>
  url ? basename(new URL(url, "http://x/").pathname) || "/" : "(no script)";

export function traceEvents(json: unknown): TraceEvent[] {
  return (Array.isArray(json) ? json : (json as { traceEvents: TraceEvent[] }).traceEvents) as TraceEvent[];
}

/**
 * The top-level tasks of the renderer main thread that ran the page: where `pick` says so, else the
 * busiest CrRendererMain. Each is attributed to the script whose events cover most of it.
 */
export function mainThreadTasks(events: TraceEvent[], pick?: (e: TraceEvent) => boolean): Task[] {
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const busy = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (isTask(e) ? (e.dur ?? 0) : 0), 0);
  const threads = [...byThread.values()];
  const chosen =
    (pick && threads.find((list) => list.some(pick))) ?? threads.sort((a, b) => busy(b) - busy(a))[0] ?? [];
  const sorted = chosen
    .filter((e) => e.ph === "X")
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: (Task & { urls: Map<string, number>; coveredTo: number; widest: [string, number] })[] = [];
  let current: (typeof tasks)[number] | undefined;
  for (const e of sorted) {
    const end = e.ts + (e.dur ?? 0);
    if (isTask(e) && (!current || e.ts >= current.end)) {
      current = {
        start: e.ts,
        end,
        ms: (e.dur ?? 0) / 1000,
        script: "",
        layout: false,
        urls: new Map(),
        coveredTo: 0,
        widest: ["", 0],
      };
      tasks.push(current);
      continue;
    }
    if (!current || e.ts >= current.end) continue;
    if (e.name === "Layout") current.layout = true;
    // Where no script event ran: the widest event of the browser's own work (style, layout, a collection) names the
    // task, else the scheduler's (a microtask checkpoint runs promise callbacks, with no script event of their own).
    const rank = (e.cat?.startsWith("toplevel") ? 0 : 1e12) + (e.dur ?? 0);
    // A message's interface says what it brought (IndexedDB's results, for one).
    const what = e.args?.chrome_mojo_event_info?.mojo_interface_tag?.replace(/^blink\.mojom\./, "") ?? e.name;
    if (!isTask(e) && rank > current.widest[1]) current.widest = [what, rank];
    // Else the source function that posted the task (Chromium's own name for it).
    if (isTask(e) && current.widest[0] === "" && e.args?.src_func) current.widest = [e.args.src_func, 0];
    // Script time counted once: an event nested in one already counted adds nothing.
    if (SCRIPT_EVENTS.has(e.name) && e.ts >= current.coveredTo) {
      const url = scriptUrl(e);
      if (!url) continue;
      current.urls.set(url, (current.urls.get(url) ?? 0) + (e.dur ?? 0));
      current.coveredTo = end;
    }
  }
  if (tasks.length === 0) throw new Error("the trace has no task of the page's main thread");
  return tasks.map(({ urls, coveredTo: _, widest, ...task }) => {
    const top = [...urls].sort((a, b) => b[1] - a[1])[0];
    return { ...task, script: top ? shortUrl(top[0]) : `no script: ${widest[0] || "nothing traced inside"}` };
  });
}

// ---- Summary rows, gathered by scripts/audit-all.ts ----

/** One budget's figures over the runs: `ok` false when any run misses it, null for information. */
export type SummaryRow = {
  source: string;
  account: string;
  what: string;
  figures: string;
  budget: string;
  ok: boolean | null;
};

/** Appends rows to the file AUDIT_SUMMARY names (one JSON object a line), when it names one. */
export function writeSummary(rows: SummaryRow[], extra?: Record<string, unknown>): void {
  const path = process.env.AUDIT_SUMMARY;
  if (!path) return;
  for (const row of rows) appendFileSync(path, `${JSON.stringify({ type: "row", ...row })}\n`);
  if (extra) appendFileSync(path, `${JSON.stringify({ type: "extra", ...extra })}\n`);
}

export const verdict = (ok: boolean | null) => (ok === null ? "" : ok ? "OK" : "OVER");

export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((line) => (line[i] ?? "").length)));
  const line = (values: string[]) => `| ${values.map((v, i) => (v ?? "").padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** Milliseconds, to a tenth where a budget edge (50 or 100 ms) could hide in the rounding. */
export const ms = (x: number) => `${x < 1000 ? x.toFixed(1) : Math.round(x)} ms`;
