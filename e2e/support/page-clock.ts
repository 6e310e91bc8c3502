// The page clock in the specs (Playwright's clock, installed on every fixture page by fixtures.ts). No helper here
// depends on how much wall time passes between two calls: a busy machine makes a test slower, never wrong.
import { expect, type Locator, type Page } from "@playwright/test";
import { SPLASH_MIN_MS } from "../../src/core/constants";

/**
 * Skips the rest of the splash's minimum time (checked on its own in shell.spec.ts) after a full page
 * load, by moving the page clock on. The session request stays real: the splash still waits for it.
 */
export async function skipSplash(page: Page) {
  // React has replaced the splash of the static HTML (which has no test id) with its own, whose timer then runs.
  await expect(page.locator("#root > [role=status]:not([data-testid])")).toHaveCount(0);
  if (await page.getByTestId("splash").isVisible()) await page.clock.fastForward(SPLASH_MIN_MS);
}

/** page.goto for the app's pages, without waiting out the splash's minimum time. */
export async function gotoApp(page: Page, path: string) {
  await page.goto(path);
  await skipSplash(page);
}

/** page.reload for the app's pages, without waiting out the splash's minimum time. */
export async function reloadApp(page: Page) {
  await page.reload();
  await skipSplash(page);
}

/**
 * Stops the page's clock where it stands, so that timers fire only through page.clock.runFor: a timing can then be
 * checked to the millisecond. Resume with page.clock.resume().
 */
export async function pauseClock(page: Page): Promise<void> {
  // pauseAt needs a page time that has not passed yet when the call lands. Whatever margin is added to the time
  // just read, a busy machine can exceed it: then the clock has stopped anyway, so read it again and retry.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      if (attempt >= 10 || !String(error).includes("Cannot fast-forward to the past")) throw error;
    }
  }
}

/** With the clock paused, lets timers run in small steps until the locator shows; returns the fake ms spent. */
export async function runUntilVisible(page: Page, locator: Locator, step = 10, limit = 10_000) {
  for (let spent = 0; spent <= limit; spent += step) {
    if (await locator.isVisible()) return spent;
    await page.clock.runFor(step);
  }
  throw new Error(`not visible after ${limit} ms of page time`);
}
