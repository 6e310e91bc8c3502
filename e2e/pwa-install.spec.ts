// The web app manifest and its icons make Chromium consider the page installable.
import { chromium } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "./support/fixtures";
import { gotoApp } from "./support/page-clock";

test.use({ serviceWorkers: "allow" });

type ManifestIcon = { src: string; sizes: string; type: string; purpose: string };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test("the manifest names the app and lists icons that load at their stated sizes", async ({
  page,
  request,
}) => {
  await gotoApp(page, "/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const res = await request.get(href ?? "");
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: "Habit Streaks",
    short_name: expect.any(String),
    description: expect.any(String),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  const icons: ManifestIcon[] = manifest.icons;
  expect(icons.filter((i) => i.purpose === "maskable").map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
  expect(icons.filter((i) => i.purpose === "any").map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
  }
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect(pngSize(await (await request.get(apple ?? "")).body())).toBe("180x180");

  // Theme colours for both colour schemes.
  const themeColours = page.locator('meta[name="theme-color"]');
  await expect(themeColours).toHaveCount(2);
  await expect(themeColours.nth(0)).toHaveAttribute("media", "(prefers-color-scheme: light)");
  await expect(themeColours.nth(1)).toHaveAttribute("media", "(prefers-color-scheme: dark)");
});

// Chromium never offers to install from an incognito profile, which every new Playwright context is: this test
// uses a profile on disk.
test("Chromium considers the page installable", async ({ launchOptions, server }) => {
  const profile = await mkdtemp(join(tmpdir(), "habit-streaks-install-"));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL: server.url });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/login");
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
