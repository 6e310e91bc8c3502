import { test, expect } from "./support/fixtures";
import { newHabitInput } from "./support/habits";

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

test("Today starts with no Content Security Policy violation (docs/decisions/0067-load-behind-the-splash.md)", async ({
  signedInPage: page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(event.violatedDirective));
  });
  await page.goto("/");
  await newHabitInput(page).fill("Read");
  await page.getByRole("button", { name: "Add habit" }).click();
  await expect(page.getByRole("button", { name: "Complete Read" })).toBeVisible();
  // The store's code and its schemas load with the list; a second start reads them from the store.
  await page.reload();
  await expect(page.getByRole("button", { name: "Complete Read" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});
