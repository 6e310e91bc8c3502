// Provider sign-in: a popup, or a full-page redirect where popups are blocked, against a local OpenID Connect
// provider; the first sign-in creates the profile; the provider failure texts.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { messages } from "../src/core/messages";
import { disableUser } from "../src/server/auth/user-admin";
import { expectError, openLogin, REFUSED_REQUEST, signInInPopup, switchToSignUp } from "./support/auth";
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
  await signInInPopup(page, SSO);
  await expectSignedInAs(page, user.name);
  await expect(page.getByLabel(a.emailLabel)).toHaveValue(user.email);
  // The provider vouched for the address (email_verified): reminder mail may go to it at once
  await gotoApp(page, "/settings");
  await expect(page.getByTestId("reminder-email-verified")).toHaveText(
    messages.reminderSettings.emailVerified(user.email),
  );
  expect(server.mailbox.mails.some((m) => m.to.includes(user.email))).toBe(false); // no verification mail
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
  await signInInPopup(page, SSO);
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
  await disableUser(server.running().auth, user.email);
  await gotoApp(page, "/login");
  await page.getByRole("button", { name: SSO }).click();
  await expectError(page, messages.signIn.userDisabled);
});

test("an outcome the popup posts just as it closes still counts, signed in or refused", async ({
  page,
  server,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  // The popup's close can overtake the outcome it posted (1 sign-in in 16 on a busy machine). Here that happens
  // every time: the outcome reaches the page's listeners 1 s after the popup is closed, when Better Auth (which
  // looks every 0.5 s) has already answered POPUP_CLOSED.
  await page.addInitScript((type) => {
    const open = window.open.bind(window);
    let popup: Window | null = null;
    window.open = (...args: Parameters<typeof window.open>) => (popup = open(...args));
    const relayed = new WeakSet<Event>();
    const isOutcome = (data: unknown) =>
      typeof data === "object" && data !== null && "type" in data && data.type === type;
    // Registered before the app's code, in the capture phase: heard first, held back from every other listener.
    window.addEventListener(
      "message",
      (event) => {
        if (relayed.has(event) || !isOutcome(event.data)) return;
        event.stopImmediatePropagation();
        const relay = () => {
          if (popup && !popup.closed) return void setTimeout(relay, 100);
          setTimeout(() => {
            const again = new MessageEvent("message", { data: event.data, origin: event.origin });
            relayed.add(again);
            window.dispatchEvent(again);
          }, 1000);
        };
        relay();
      },
      true,
    );
  }, "better-auth:oauth-popup");
  const user = ssoUser(server);
  await openLogin(page);
  await signInInPopup(page, SSO);
  await expectSignedInAs(page, user.name);
  await disableUser(server.running().auth, user.email);
  await gotoApp(page, "/login");
  await signInInPopup(page, SSO);
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

  test("shows 'Sign in with Google' when configured, and the Google texts when Google refuses", async ({
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
