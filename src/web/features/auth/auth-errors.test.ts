import { describe, expect, it } from "vitest";
import { messages } from "../../../core/messages";
import { authErrorMessage, runAuth } from "./auth-errors";

const { signIn, signUp, reset, validation, account } = messages;

describe("authErrorMessage maps our server's codes to the product's texts", () => {
  it.each([
    [{ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" }, signIn.invalidCredentials],
    [{ status: 400, code: "INVALID_EMAIL" }, signIn.invalidCredentials],
    [
      { status: 400, code: "VALIDATION_ERROR", message: "[body.email] Invalid email address" },
      signIn.invalidCredentials,
    ],
    [{ status: 429, message: "Too many requests. Please try again later." }, signIn.tooManyRequests],
    [{ status: 403, code: "BANNED_USER" }, signIn.userDisabled],
    [{ network: true }, signIn.network],
    [{ status: 500, message: "Something odd" }, "Something odd"],
    [{ status: 500 }, signIn.default],
  ])("sign in %j", (failure, text) => expect(authErrorMessage("signIn", failure)).toBe(text));

  it.each([
    [{ status: 422, code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" }, signUp.emailInUse],
    [
      { status: 400, code: "VALIDATION_ERROR", message: "[body.email] Invalid email address" },
      signUp.invalidEmail,
    ],
    [{ status: 400, code: "PASSWORD_TOO_WEAK" }, signUp.weakPassword],
    [{ status: 400, code: "PASSWORD_TOO_SHORT" }, validation.passwordTooShort],
    [{ status: 400, code: "PASSWORD_TOO_LONG" }, account.passwordTooLong],
    [{ network: true }, signIn.network],
    [{ status: 500 }, signUp.default],
  ])("sign up %j", (failure, text) => expect(authErrorMessage("signUp", failure)).toBe(text));

  it.each([
    [{ status: 404, code: "USER_NOT_FOUND" }, reset.userNotFound],
    [{ status: 400, code: "INVALID_EMAIL" }, reset.invalidEmail],
    [{ status: 429, message: "Too many requests." }, reset.default],
    [{ network: true }, signIn.network],
  ])("reset %j", (failure, text) => expect(authErrorMessage("reset", failure)).toBe(text));

  it.each([
    [{ status: 400, code: "INVALID_TOKEN" }, account.resetLinkInvalid],
    [{ status: 400, code: "PASSWORD_TOO_WEAK" }, signUp.weakPassword],
    [{ status: 500 }, account.resetFailed],
  ])("new password %j", (failure, text) => expect(authErrorMessage("newPassword", failure)).toBe(text));

  it("gives the provider texts, and the disabled text for a disabled account", () => {
    expect(authErrorMessage("googleSignIn", { code: "POPUP_CLOSED" })).toBe(signIn.googleSignIn);
    expect(authErrorMessage("googleSignUp", { code: "access_denied" })).toBe(signIn.googleSignUp);
    expect(authErrorMessage("providerSignIn", { code: "access_denied" })).toBe(account.providerSignInFailed);
    expect(authErrorMessage("providerSignUp", { code: "banned" })).toBe(signIn.userDisabled);
  });
});

describe("runAuth", () => {
  it("turns a rejected fetch into a network failure", async () => {
    expect(await runAuth(() => Promise.reject(new TypeError("Failed to fetch")))).toEqual({
      ok: false,
      failure: { network: true },
    });
  });
  it("passes data and errors through", async () => {
    expect(await runAuth(async () => ({ data: 1, error: null }))).toEqual({ ok: true, data: 1 });
    expect(await runAuth(async () => ({ data: null, error: null }))).toMatchObject({ ok: false });
    expect(
      await runAuth(async () => ({ data: null, error: { status: 401, code: "X", message: "m" } })),
    ).toEqual({
      ok: false,
      failure: { status: 401, code: "X", message: "m" },
    });
  });
});
