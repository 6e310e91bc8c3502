// SPEC §2/§7 provider sign-in (item 5): a popup, or a full-page redirect where popups are blocked, against a
// local OpenID Connect provider; the first sign-in creates the profile; SPEC §8 provider failure texts.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { messages } from "../src/core/messages";
import { disableUser } from "../src/server/auth/user-admin";
import { expectError, openLogin, REFUSED_REQUEST, switchToSignUp } from "./support/auth";
import { expect, startE2eServer, test, type TestServer } from "./support/fixtures";
import { gotoApp, reloadApp } from "./support/page-clock";

const SSO = "Sign in with Test SSO";
const a = messages.account;

function ssoUser(server: TestServer) {
  const id = randomUUID().slice(0, 8);
  const user = { sub: `sub-${id}`, email: `sso-${id}@example.com`, name: `Sso User ${id}` };
  server.oidc.setUser(user);
  return user;
}

async function expectSignedInAs(page: Page, name: string) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
  await gotoApp(page, "/profile");
  await expect(page.getByLabel(a.displayNameLabel)).toHaveValue(name);
}

test("signs in through the provider in a popup and creates the profile on the first sign-in", async ({
  page,
  server,
}) => {
  const user = ssoUser(server);
  await openLogin(page);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: SSO }).click();
  await (await popup).waitForEvent("close");
  await expectSignedInAs(page, user.name);
  await expect(page.getByLabel(a.emailLabel)).toHaveValue(user.email);
});

test("falls back to a full-page redirect where popups are blocked", async ({ page, server }) => {
  const user = ssoUser(server);
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openLogin(page);
  await switchToSignUp(page);
  await page.getByRole("button", { name: SSO }).click();
  await expectSignedInAs(page, user.name);
});

test("shows the provider failure texts when the provider refuses, in the popup and after a redirect", async ({
  page,
  server,
}) => {
  ssoUser(server);
  await openLogin(page);
  server.oidc.denyNext();
  await page.getByRole("button", { name: SSO }).click();
  await expectError(page, a.providerSignInFailed);
  await switchToSignUp(page);
  server.oidc.denyNext();
  await page.getByRole("button", { name: SSO }).click();
  await expectError(page, a.providerSignUpFailed);

  await page.addInitScript(() => {
    window.open = () => null;
  });
  await reloadApp(page);
  server.oidc.denyNext();
  await page.getByRole("button", { name: SSO }).click();
  await expect(page).toHaveURL(/\/login$/); // back from the provider, the error read and the address cleaned
  await expectError(page, a.providerSignInFailed);
});

test("a disabled account cannot sign in through the provider either", async ({
  page,
  server,
  allowConsoleErrors,
}) => {
  // The open app's live sync is refused once the account is disabled.
  allowConsoleErrors(REFUSED_REQUEST);
  const user = ssoUser(server);
  await openLogin(page);
  const first = page.waitForEvent("popup");
  await page.getByRole("button", { name: SSO }).click();
  await (await first).waitForEvent("close");
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
  await disableUser(server.running().auth, user.email);
  await gotoApp(page, "/login");
  await page.getByRole("button", { name: SSO }).click();
  await expectError(page, messages.signIn.userDisabled);
});

test.describe("Google", () => {
  let google: TestServer;
  test.beforeAll(async () => {
    google = await startE2eServer({
      oidc: false,
      env: { GOOGLE_CLIENT_ID: "e2e-google-id", GOOGLE_CLIENT_SECRET: "e2e-google-secret" },
    });
  });
  test.afterAll(async () => {
    await google?.close();
  });

  test("shows 'Sign in with Google' when configured, and the SPEC §8 Google texts when Google refuses", async ({
    page,
  }) => {
    // Google itself is not reachable from the tests: its consent page answers "access denied" to our callback.
    await page.context().route("https://accounts.google.com/**", async (route) => {
      const asked = new URL(route.request().url());
      const back = new URL(asked.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("state", asked.searchParams.get("state") ?? "");
      back.searchParams.set("error", "access_denied");
      await route.fulfill({ status: 302, headers: { location: back.href } });
    });
    await openLogin(page, `${google.url}/login`);
    await expect(page.getByRole("button", { name: SSO })).toHaveCount(0);
    await page.getByRole("button", { name: a.google }).click();
    await expectError(page, messages.signIn.googleSignIn);
    await switchToSignUp(page);
    await page.getByRole("button", { name: a.google }).click();
    await expectError(page, messages.signIn.googleSignUp);
  });
});
