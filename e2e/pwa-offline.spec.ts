// The installable app. After one online visit the app shell opens with no network; the manifest and its icons make
// Chromium consider the page installable.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { gotoApp, reloadApp } from "./support/page-clock";

test.use({ serviceWorkers: "allow" });

/** Waits until the service worker has precached the shell and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/;

test("after one online visit the app opens offline, on every client route", async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS); // the session check
  await gotoApp(page, "/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await reloadApp(page);
  await expect(page).toHaveTitle("Habit Streaks");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const path of ["/terms", "/privacy", "/reset-password", "/stats", "/habits/some-id"]) {
    await gotoApp(page, path);
    await expect(page).toHaveTitle("Habit Streaks");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("a signed-in user's app opens offline and shows a page, never a blank one", async ({
  signedInPage: page,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  await gotoApp(page, "/");
  await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await reloadApp(page);
  await expect(page).toHaveTitle("Habit Streaks");
  // Without the session check the app still shows a page, never the load failure; the local store shows the
  // habits themselves.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("page-load-failed")).toHaveCount(0);
});

test("the API is never answered by the service worker", async ({ page, context, allowConsoleErrors }) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  await gotoApp(page, "/login");
  await waitForServiceWorker(page);
  expect(await page.evaluate(async () => (await fetch("/api/health")).status)).toBe(200);
  await context.setOffline(true);
  const offline = await page.evaluate(() =>
    fetch("/api/health").then(
      (r) => `answered ${r.status}`,
      () => "network error",
    ),
  );
  expect(offline).toBe("network error");
});

test("the service worker script and the manifest are revalidated on every visit", async ({ request }) => {
  for (const path of ["/sw.js", "/manifest.webmanifest"]) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-cache");
  }
  const page = await request.get("/");
  expect(page.headers()["content-security-policy"]).toContain("worker-src 'self'");
  expect(page.headers()["content-security-policy"]).toContain("script-src 'self'");
});
