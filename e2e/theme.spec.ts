// Theme: stored preference or system scheme; toggle; only light or dark; data-theme plus the dark class; live system
// changes followed while nothing is stored; applied before the first paint (CSP-safe).
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { STORAGE_KEYS } from "../src/core/constants";
import { openToday, setLocalStorage, storage } from "./support/habits";
import { gotoApp, reloadApp } from "./support/page-clock";

async function expectTheme(page: Page, theme: "light" | "dark") {
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", theme);
  if (theme === "dark") await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

test("follows the system scheme, live, while nothing is stored", async ({ signedInPage: page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openToday(page);
  await expectTheme(page, "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expectTheme(page, "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectTheme(page, "dark");
  expect(await storage(page, STORAGE_KEYS.theme)).toBeNull();
});

test("the toggle stores the choice, which then wins over the system", async ({ signedInPage: page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openToday(page);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expectTheme(page, "dark");
  expect(await storage(page, STORAGE_KEYS.theme)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expectTheme(page, "dark");
  await reloadApp(page);
  await expectTheme(page, "dark");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expectTheme(page, "light");
  expect(await storage(page, STORAGE_KEYS.theme)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectTheme(page, "light");
});

test("a stored value other than light or dark is ignored", async ({ signedInPage: page }) => {
  await setLocalStorage(page, { [STORAGE_KEYS.theme]: "purple" });
  await page.emulateMedia({ colorScheme: "dark" });
  await openToday(page);
  await expectTheme(page, "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expectTheme(page, "light");
});

test("the stored theme is applied before the app's code runs, by an inline script the CSP allows", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_FAILED|Failed to load/);
  await setLocalStorage(page, { [STORAGE_KEYS.theme]: "dark" });
  await page.emulateMedia({ colorScheme: "light" });
  await page.route("**/assets/*.js", (route) => route.abort()); // no React at all: only index.html's script runs
  const response = await page.goto("/");
  await expectTheme(page, "dark");
  // The served scripts (the theme's, and the one that starts the app after the first paint) are the ones the CSP
  // names by their hashes, and no other inline script may run.
  const inline = await page.locator("script:not([src])").allTextContents();
  expect(inline).toHaveLength(2);
  const hashes = inline.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(
    response?.headers()["content-security-policy"] ?? "",
  )?.[1];
  expect(scriptSrc?.split(" ")).toEqual(["'self'", "'wasm-unsafe-eval'", ...hashes]);
});

test("the theme toggle works on the public pages' shell-less routes too (no errors)", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await gotoApp(page, "/terms");
  await expectTheme(page, "dark");
});
