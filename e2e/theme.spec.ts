// SPEC §4 Theme: stored preference or system scheme; toggle; only light or dark; data-theme plus the dark
// class; live system changes followed while nothing is stored; applied before the first paint (CSP-safe).
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

test("the stored theme is applied before the app's code runs, by the one inline script the CSP allows", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_FAILED|Failed to load/);
  await setLocalStorage(page, { [STORAGE_KEYS.theme]: "dark" });
  await page.emulateMedia({ colorScheme: "light" });
  await page.route("**/assets/*.js", (route) => route.abort()); // no React at all: only index.html's script runs
  const response = await page.goto("/");
  await expectTheme(page, "dark");
  // The served script is the one the CSP names by its hash, and no other inline script may run.
  const inline = page.locator("script:not([src])");
  expect(await inline.count()).toBe(1);
  const hash = createHash("sha256")
    .update((await inline.textContent()) ?? "")
    .digest("base64");
  expect(response?.headers()["content-security-policy"]).toMatch(
    new RegExp(`script-src 'self'( 'wasm-unsafe-eval')? 'sha256-${hash.replace(/[+/]/g, "\\$&")}'(;|$)`),
  );
});

test("the theme toggle works on the public pages' shell-less routes too (no errors)", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await gotoApp(page, "/terms");
  await expectTheme(page, "dark");
});
