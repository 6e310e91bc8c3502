// Personal API tokens end with the password (docs/decisions/0055-tokens-end-with-the-password.md).
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { Db } from "../db/database";
import { revokeUserTokens } from "./tokens.repo";

/** Whether the endpoint succeeded: an after hook runs also when it threw (then `returned` is the error). */
const succeeded = (returned: unknown) =>
  !(returned instanceof Error) && !(returned instanceof Response && !returned.ok);

/**
 * Better Auth plugin: a password changed while signed in revokes the account's tokens, once the change is made.
 * A reset is not an endpoint with a session: Better Auth calls `onPasswordReset` for it (auth.ts).
 */
export const tokenRevocation = (db: Db) =>
  ({
    id: "habit-streaks-token-revocation",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.session?.user.id;
            if (userId && succeeded(ctx.context.returned)) await revokeUserTokens(db, userId);
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
