import type { Context, MiddlewareHandler, Next } from "hono";
import type { AppEnv } from "./env";
import { sendError } from "./errors";
import type { ApiErrorCode } from "../../core/contract";
import { countAction, countWrite } from "./rate-limit.repo";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const WINDOW_MS = 60_000;

/**
 * No account can stall the others. At most `max` writes per user and minute (a fixed window counted in
 * the database, so it holds across server processes); the next answers 429 RATE_LIMITED with Retry-After.
 * Runs after requireUser, so c.get("user") is set.
 */
export const userWriteRateLimit = (max: number): MiddlewareHandler<AppEnv> => {
  const limitWrite = async (c: Context<AppEnv>, next: Next) => {
    const now = c.get("now").getTime();
    const { count, windowStart } = await countWrite(
      c.get("db"),
      c.get("user").id,
      Math.floor(now / WINDOW_MS),
    );
    if (count <= max) return next();
    const retryAfter = Math.max(1, Math.ceil(((windowStart + 1) * WINDOW_MS - now) / 1000));
    c.header("Retry-After", String(retryAfter));
    return sendError(
      c,
      429,
      "RATE_LIMITED",
      `Too many changes: at most ${max} a minute. Try again in ${retryAfter} s.`,
    );
  };
  // A read passes at once, without a promise of its own.
  return (c, next) => (WRITE_METHODS.has(c.req.method) ? limitWrite(c, next) : next());
};

/**
 * At most `max` of one action per user in a fixed window of `windowMs` (counted in the database, like writes); the
 * next answers 429 with Retry-After and `code`. Runs after requireUser.
 */
export const userActionLimit =
  (opts: {
    action: string;
    max: number;
    windowMs: number;
    code: ApiErrorCode;
    message: string;
  }): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const now = c.get("now").getTime();
    const window = Math.floor(now / opts.windowMs);
    const { count, windowStart } = await countAction(c.get("db"), c.get("user").id, opts.action, window);
    if (count <= opts.max) return next();
    const retryAfter = Math.max(1, Math.ceil(((windowStart + 1) * opts.windowMs - now) / 1000));
    c.header("Retry-After", String(retryAfter));
    return sendError(c, 429, opts.code, opts.message);
  };
