// Today's start measured from Chromium's own trace, with no simulation (docs/performance.md, "npm run audit"): for
// each audit account (scripts/audit-support.ts), page loads of Today signed in, with the CPU unthrottled and slowed
// 4× and 6× (CDP Emulation.setCPUThrottlingRate), each recorded by Tracing from navigation until a while after Today
// accepted a tick. Per load: the main thread's busy time and its longest task from navigation to the tick accepted,
// when the tick was accepted after the splash's end, and the tasks over 50 and 100 ms during the splash and after.
//
// Definitions. Navigation: the page's time origin (performance.now() = 0). The splash's end: its first contentful
// paint plus its minimum time on screen, 1,500 ms (SPLASH_MIN_MS); the app may take it away later, which is
// printed too.
// A tick accepted: the first moment a click on the first row's tick control produces its done state (aria-pressed
// true). From navigation on, a click is sent through Chromium's input (CDP, as a finger's tap, never the page's
// JavaScript) at that control's place every 20 ms until one lands; the moment is when the page's DOM shows the done
// state (a MutationObserver's timestamp), so it includes any wait of the click behind a busy main thread. Clicks
// after that one are stopped before the app sees them; the tick is undone between loads. The tasks: top-level tasks
// (RunTask) of the page's main thread in the trace, each attributed to the script that ran most of it.
//
// Loads are warm (the store already in IndexedDB): one first load at full speed syncs the account, not measured.
// Each load starts from about:blank, as an app opened afresh.
// Budgets, every run: at 6×, the tick accepted at most 100 ms after the splash's end and no task over 100 ms;
// unthrottled, no task over 50 ms. 4× is for information. Exits 1 when a budget is missed.
// Usage: npm run build && npx tsx scripts/audit-trace.ts [--runs N] [--quick] [--keep <folder>]   (--quick: one run,
//   unthrottled and 6× only; --keep writes each load's trace there, for DevTools' Performance panel; Debian's
//   Chromium, CHROMIUM_PATH=<binary> another; WEB_DIR=<folder> serves another build than dist/web)
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { SPLASH_MIN_MS } from "../src/core/constants";
import {
  formatTable,
  load,
  machine,
  mainThreadTasks,
  ms,
  PROFILES,
  type Profile,
  settle,
  signUpWith,
  startAuditServer,
  type SummaryRow,
  type Task,
  traceEvents,
  verdict,
  writeSummary,
} from "./audit-support";

const quick = process.argv.includes("--quick");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : quick ? 1 : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number of at least 1");
const keepArg = process.argv.indexOf("--keep");
const keep = keepArg > 0 ? process.argv[keepArg + 1] : undefined;
if (keep) mkdirSync(keep, { recursive: true });
const RATES = quick ? [1, 6] : [1, 4, 6];
const CLICK_EVERY_MS = 20;
/** How long the trace goes on after the tick: the work the app defers past its first screen. */
const AFTER_TICK_MS = 2500;
const TICK_BUDGET_MS = 100;
const TASK_BUDGET_MS: Record<number, number> = { 1: 50, 6: 100 };
const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "blink.user_timing", "v8"];

/** The page's state, as the init script keeps it (window.__audit). */
type PageState = {
  tickAt: number | null;
  splashGoneAt: number | null;
  passClicks: boolean;
};

/** Runs in the page before its own scripts: notes when the first row's tick shows its done state and when the
 * splash goes, and stops the clicks that arrive after the tick (they would undo it). */
function watchPage() {
  const state: PageState = { tickAt: null, splashGoneAt: null, passClicks: false };
  (window as unknown as { __audit: PageState }).__audit = state;
  const selector = '[data-testid="habit-row"] button[aria-pressed]';
  let sawSplash = false;
  new MutationObserver(() => {
    if (state.tickAt === null && document.querySelector(selector)?.getAttribute("aria-pressed") === "true") {
      state.tickAt = performance.now();
      performance.mark("audit:tick");
      (window as unknown as { auditTicked: () => void }).auditTicked();
    }
    if (document.getElementById("splash")) sawSplash = true;
    else if (sawSplash && state.splashGoneAt === null) state.splashGoneAt = performance.now();
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["aria-pressed"],
  });
  addEventListener(
    "click",
    (event) => {
      if (state.tickAt === null || state.passClicks) return;
      event.stopImmediatePropagation();
      event.preventDefault();
    },
    true,
  );
}

const sleep = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));

type Load = {
  rate: number;
  tickAfterSplash: number;
  tickAt: number;
  splashEnd: number;
  splashGoneAt: number | null;
  busy: number;
  longestToTick: Task | undefined;
  longest: Task | undefined;
  during: Task[];
  after: Task[];
};

const server = await startAuditServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
const results = new Map<Profile, Load[]>();
try {
  for (const profile of PROFILES) {
    const cookie = await signUpWith(server.origin, profile);
    // A phone-sized window, as Lighthouse's mobile preset; no service worker, so that its caching takes no CPU.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      serviceWorkers: "block",
    });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const i = pair.indexOf("=");
        return { name: pair.slice(0, i), value: pair.slice(i + 1), url: server.origin };
      }),
    );
    let ticked: () => void = () => {};
    await context.exposeFunction("auditTicked", () => ticked());
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
    const cdp = await context.newCDPSession(page);

    // The first load syncs the whole account into IndexedDB at full speed; then the tick's place on the screen.
    const started = Date.now();
    await context.addInitScript(watchPage);
    await page.goto(server.origin);
    const toggle = page.getByTestId("habit-row").first().locator("button[aria-pressed]");
    await toggle.waitFor({ timeout: 120_000 });
    await settle(page);
    const label = (await toggle.getAttribute("aria-label"))!;
    const box = (await toggle.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    console.log(
      `${profile.label}: first sync ${((Date.now() - started) / 1000).toFixed(1)} s; ticking "${label}" (load ${load()})`,
    );
    const click = async () => {
      await cdp.send("Input.dispatchMouseEvent", {
        type: "mousePressed",
        x,
        y,
        button: "left",
        clickCount: 1,
      });
      await cdp.send("Input.dispatchMouseEvent", {
        type: "mouseReleased",
        x,
        y,
        button: "left",
        clickCount: 1,
      });
    };

    const loads: Load[] = [];
    results.set(profile, loads);
    for (const rate of RATES)
      for (let run = 1; run <= RUNS; run++) {
        // From a blank page, as an app opened afresh (and as Lighthouse loads): the app's own going, its
        // pagehide's flush and its document's teardown, is not part of its start.
        await page.goto("about:blank");
        await cdp.send("Emulation.setCPUThrottlingRate", { rate });
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        let done = false;
        const accepted = new Promise<void>((resolve) => (ticked = resolve)).then(() => (done = true));
        await page.goto(server.origin, { waitUntil: "commit" });
        const giveUp = Date.now() + 60_000;
        while (!done) {
          await click();
          if (Date.now() > giveUp) throw new Error("no tick was accepted in 60 s");
          await Promise.race([accepted, sleep(CLICK_EVERY_MS)]);
        }
        await sleep(AFTER_TICK_MS);
        const trace = traceEvents(JSON.parse((await browser.stopTracing()).toString("utf8")));
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        if (keep)
          writeFileSync(join(keep, `${profile.id}-${rate}x-${run}.trace.json`), JSON.stringify(trace));
        const state = await page.evaluate(() => ({
          ...(window as unknown as { __audit: PageState }).__audit,
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        }));
        // The tick undone, as a person would, so that every load starts from the same state.
        await page.evaluate(() => ((window as unknown as { __audit: PageState }).__audit.passClicks = true));
        await page.mouse.click(x, y);
        await page.locator(`button[aria-label="${label}"][aria-pressed="false"]`).waitFor();
        await settle(page, 1000);

        // The trace's clock against the page's: the tick's mark is in both.
        const mark = trace.find((e) => e.name === "audit:tick");
        if (!mark || state.tickAt === null) throw new Error("the tick's mark is not in the trace");
        const origin = mark.ts - state.tickAt * 1000;
        const at = (pageMs: number) => origin + pageMs * 1000;
        const splashEnd = state.fcp + SPLASH_MIN_MS;
        const tasks = mainThreadTasks(trace, (e) => e === mark).filter((t) => t.end > origin);
        const toTick = tasks.filter((t) => t.start < mark.ts);
        const busy =
          toTick.reduce((sum, t) => sum + Math.min(t.end, mark.ts) - Math.max(t.start, origin), 0) / 1000;
        const longestOf = (list: Task[]) =>
          list.reduce<Task | undefined>((a, t) => (a && a.ms >= t.ms ? a : t), undefined);
        const result: Load = {
          rate,
          tickAt: state.tickAt,
          tickAfterSplash: state.tickAt - splashEnd,
          splashEnd,
          splashGoneAt: state.splashGoneAt,
          busy,
          longestToTick: longestOf(toTick),
          longest: longestOf(tasks),
          during: tasks.filter((t) => t.start < at(splashEnd)),
          after: tasks.filter((t) => t.start >= at(splashEnd)),
        };
        loads.push(result);
        const over = (list: Task[], limit: number) => list.filter((t) => t.ms > limit).length;
        const page0 = (t: Task) => (t.start - origin) / 1000;
        console.log(
          `${profile.label}, CPU ${rate}×, run ${run}: splash painted at ${ms(state.fcp)}, its minimum ends at ` +
            `${ms(splashEnd)} (the app took it away at ${state.splashGoneAt === null ? "?" : ms(state.splashGoneAt)}); ` +
            `tick accepted at ${ms(state.tickAt)}, ${ms(result.tickAfterSplash)} after the splash's end; ` +
            `busy ${ms(busy)} to the tick, longest task ${result.longestToTick ? `${ms(result.longestToTick.ms)} (${result.longestToTick.script})` : "none"}; ` +
            `tasks over 50/100 ms: during the splash ${over(result.during, 50)}/${over(result.during, 100)}, ` +
            `after ${over(result.after, 50)}/${over(result.after, 100)} (load ${load()})`,
        );
        for (const t of tasks.filter((t) => t.ms > 50))
          console.log(
            `  task ${ms(t.ms)} at ${ms(page0(t))} (${t.script}${t.layout ? ", with layout" : ""})`,
          );
      }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

let failed = false;
const table: string[][] = [];
const summary: SummaryRow[] = [];
/** One row: every run's figure, and OK only when every run keeps the budget (max; none: information). */
const add = (account: string, rate: number, what: string, values: number[], max?: number) => {
  const ok = max === undefined ? null : values.every((v) => v <= max);
  failed ||= ok === false;
  const figures = values.map(ms).join(", ");
  const budget = max === undefined ? "" : `≤ ${ms(max)}`;
  table.push([account, `${rate}×`, what, figures, budget, verdict(ok)]);
  summary.push({ source: `trace, CPU ${rate}×`, account, what, figures, budget, ok });
};
/** Counts of tasks over `limit`, during the splash / after it, per run. */
const counts = (account: string, rate: number, loads: Load[], limit: number) => {
  const over = (list: Task[]) => list.filter((t) => t.ms > limit).length;
  const figures = loads.map((l) => `${over(l.during)}/${over(l.after)}`).join(", ");
  const what = `tasks > ${limit} ms, during the splash / after`;
  table.push([account, `${rate}×`, what, figures, "", ""]);
  summary.push({ source: `trace, CPU ${rate}×`, account, what, figures, budget: "", ok: null });
};
for (const [profile, loads] of results)
  for (const rate of RATES) {
    const of = loads.filter((l) => l.rate === rate);
    const tickBudget = rate === 6 ? TICK_BUDGET_MS : undefined;
    add(
      profile.label,
      rate,
      "tick accepted after the splash's end",
      of.map((l) => l.tickAfterSplash),
      tickBudget,
    );
    const longest = of.map((l) => l.longest?.ms ?? 0);
    add(
      profile.label,
      rate,
      "longest task, navigation to 2.5 s after the tick",
      longest,
      TASK_BUDGET_MS[rate],
    );
    add(
      profile.label,
      rate,
      "main thread busy, navigation to the tick",
      of.map((l) => l.busy),
    );
    add(
      profile.label,
      rate,
      "longest task, navigation to the tick",
      of.map((l) => l.longestToTick?.ms ?? 0),
    );
    counts(profile.label, rate, of, 50);
    counts(profile.label, rate, of, 100);
  }
console.log(
  `\nToday's start from Chromium's trace, warm loads, ${RUNS} load(s) each, every run checked (${machine()}, load average ${load()})`,
);
console.log(formatTable(["account", "CPU", "what", "runs", "budget (every run)", ""], table));
writeSummary(summary);
process.exit(failed ? 1 : 0);
