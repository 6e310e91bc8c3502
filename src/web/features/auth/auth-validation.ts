import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { nameProblem } from "../../../core/name-texts";

// The account forms' checks, made in the browser before any call; null means the form may be sent.
const { validation, account } = messages;

function passwordRule(password: string, confirm: string): string | null {
  if (password !== confirm) return validation.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return validation.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return account.passwordTooLong;
  return null;
}

export function validateSignIn(f: { email: string; password: string }): string | null {
  return f.email.trim() && f.password ? null : validation.signInRequired;
}

export function validateSignUp(f: {
  name: string;
  email: string;
  password: string;
  confirm: string;
}): string | null {
  if (!f.name.trim() || !f.email.trim() || !f.password || !f.confirm) return validation.signUpAllFields;
  return nameProblem(f.name, "Display name") ?? passwordRule(f.password, f.confirm);
}

export function validateReset(f: { email: string }): string | null {
  return f.email.trim() ? null : validation.resetEmailRequired;
}

export function validateNewPassword(f: { password: string; confirm: string }): string | null {
  if (!f.password || !f.confirm) return validation.signUpAllFields;
  return passwordRule(f.password, f.confirm);
}
