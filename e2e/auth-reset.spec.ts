// The Reset Password view, its validation and texts; the mailed link and our reset page.
import { messages } from "../src/core/messages";
import { resetPasswordCopy } from "../src/web/features/auth/reset-password-copy";
import {
  REFUSED_REQUEST,
  expectError,
  openLogin,
  requestReset,
  resetLinkIn,
  signInWith,
  switchToReset,
} from "./support/auth";
import { api, createUser, expect, test } from "./support/fixtures";
import { gotoApp, reloadApp } from "./support/page-clock";

const a = messages.account;

async function setNewPassword(page: import("@playwright/test").Page, password: string, confirm = password) {
  await page.getByLabel(a.newPasswordLabel, { exact: true }).fill(password);
  await page.getByLabel(a.confirmNewPasswordLabel).fill(confirm);
  await page.getByRole("button", { name: a.newPasswordButton }).click();
}

test("asks for an email, and maps unknown and malformed addresses to their messages", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await openLogin(page);
  await switchToReset(page);
  await page.getByRole("button", { name: a.resetButton }).click();
  await expectError(page, messages.validation.resetEmailRequired);
  await requestReset(page, "nobody-here@example.com");
  await expectError(page, messages.reset.userNotFound);
  await requestReset(page, "not-an-address");
  await expectError(page, messages.reset.invalidEmail);
});

test("shows the network message when the request cannot be sent", async ({
  page,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource|ERR_FAILED|Failed to fetch/);
  await page.route("**/api/auth/request-password-reset", (route) => route.abort("internetdisconnected"));
  await openLogin(page);
  await switchToReset(page);
  await requestReset(page, user.email);
  await expectError(page, messages.signIn.network);
});

test("resets the password through the mailed link; other sessions end and only the new password works", async ({
  page,
  browser,
  server,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  const user = await createUser(server);
  // A script's API token, made before the reset.
  const made = await api(server, user, "/api/tokens", {
    method: "POST",
    body: JSON.stringify({ name: "Script", scope: "read-only" }),
  });
  expect(made.status).toBe(201);
  const bearer = { authorization: `Bearer ${((await made.json()) as { token: string }).token}` };
  expect((await request.get("/api/habits", { headers: bearer })).status()).toBe(200);
  // Another device, signed in before the reset.
  const other = await browser.newContext({ baseURL: server.url });
  const otherPage = await other.newPage();
  await otherPage.clock.install();
  await gotoApp(otherPage, "/login");
  await signInWith(otherPage, user.email, user.password);
  await expect(otherPage.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();

  await openLogin(page);
  await switchToReset(page);
  await requestReset(page, user.email);
  await expect(page.getByRole("status").filter({ hasText: messages.reset.success })).toBeVisible();
  const link = resetLinkIn(
    await server.mailbox.waitFor(user.email, { subject: messages.account.resetMailSubject }),
  );

  await gotoApp(page, link);
  await expect(page.getByRole("heading", { name: a.newPasswordTitle, level: 1 })).toBeVisible();
  // Said before the change: the account's API tokens end with the password.
  await expect(page.getByText(resetPasswordCopy.endsAccess)).toBeVisible();
  await setNewPassword(page, "first-choice", "second-choice");
  await expectError(page, messages.validation.passwordsDoNotMatch);
  await setNewPassword(page, "short");
  await expectError(page, messages.validation.passwordTooShort);
  await setNewPassword(page, "sunshine");
  await expectError(page, messages.signUp.weakPassword);
  await setNewPassword(page, "a much better passphrase");
  await expect(page.getByRole("status").filter({ hasText: a.newPasswordDone })).toBeVisible();
  expect((await request.get("/api/habits", { headers: bearer })).status()).toBe(401);

  await reloadApp(otherPage);
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();

  await page.getByRole("link", { name: a.goToSignIn }).click();
  await signInWith(page, user.email, user.password);
  await expectError(page, messages.signIn.invalidCredentials);
  await signInWith(page, user.email, "a much better passphrase");
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
});

test("a used, unknown or missing token says the link is invalid", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await gotoApp(page, "/reset-password?token=not-a-real-token");
  await setNewPassword(page, "a much better passphrase");
  await expectError(page, a.resetLinkInvalid);
  await gotoApp(page, "/reset-password");
  await expectError(page, a.resetLinkInvalid);
  await page.getByRole("link", { name: a.resetTitle }).click();
  await expect(page.getByRole("heading", { name: a.resetTitle, level: 1 })).toBeVisible();
});
