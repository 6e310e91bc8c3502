// On the account forms: after a refusal the keyboard focus is on the message (never left on <body>, where the
// disabled submit button dropped it), and the password hint says that common passwords are refused.
import type { Page } from "@playwright/test";
import { messages } from "../src/core/messages";
import {
  REFUSED_REQUEST,
  openLogin,
  requestReset,
  signInWith,
  signUpWith,
  switchToReset,
  switchToSignUp,
  uniqueEmail,
} from "./support/auth";
import { expect, test } from "./support/fixtures";
import { expectNoSeriousA11yViolations } from "./support/page-checks";
import { gotoApp } from "./support/page-clock";

const a = messages.account;

/** The focused element is the message itself, or a field that the message describes. */
async function expectFocusOn(page: Page, text: string) {
  await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate((message) => {
        const focused = document.activeElement;
        if (!focused || focused === document.body) return "body";
        if (focused.textContent?.trim() === message) return "message";
        const described = (focused.getAttribute("aria-describedby") ?? "")
          .split(/\s+/)
          .some((id) => document.getElementById(id)?.textContent?.includes(message));
        return described ? "message" : `${focused.tagName} ${focused.textContent?.slice(0, 40)}`;
      }, text),
    )
    .toBe("message");
}

test("a failed sign-in leaves the focus on its message, and the same again after a second try", async ({
  page,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await openLogin(page);
  await signInWith(page, user.email, "not-the-password");
  await expectFocusOn(page, messages.signIn.invalidCredentials);
  // Keyboard only: back to the password field, fix nothing, Enter: the message is announced and focused again.
  await page.getByLabel(a.passwordLabel, { exact: true }).focus();
  await page.keyboard.press("Enter");
  await expectFocusOn(page, messages.signIn.invalidCredentials);
  await expectNoSeriousA11yViolations(page);
});

test("a refused sign-up leaves the focus on its message; the hint names the common-password rule", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await openLogin(page);
  await switchToSignUp(page);
  const password = page.getByLabel(a.passwordLabel, { exact: true });
  await expect(password).toHaveAccessibleDescription(a.passwordHint);
  expect(a.passwordHint).toMatch(/common password/i);
  expect(a.passwordHint).toMatch(/6 characters/);
  // "abc12345" is long enough but on the list of common passwords.
  await signUpWith(page, { name: "Ada", email: uniqueEmail("weak"), password: "abc12345" });
  await expectFocusOn(page, messages.signUp.weakPassword);
  await expectNoSeriousA11yViolations(page);
});

test("a refused and an accepted reset request each leave the focus on their message", async ({
  page,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await openLogin(page);
  await switchToReset(page);
  await requestReset(page, "nobody-here@example.com");
  await expectFocusOn(page, messages.reset.userNotFound);
  await requestReset(page, user.email);
  await expectFocusOn(page, messages.reset.success);
});

test("a refused new password leaves the focus on its message; its hint names the common-password rule", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await gotoApp(page, "/reset-password?token=not-a-real-token");
  await expect(page.getByLabel(a.newPasswordLabel, { exact: true })).toHaveAccessibleDescription(
    a.passwordHint,
  );
  await page.getByLabel(a.newPasswordLabel, { exact: true }).fill("a much better passphrase");
  await page.getByLabel(a.confirmNewPasswordLabel).fill("a much better passphrase");
  await page.getByRole("button", { name: a.newPasswordButton }).click();
  await expectFocusOn(page, a.resetLinkInvalid);
});
