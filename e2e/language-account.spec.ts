// The account's language on another device (docs/decisions/0072): chosen in Settings on one device, it is shown on a
// device with no choice of its own as soon as the user signs in there, without opening Settings, and kept there.
import type { Browser } from "@playwright/test";
import { test, expect, api } from "./support/fixtures";
import german from "../src/locales/de/first-screen.json" with { type: "json" };
import spanish from "../src/locales/es/first-screen.json" with { type: "json" };
import { messages } from "../src/core/messages";
import { openLogin, signInWith } from "./support/auth";
import { storage } from "./support/habits";
import { gotoApp, reloadApp, skipSplash } from "./support/page-clock";

/** A second device: a browser of its own, in English, signed out. */
async function secondDevice(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "en-US", serviceWorkers: "block" });
  const page = await context.newPage();
  await page.clock.install();
  return { context, page };
}

test("German chosen on one device is shown on another once signed in there, and kept on it", async ({
  signedInPage: page,
  browser,
  server,
  user,
}) => {
  await gotoApp(page, "/settings");
  await page.getByRole("combobox", { name: messages.language.label }).selectOption("de");
  await expect
    .poll(
      async () =>
        ((await (await api(server, user, "/api/profile")).json()) as { preferences: { language: string } })
          .preferences.language,
    )
    .toBe("de");

  const other = await secondDevice(browser, server.url);
  try {
    const device = other.page;
    // Signed out, the device knows nothing of the account: its browser's language.
    await openLogin(device);
    await expect(device.locator("html")).toHaveAttribute("lang", "en");
    await signInWith(device, user.email, user.password);
    await skipSplash(device);
    // Today, never Settings: the account's language arrives with its profile.
    await expect(device.getByRole("heading", { name: german.today.heading, level: 1 })).toBeVisible();
    await expect(device.locator("html")).toHaveAttribute("lang", "de");
    expect(await storage(device, "habitStreaksLanguage")).toBe("de");
    await reloadApp(device);
    await expect(device.getByRole("heading", { name: german.today.heading, level: 1 })).toBeVisible();
  } finally {
    await other.context.close();
  }
});

test("a language chosen on the device wins over the account's: the account's is not even asked for", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await api(server, user, "/api/profile", {
    method: "PATCH",
    body: JSON.stringify({ preferences: { language: "fr" } }),
  });
  await page.addInitScript(() => window.localStorage.setItem("habitStreaksLanguage", "es"));
  let profileReads = 0;
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/profile") profileReads++;
  });
  await gotoApp(page, "/");
  await expect(page.getByText(spanish.today.empty)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(profileReads).toBe(0);
});
