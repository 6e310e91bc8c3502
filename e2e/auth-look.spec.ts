// The account screens in light and dark at 375 px and 1280 px (test-results/screenshots/), and axe scans.
import { messages } from "../src/core/messages";
import {
  REFUSED_REQUEST,
  expectError,
  openLogin,
  signInWith,
  switchToReset,
  switchToSignUp,
} from "./support/auth";
import { createUser, expect, test } from "./support/fixtures";
import { THEMES, expectNoSeriousA11yViolations, screenshotAll, useTheme } from "./support/page-checks";
import { gotoApp } from "./support/page-clock";

const a = messages.account;
const heading = (page: import("@playwright/test").Page, name: string) =>
  page.getByRole("heading", { name, level: 1 });

test("login views", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await openLogin(page);
  const sso = page.getByRole("button", { name: "Sign in with Test SSO" });
  await screenshotAll(page, "login-sign-in", () => expect(sso).toBeVisible());
  await signInWith(page, "nobody-here@example.com", "wrong-password");
  const error = () => expectError(page, messages.signIn.invalidCredentials);
  await error();
  await screenshotAll(page, "login-sign-in-error", error);
  await switchToSignUp(page);
  await screenshotAll(page, "login-create-account", () => expect(heading(page, a.signUpTitle)).toBeVisible());
  await page.getByRole("button", { name: a.signInButton, exact: true }).last().click();
  await switchToReset(page);
  await screenshotAll(page, "login-reset-password", () => expect(heading(page, a.resetTitle)).toBeVisible());
});

test("reset link page and legal pages", async ({ page }) => {
  await gotoApp(page, "/reset-password?token=look");
  await screenshotAll(page, "reset-password-page", () =>
    expect(heading(page, a.newPasswordTitle)).toBeVisible(),
  );
  await gotoApp(page, "/terms");
  await screenshotAll(page, "terms-page", () => expect(heading(page, a.terms)).toBeVisible());
});

test("profile", async ({ signedInPage: page }) => {
  await gotoApp(page, "/profile");
  const name = page.getByLabel(a.displayNameLabel);
  await screenshotAll(page, "profile", () => expect(name).not.toHaveValue(""));
});

for (const theme of THEMES) {
  test(`no serious accessibility violations on the account screens (${theme})`, async ({
    page,
    browser,
    server,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await openLogin(page);
    await useTheme(page, theme);
    await expect(page.getByRole("button", { name: "Sign in with Test SSO" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: a.signInButton, exact: true }).click();
    await expectError(page, messages.validation.signInRequired);
    await expectNoSeriousA11yViolations(page);
    await switchToSignUp(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: a.signInButton, exact: true }).last().click();
    await switchToReset(page);
    await expectNoSeriousA11yViolations(page);
    await gotoApp(page, "/reset-password?token=axe");
    await expect(heading(page, a.newPasswordTitle)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const user = await createUser(server);
    const context = await browser.newContext({ baseURL: server.url, colorScheme: theme });
    const signedIn = await context.newPage();
    await signedIn.clock.install();
    await gotoApp(signedIn, "/login");
    await signInWith(signedIn, user.email, user.password);
    await expect(heading(signedIn, messages.shell.today)).toBeVisible();
    await gotoApp(signedIn, "/profile");
    await expect(signedIn.getByLabel(a.displayNameLabel)).toHaveValue(user.name);
    await signedIn.getByRole("button", { name: a.saveProfile }).click();
    await expect(signedIn.getByRole("status").filter({ hasText: messages.profile.updated })).toBeVisible();
    await expectNoSeriousA11yViolations(signedIn);
    await context.close();
  });
}
