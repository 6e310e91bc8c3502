// A new release takes over at once and the open page offers a reload. Building twice would be slow, and Playwright
// cannot route the browser's own fetch of a worker script: the next release is the same sw.js registered under a new
// script URL, which the browser installs and activates as a new version.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { gotoApp } from "./support/page-clock";

test.use({ serviceWorkers: "allow" });

async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** A new service worker version installs beside the page, as after a deploy. */
async function releaseNewVersion(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?release=next", { scope: "/" }));
}

test("the first install shows no update notice", async ({ page }) => {
  await gotoApp(page, "/login");
  await waitForServiceWorker(page);
  await expect(page.getByTestId("update-notice")).toHaveCount(0);
});

test("a new version shows an unobtrusive notice whose Reload loads it", async ({ page }) => {
  await gotoApp(page, "/login");
  await waitForServiceWorker(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(firstWorker).toMatch(/\/sw\.js$/);

  await releaseNewVersion(page);
  const notice = page.getByRole("status").filter({ hasText: messages.pwa.updateAvailable });
  await expect(notice).toBeVisible();
  // Nothing else on the page moves or is covered by a dialog: the login form still works.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The new version already controls the page; Reload loads the page through it. (Our app then registers plain
  // /sw.js again, which to the browser is one more new version: this simulation's artefact, not a deploy's.)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\?release=next$/);
  const [reloaded] = await Promise.all([
    page.waitForEvent("response", (r) => r.request().isNavigationRequest()),
    notice.getByRole("button", { name: messages.pwa.reload }).click(),
  ]);
  expect(reloaded.fromServiceWorker()).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the update notice can be dismissed", async ({ page }) => {
  await gotoApp(page, "/login");
  await waitForServiceWorker(page);
  await releaseNewVersion(page);
  const notice = page.getByTestId("update-notice");
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: messages.pwa.dismissUpdate }).click();
  await expect(notice).toHaveCount(0);
});
