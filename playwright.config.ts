import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium: test tools cannot download their own browser here.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

// Debian's full Chromium, and its headless shell (package chromium-headless-shell): the same Blink and V8 without
// the browser's own interface, which costs the suite about half of its CPU time here (decision 0048). The specs that
// need what only the full browser has (the notification permission and push, a popup sent to a routed HTTPS
// provider, Settings' look before notifications are asked for) run in the full browser; the rest run in the shell
// where it is installed.
const fullChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const shellPath = process.env.CHROMIUM_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
const shell = existsSync(shellPath) ? shellPath : fullChromium;
const needFullBrowser = [
  /auth-oidc\.spec\.ts$/,
  /notifications\.spec\.ts$/,
  /reminders-push\.spec\.ts$/,
  /reminders-settings\.spec\.ts$/,
  // Its screenshots and axe check show Settings as a person first sees it, notifications not yet asked for.
  /\/settings\.spec\.ts$/,
];

export default defineConfig({
  testDir: "e2e",
  // Tests, not files, are shared out: the two workers finish together instead of one waiting on the longest file.
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]]
    : [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: fullChromium, args: chromiumArgs },
    // A service worker would answer later tests from its cache and hide requests from page.route; only the
    // e2e/pwa-*.spec.ts files allow it.
    serviceWorkers: "block",
    // Recording a trace costs every test, failing or not (15 to 20 % of the suite's time here); CI keeps only the
    // error, its page snapshot and the screenshot, which are what its log shows. Locally a failure keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", testMatch: needFullBrowser },
    {
      name: "chromium-headless-shell",
      testIgnore: needFullBrowser,
      use: { launchOptions: { executablePath: shell, args: chromiumArgs } },
    },
  ],
});
