import { messages } from "../../../core/messages";

/** A failed Better Auth call as the client sees it; `network` when the request never reached the server. */
export type AuthFailure = { network?: boolean; status?: number; code?: string; message?: string };

export type AuthFlow =
  | "signIn"
  | "signUp"
  | "reset"
  | "newPassword"
  | "googleSignIn"
  | "googleSignUp"
  | "providerSignIn"
  | "providerSignUp";

type Result<T> = { ok: true; data: T } | { ok: false; failure: AuthFailure };
type ClientResult<T> = { data: T | null; error: { status?: number; code?: string; message?: string } | null };

/** Runs a Better Auth client call; a rejected fetch (offline, aborted) becomes a status-0 failure. */
export async function runAuth<T>(call: () => Promise<ClientResult<T>>): Promise<Result<T>> {
  try {
    const { data, error } = await call();
    if (error)
      return { ok: false, failure: { status: error.status, code: error.code, message: error.message } };
    // Better Auth's client types data and error as either-or; an answer with neither is a failure, not a cast.
    return data === null
      ? { ok: false, failure: {} } // the action's own failure text says it
      : { ok: true, data };
  } catch {
    return { ok: false, failure: { network: true } };
  }
}

const isInvalidEmail = (f: AuthFailure) =>
  f.code === "INVALID_EMAIL" || (f.code === "VALIDATION_ERROR" && /email/i.test(f.message ?? ""));
const isWrongCredentials = (f: AuthFailure) =>
  [
    "INVALID_EMAIL_OR_PASSWORD",
    "USER_NOT_FOUND",
    "INVALID_PASSWORD",
    "CREDENTIAL_ACCOUNT_NOT_FOUND",
  ].includes(f.code ?? "");
const isEmailInUse = (f: AuthFailure) =>
  ["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"].includes(f.code ?? "");
const isBanned = (f: AuthFailure) => f.code === "BANNED_USER" || f.code === "banned";

/** Our server's error codes (Better Auth's and ours) to the product's fixed texts, per flow. */
export function authErrorMessage(flow: AuthFlow, f: AuthFailure): string {
  const { signIn, signUp, reset, validation, account } = messages;
  if (f.network) return signIn.network;
  switch (flow) {
    case "signIn":
      if (f.status === 429) return signIn.tooManyRequests;
      if (isBanned(f)) return signIn.userDisabled;
      if (isWrongCredentials(f) || isInvalidEmail(f)) return signIn.invalidCredentials;
      return f.message || signIn.default;
    case "signUp":
      if (isEmailInUse(f)) return signUp.emailInUse;
      if (isInvalidEmail(f)) return signUp.invalidEmail;
      if (f.code === "PASSWORD_TOO_WEAK") return signUp.weakPassword;
      if (f.code === "PASSWORD_TOO_SHORT") return validation.passwordTooShort;
      if (f.code === "PASSWORD_TOO_LONG") return account.passwordTooLong;
      return f.message || signUp.default;
    case "reset":
      if (f.code === "USER_NOT_FOUND") return reset.userNotFound;
      if (isInvalidEmail(f)) return reset.invalidEmail;
      return reset.default;
    case "newPassword":
      if (f.code === "PASSWORD_TOO_WEAK") return signUp.weakPassword;
      if (f.code === "PASSWORD_TOO_SHORT") return validation.passwordTooShort;
      if (f.code === "PASSWORD_TOO_LONG") return account.passwordTooLong;
      if (f.code === "INVALID_TOKEN" || f.code === "USER_NOT_FOUND") return account.resetLinkInvalid;
      return f.message || account.resetFailed;
    default:
      if (isBanned(f)) return signIn.userDisabled;
      return {
        googleSignIn: signIn.googleSignIn,
        googleSignUp: signIn.googleSignUp,
        providerSignIn: account.providerSignInFailed,
        providerSignUp: account.providerSignUpFailed,
      }[flow];
  }
}
