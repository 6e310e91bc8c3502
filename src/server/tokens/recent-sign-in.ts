// Making an API token needs a recent sign-in (docs/decisions/0055-tokens-end-with-the-password.md): a session
// made less than RECENT_SIGN_IN_MS ago, or the account's current password, checked by Better Auth's own hasher
// and limited per account as sign-ins are (SIGN_IN_RATE_MAX guesses per SIGN_IN_RATE_WINDOW).
import type { Context } from "hono";
import type { Auth } from "../auth/auth";
import { withAuthStorages } from "../auth/auth-async-storage";
import type { AppEnv } from "../http/env";
import { ApiError, errorText } from "../http/errors";
import { countAction } from "../http/rate-limit.repo";

/** How long after signing in a session may make an API token without the password again. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** Whether `password` is the user's current password; false for an account without one (a provider's only). */
export type PasswordCheck = (userId: string, password: string) => Promise<boolean>;
export type RecentSignInRule = { verify: PasswordCheck; guesses: { window: number; max: number } };

/** The password check of Better Auth's own change-password: the credential account's hash, its hasher. */
export const betterAuthPasswordCheck =
  (auth: Auth): PasswordCheck =>
  (userId, password) =>
    withAuthStorages(async () => {
      const ctx = await auth.$context;
      const account = await ctx.internalAdapter.findCredentialAccount(userId);
      return account?.password ? ctx.password.verify({ hash: account.password, password }) : false;
    });

/** Passes a recent session, or a session that sent the current password; else throws 403 (or 429). */
export async function requireRecentSignIn(
  c: Context<AppEnv>,
  rule: RecentSignInRule,
  password: string | undefined,
): Promise<void> {
  const now = c.get("now").getTime();
  if (password === undefined) {
    const signedInAt = c.get("signedInAt");
    if (signedInAt !== undefined && now - signedInAt < RECENT_SIGN_IN_MS) return;
    throw new ApiError(403, "RECENT_SIGN_IN_REQUIRED", errorText("recentSignIn"));
  }
  const userId = c.get("user").id;
  const windowMs = rule.guesses.window * 1000;
  // Counted as the other per-account actions are (user_action_rate), in fixed windows.
  const window = Math.floor(now / windowMs);
  const { count, windowStart } = await countAction(c.get("db"), userId, "token-password", window);
  if (count > rule.guesses.max) {
    const retryAfter = Math.max(1, Math.ceil(((windowStart + 1) * windowMs - now) / 1000));
    c.header("Retry-After", String(retryAfter));
    throw new ApiError(429, "RATE_LIMITED", errorText("passwordAttempts", { seconds: retryAfter }));
  }
  if (!(await rule.verify(userId, password)))
    throw new ApiError(403, "INVALID_PASSWORD", errorText("wrongPassword"));
}
