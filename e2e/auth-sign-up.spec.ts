// Create Account: the sign-up validation, sequence and errors (docs/product.md, "Accounts and sign-in").
import { messages } from "../src/core/messages";
import {
  REFUSED_REQUEST,
  expectError,
  openLogin,
  signUpWith,
  switchToSignUp,
  uniqueEmail,
} from "./support/auth";
import { expect, test } from "./support/fixtures";
import { gotoApp } from "./support/page-clock";

const v = messages.validation;

test("checks every sign-up rule in the browser, in order, before calling the server", async ({ page }) => {
  let calls = 0;
  await page.route("**/api/auth/sign-up/email", (route) => (calls++, route.continue()));
  await openLogin(page);
  await switchToSignUp(page);
  await page.getByRole("button", { name: messages.account.signUpButton }).click();
  await expectError(page, v.signUpAllFields);
  await signUpWith(page, { name: "  ", email: "ada@example.com", password: "secret-1" });
  await expectError(page, v.signUpAllFields);
  await signUpWith(page, {
    name: "Ada",
    email: "ada@example.com",
    password: "secret-1",
    confirm: "secret-2",
  });
  await expectError(page, v.passwordsDoNotMatch);
  await signUpWith(page, { name: "Ada", email: "ada@example.com", password: "abc12" });
  await expectError(page, v.passwordTooShort);
  expect(calls).toBe(0);
});

test("creates the account, signs in and shows the name on the profile", async ({ page }) => {
  const email = uniqueEmail("new");
  await openLogin(page);
  await switchToSignUp(page);
  await signUpWith(page, { name: "Grace Hopper", email, password: "compilers-are-fun" });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
  await gotoApp(page, "/profile");
  await expect(page.getByLabel(messages.account.displayNameLabel)).toHaveValue("Grace Hopper");
  await expect(page.getByLabel(messages.account.emailLabel)).toHaveValue(email);
});

test("maps the server's refusals to their messages", async ({ page, user, allowConsoleErrors }) => {
  allowConsoleErrors(REFUSED_REQUEST);
  await openLogin(page);
  await switchToSignUp(page);
  await signUpWith(page, { name: "Again", email: user.email, password: "another-long-one" });
  await expectError(page, messages.signUp.emailInUse);
  await signUpWith(page, { name: "Weak", email: uniqueEmail("weak"), password: "Password1" });
  await expectError(page, messages.signUp.weakPassword);
  await signUpWith(page, { name: "Odd", email: "ada@", password: "another-long-one" });
  await expectError(page, messages.signUp.invalidEmail);
});

test("shows the network message when the request cannot be sent", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource|ERR_FAILED|Failed to fetch/);
  await page.route("**/api/auth/sign-up/email", (route) => route.abort("internetdisconnected"));
  await openLogin(page);
  await switchToSignUp(page);
  await signUpWith(page, { name: "Offline", email: uniqueEmail("offline"), password: "no-network-here" });
  await expectError(page, messages.signIn.network);
});
