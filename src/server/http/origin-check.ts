import type { MiddlewareHandler } from "hono";
import { bearerOf } from "../tokens/bearer";
import { sendError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing /api route: a request that carries a
 * cookie must come from one of our origins. Browsers always send Origin on a cross-site POST, PUT, PATCH or
 * DELETE; when it is absent, Sec-Fetch-Site must say same-origin. Requests without a cookie carry no ambient
 * authority (sign-in forms) and are left to their own checks. Nor does an API token outside /api/auth: such a
 * request is signed in by its token alone, never its cookie (tokens/bearer.ts), and a page on another site cannot
 * add an Authorization header without a CORS preflight, which this server never grants.
 */
export const originCheck =
  (trustedOrigins: readonly string[]): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header("cookie")) return next();
    if (bearerOf(c.req.header("authorization")) !== undefined && !c.req.path.startsWith("/api/auth/"))
      return next();
    const origin = c.req.header("origin");
    const allowed =
      origin === undefined
        ? c.req.header("sec-fetch-site") === "same-origin"
        : origin !== "null" && trustedOrigins.includes(origin);
    if (!allowed) {
      return sendError(
        c,
        403,
        "FORBIDDEN_ORIGIN",
        origin === undefined
          ? "A signed-in change must come from this app (Origin header missing)"
          : `A signed-in change must come from this app, not from ${origin}`,
      );
    }
    return next();
  };
