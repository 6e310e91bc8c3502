// The app's language (docs/decisions/0072): the first visit takes the browser's languages, Settings' "Language"
// applies a choice at once (no reload) and keeps it on the device and in the account; <html lang> and dir follow;
// the pseudo-locales of `?lang=` show every text of the catalogue transformed.
import type { Page } from "@playwright/test";
import { test, expect, api } from "./support/fixtures";
import { messages } from "../src/core/messages";
import german from "../src/locales/de/first-screen.json" with { type: "json" };
import { storage } from "./support/habits";
import { gotoApp, reloadApp } from "./support/page-clock";

const html = (page: Page) => page.locator("html");
const languageSelect = (page: Page) => page.getByRole("combobox", { name: "Language" });

test.describe("a browser that prefers German", () => {
  test.use({ locale: "de-AT" });

  test("shows the first visit in German's locale", async ({ signedInPage: page }) => {
    await gotoApp(page, "/");
    await expect(page.getByRole("heading", { name: german.today.heading, level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute("lang", "de");
    await expect(html(page)).toHaveAttribute("dir", "ltr");
  });
});

test("Settings' Language applies at once, and is kept on the device and in the account", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await gotoApp(page, "/settings");
  const select = languageSelect(page);
  await expect(select).toHaveValue("en");
  await expect(select.getByRole("option")).toHaveText([
    "English",
    "Deutsch",
    "Français",
    "Español",
    "Português (Brasil)",
    "العربية",
  ]);
  const marker = await page.evaluate(() => ((window as { marker?: number }).marker = Math.random()));
  await select.selectOption("ar");
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  // No reload: the page's own state is still there.
  expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(marker);
  expect(await storage(page, "habitStreaksLanguage")).toBe("ar");
  await expect
    .poll(
      async () =>
        ((await (await api(server, user, "/api/profile")).json()) as { preferences: { language: string } })
          .preferences.language,
    )
    .toBe("ar");
  await reloadApp(page);
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  // In Arabic, the select is named in Arabic.
  await page.getByTestId("settings-language").getByRole("combobox").selectOption("en");
  await expect(html(page)).toHaveAttribute("dir", "ltr");
  await expect(html(page)).toHaveAttribute("lang", "en");
});

test("the pseudo-locales turn every catalogue text, and switch back at once", async ({
  signedInPage: page,
}) => {
  await gotoApp(page, "/settings?lang=en-XA");
  await expect(page.getByRole("link", { name: /^\[Šéţţîñĝš ·+\]$/ }).first()).toBeVisible();
  await expect(html(page)).toHaveAttribute("lang", "en-XA");
  // The select's own name is in the pseudo-locale too.
  await page.getByTestId("settings-language").getByRole("combobox").selectOption("en");
  await expect(page.getByRole("link", { name: messages.shell.settings }).first()).toBeVisible();
  await gotoApp(page, "/?lang=ar-XB");
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "\u202eToday\u202c" })).toBeVisible();
});
