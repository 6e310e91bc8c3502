// Helpers for the offline-first specs: second devices and tabs, the store's state, reopening offline.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { settingsCopy } from "../../src/web/features/settings/settings-copy";
import { signIn, type TestServer, type TestUser } from "./fixtures";
import { openToday } from "./habits";

/** Another device: a fresh browser context signed in as `user`, on Today. */
export async function openDevice(browser: Browser, server: TestServer, user: TestUser) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, server, user);
  await openToday(page);
  return { context, page };
}

/** Another tab of the same browser, on Today. */
export async function openTab(context: BrowserContext) {
  const page = await context.newPage();
  await page.clock.install();
  await openToday(page);
  return page;
}

/** Waits until this page's outbox is empty: every local write has reached the server. */
export async function expectSynced(page: Page) {
  await page.getByRole("link", { name: settingsCopy.title }).first().click();
  await expect(page.getByTestId("settings-sync").getByRole("status")).toHaveAttribute(
    "data-sync-state",
    "synced",
  );
}

/** Waits until the service worker has precached the shell and controls the page (specs that allow it). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** From now on the server refuses every pushed op, as it answers a write it does not accept (4xx per op). */
export async function refusePushes(page: Page) {
  await page.route("**/api/sync/push", async (route) => {
    const body: unknown = route.request().postDataJSON();
    const ops: unknown[] =
      typeof body === "object" && body !== null && "ops" in body && Array.isArray(body.ops) ? body.ops : [];
    const results = ops.map((op) => ({
      opId: typeof op === "object" && op !== null && "opId" in op ? op.opId : "",
      status: "rejected",
      code: "VALIDATION_FAILED",
      message: "refused",
    }));
    await route.fulfill({ json: { results, cursor: "0" } });
  });
}

export const OFFLINE_ERRORS =
  /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_FAILED|ERR_NETWORK_CHANGED|status of 50\d/;
