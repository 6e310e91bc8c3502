import { describe, expect, it } from "vitest";
import { messages } from "../../../core/messages";
import { validateNewPassword, validateReset, validateSignIn, validateSignUp } from "./auth-validation";

const { validation, account } = messages;
const full = { name: "Ada", email: "ada@example.com", password: "secret1", confirm: "secret1" };

describe("account validation", () => {
  it("sign in needs both fields", () => {
    expect(validateSignIn({ email: " ", password: "x" })).toBe(validation.signInRequired);
    expect(validateSignIn({ email: "a@b.c", password: "" })).toBe(validation.signInRequired);
    expect(validateSignIn({ email: "a@b.c", password: "x" })).toBeNull();
  });

  it("sign up checks all fields, then the match, then the length", () => {
    for (const key of ["name", "email", "password", "confirm"] as const) {
      expect(validateSignUp({ ...full, [key]: key === "name" ? "   " : "" })).toBe(
        validation.signUpAllFields,
      );
    }
    expect(validateSignUp({ ...full, confirm: "secret2" })).toBe(validation.passwordsDoNotMatch);
    expect(validateSignUp({ ...full, password: "abc", confirm: "abc" })).toBe(validation.passwordTooShort);
    expect(validateSignUp({ ...full, password: "x".repeat(129), confirm: "x".repeat(129) })).toBe(
      account.passwordTooLong,
    );
    expect(validateSignUp({ ...full, password: "x".repeat(128), confirm: "x".repeat(128) })).toBeNull();
    expect(validateSignUp(full)).toBeNull();
  });

  it("sign up checks the name by the rule the server applies", () => {
    expect(validateSignUp({ ...full, name: "x".repeat(101) })).toMatch(/at most 100 characters/);
    expect(validateSignUp({ ...full, name: "Ada\u202e" })).toMatch(/text-direction/);
    expect(validateSignUp({ ...full, name: " Ada " })).toBeNull();
  });

  it("reset needs an email; a new password follows the sign-up rules", () => {
    expect(validateReset({ email: "" })).toBe(validation.resetEmailRequired);
    expect(validateReset({ email: "a@b.c" })).toBeNull();
    expect(validateNewPassword({ password: "", confirm: "" })).toBe(validation.signUpAllFields);
    expect(validateNewPassword({ password: "secret1", confirm: "secret2" })).toBe(
      validation.passwordsDoNotMatch,
    );
    expect(validateNewPassword({ password: "abc", confirm: "abc" })).toBe(validation.passwordTooShort);
    expect(validateNewPassword({ password: "secret1", confirm: "secret1" })).toBeNull();
  });
});
