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
  const started = page.waitForEvent("worker", (worker) => worker.url().includes("warm-intl"));
  await page.goto("/");
  const worker = await started;
  // It ends itself once its Intl calls are made; a worker that failed to run would leave the page to make them.
  await new Promise<void>((resolve) => worker.once("close", () => resolve()));
  await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
});
