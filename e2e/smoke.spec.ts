import { test, expect } from "./support/fixtures";

test("the server serves the web app and a healthy API", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", database: "ok" });
  const res = await page.goto("/");
  expect(res?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
  await expect(page).toHaveTitle("Habit Streaks");
});

test("a worker sets up Intl while the splash shows, then ends (docs/performance.md: TBT)", async ({
  signedInPage: page,
}) => {
  // It is ended once its Intl calls are made; a worker that failed to run would leave the page to make them. The
  // close is listened for as soon as the worker exists, so that it cannot come before the listener.
  let closed: Promise<void> | undefined;
  const started = page.waitForEvent("worker", (worker) => {
    if (!worker.url().includes("warm-intl")) return false;
    closed = new Promise<void>((resolve) => worker.once("close", () => resolve()));
    return true;
  });
  await page.goto("/");
  await started;
  await closed;
  await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
});
