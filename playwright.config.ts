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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    // A service worker would answer later tests from its cache and hide requests from page.route; only the
    // e2e/pwa-*.spec.ts files allow it.
    serviceWorkers: "block",
    // Recording a trace costs every test, failing or not (15 to 20 % of the suite's time here); CI keeps only the
    // error, its page snapshot and the screenshot, which are what its log shows. Locally a failure keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
