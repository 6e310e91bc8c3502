// Better Auth's endpoints that the web app calls (lib/auth-client.ts, lib/session.ts), for the API document. Better
// Auth owns them and their shapes: these schemas name what the web relies on and let any further field through.
import { z } from "zod";
import type { DocRoute } from "./doc-route";

const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable().optional(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const SessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const Password = z.string().min(1);
const CallbackUrl = z.string().optional();

/** Better Auth's own error body (not our envelope): `{ code?, message }`; a rate-limit refusal has only `message`. */
export const AuthErrorSchema = z.object({ code: z.string().optional(), message: z.string() });

const auth = (route: Omit<DocRoute, "tag" | "errorBody" | "errors"> & { errors: number[] }): DocRoute => ({
  ...route,
  tag: "Accounts",
  errorBody: "auth",
});

export const authRoutes: DocRoute[] = [
  auth({
    method: "POST",
    path: "/api/auth/sign-up/email",
    summary: "Create an account with email and password",
    description:
      "Signs the new account in: the answer sets the session cookie. Passwords of 8 to 128 characters, not a common one.",
    access: "public",
    json: z.object({ name: z.string(), email: z.string(), password: Password, callbackURL: CallbackUrl }),
    success: { 200: { json: z.object({ token: z.string().nullable(), user: UserSchema }) } },
    errors: [400, 403, 413, 422, 429, 500],
  }),
  auth({
    method: "POST",
    path: "/api/auth/sign-in/email",
    summary: "Sign in with email and password",
    description: "Sets the session cookie (HttpOnly, SameSite=Lax) that the other routes read.",
    access: "public",
    json: z.object({
      email: z.string(),
      password: Password,
      rememberMe: z.boolean().optional(),
      callbackURL: CallbackUrl,
    }),
    success: {
      200: {
        json: z.object({
          redirect: z.boolean(),
          token: z.string(),
          url: z.string().nullable().optional(),
          user: UserSchema,
        }),
      },
    },
    errors: [400, 401, 403, 413, 429, 500],
  }),
  auth({
    method: "POST",
    path: "/api/auth/sign-in/social",
    summary: "Start signing in with Google or the configured OpenID Connect provider",
    description:
      "Answers the provider's address to open; the provider's callback then sets the session cookie.",
    access: "public",
    json: z.object({ provider: z.string(), callbackURL: CallbackUrl, errorCallbackURL: CallbackUrl }),
    success: { 200: { json: z.object({ url: z.string().optional(), redirect: z.boolean() }) } },
    errors: [400, 403, 404, 413, 429, 500],
  }),
  auth({
    method: "POST",
    path: "/api/auth/sign-out",
    summary: "Sign out: the session ends and its cookie is cleared",
    access: "session",
    success: { 200: { json: z.object({ success: z.boolean() }) } },
    errors: [400, 401, 403, 413, 429, 500],
  }),
  auth({
    method: "GET",
    path: "/api/auth/get-session",
    summary: "The signed-in user and session, or null",
    access: "public",
    success: { 200: { json: z.object({ session: SessionSchema, user: UserSchema }).nullable() } },
    errors: [400, 401, 429, 500],
  }),
  auth({
    method: "POST",
    path: "/api/auth/request-password-reset",
    summary: "Mail a password reset link",
    description: "The link opens /reset-password?token=… of the web app. An unknown address answers 404.",
    access: "public",
    json: z.object({ email: z.string(), redirectTo: z.string().optional() }),
    success: { 200: { json: z.object({ status: z.boolean(), message: z.string().optional() }) } },
    errors: [400, 403, 404, 413, 429, 500],
  }),
  auth({
    method: "POST",
    path: "/api/auth/send-verification-email",
    summary: "Mail the link that confirms the account's address again",
    description:
      "With SMTP_URL only. The link opens /api/verify-email?token=…, whose button confirms the address; " +
      "limited per client address like reset mails.",
    access: "public",
    json: z.object({ email: z.string(), callbackURL: z.string().optional() }),
    success: { 200: { json: z.object({ status: z.boolean() }) } },
    errors: [400, 403, 413, 429, 500],
  }),
  auth({
    method: "POST",
    path: "/api/auth/reset-password",
    summary: "Set a new password with the token of a reset link",
    description: "Ends every session of the account.",
    access: "public",
    json: z.object({ newPassword: Password, token: z.string() }),
    success: { 200: { json: z.object({ status: z.boolean() }) } },
    errors: [400, 403, 413, 429, 500],
  }),
  auth({
    method: "POST",
    path: "/api/auth/update-user",
    summary: "Change the account's name or image",
    access: "session",
    json: z.object({ name: z.string().optional(), image: z.string().nullable().optional() }),
    success: { 200: { json: z.object({ status: z.boolean() }) } },
    errors: [400, 401, 403, 413, 429, 500],
  }),
];
