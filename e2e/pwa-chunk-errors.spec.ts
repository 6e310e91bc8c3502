// A page whose code chunk fails to load is retried, and after the retries says so and offers a reload; never a blank
// page. Service workers stay blocked here, so page.route sees every chunk request.
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { openToday, row, seedHabits } from "./support/habits";
import { gotoApp } from "./support/page-clock";
import { statsCopy } from "../src/web/features/stats/stats-copy";

const STATS_CHUNK = "**/assets/stats-page-*.js";
const CHUNK_ERRORS = /Failed to load resource|Failed to fetch dynamically imported module|error occurred in/;

test("a page chunk that fails once loads on the retry", async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(CHUNK_ERRORS);
  await openToday(page);
  let requests = 0;
  await page.route(STATS_CHUNK, (route) => (++requests === 1 ? route.abort("failed") : route.continue()));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: messages.shell.stats })
    .click();
  await expect(page.getByRole("heading", { name: statsCopy.title, level: 1 })).toBeVisible();
  expect(requests).toBe(2);
  await expect(page.getByTestId("page-load-failed")).toHaveCount(0);
});

test("a page chunk that keeps failing shows a message with a reload that recovers", async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(CHUNK_ERRORS);
  await openToday(page);
  await page.route(STATS_CHUNK, (route) => route.abort("failed"));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: messages.shell.stats })
    .click();
  const failed = page.getByRole("alert").filter({ hasText: messages.pwa.pageLoadFailedTitle });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(messages.pwa.pageLoadFailed);

  await page.unroute(STATS_CHUNK);
  await failed.getByRole("button", { name: messages.pwa.reload }).click();
  await expect(page.getByRole("heading", { name: statsCopy.title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/stats$/);
});

test("the store's code, when it cannot arrive, is fetched again once the connection returns", async ({
  signedInPage: page,
  server,
  user,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(CHUNK_ERRORS);
  await seedHabits(server, user, [{ name: "Read" }]);
  let requests = 0;
  await page.route("**/assets/sync-engine-*.js", (route) => (++requests, route.abort("failed")));
  await gotoApp(page, "/");
  // The first try and retryImport's two quick retries fail; the list waits in its loading state, with no error.
  await expect.poll(() => requests).toBe(3);
  await expect(page.getByTestId("habits-loading")).toBeVisible();
  await page.unroute("**/assets/sync-engine-*.js");
  await context.setOffline(true);
  await context.setOffline(false); // the browser's "online" event
  await expect(row(page, "Read")).toBeVisible();
  await expect(page.getByTestId("page-load-failed")).toHaveCount(0);
});
