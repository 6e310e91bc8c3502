import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { z } from "zod";
import { messages } from "../../core/messages";
import { isCommonPassword } from "./common-passwords";

/** Our own error codes, next to Better Auth's; the web app maps them to texts (docs/product.md, "Messages"). */
export const AUTH_RULE_CODES = {
  PASSWORD_TOO_WEAK: "PASSWORD_TOO_WEAK",
  USER_NOT_FOUND: "USER_NOT_FOUND",
} as const;

// Every endpoint that sets a password, and the body field that carries it.
const PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

const bodyField = (body: unknown, field: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[field] : undefined;

/**
 * The rules we need beyond Better Auth's: a password from the list of common ones is refused as too weak,
 * and a reset request for an unknown address answers "No account found" (docs/decisions/0010-reset-unknown-email.md).
 */
export const authRules = () =>
  ({
    id: "habit-streaks-auth-rules",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in PASSWORD_FIELDS,
          handler: createAuthMiddleware(async (ctx) => {
            const password = bodyField(ctx.body, PASSWORD_FIELDS[ctx.path ?? ""] ?? "");
            if (typeof password === "string" && isCommonPassword(password)) {
              throw new APIError("BAD_REQUEST", {
                code: AUTH_RULE_CODES.PASSWORD_TOO_WEAK,
                message: messages.signUp.weakPassword,
              });
            }
          }),
        },
        {
          // A password changed while signed in ends the account's other sessions, whatever the client asked.
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            if (typeof ctx.body === "object" && ctx.body !== null && !Array.isArray(ctx.body)) {
              return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/request-password-reset",
          handler: createAuthMiddleware(async (ctx) => {
            const email = bodyField(ctx.body, "email");
            if (typeof email !== "string" || !z.email().safeParse(email).success) {
              throw new APIError("BAD_REQUEST", {
                code: "INVALID_EMAIL",
                message: messages.reset.invalidEmail,
              });
            }
            const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
            if (!found) {
              throw new APIError("NOT_FOUND", {
                code: AUTH_RULE_CODES.USER_NOT_FOUND,
                message: messages.reset.userNotFound,
              });
            }
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
