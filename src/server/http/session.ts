import type { MiddlewareHandler } from "hono";
import type { SessionLookup } from "../auth/session-lookup";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { isLocalDate, isWithinOneDayOf, todayInZone } from "../../core/local-date";
import { bearerOf, signInWithToken } from "../tokens/bearer";

/** Answers 401 unless the request carries a valid session or API token; sets c.get("user"). */
export const requireUser =
  (lookup: SessionLookup): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const token = bearerOf(c.req.header("authorization"));
    if (token !== undefined) return signInWithToken(c, token, next);
    // A session kept in memory answers at once, without a promise of its own (the most frequent case).
    const kept = lookup.kept(c.req.raw.headers, c.get("now"));
    if (kept !== undefined) {
      if (kept === null) throw new ApiError(401, "UNAUTHENTICATED", "Sign in to continue");
      c.set("user", kept);
      c.set("signedInAt", kept.signedInAt);
      return next();
    }
    return lookup(c.req.raw.headers, c.get("now")).then((user) => {
      if (!user) throw new ApiError(401, "UNAUTHENTICATED", "Sign in to continue");
      c.set("user", user);
      c.set("signedInAt", user.signedInAt);
      return next();
    });
  };

/** The client's day is accepted only within one day of the server's UTC date. */
export const resolveToday = (): MiddlewareHandler<AppEnv> => (c, next) => {
  const header = c.req.header("x-local-date");
  const now = c.get("now");
  if (header === undefined) {
    c.set("today", todayInZone(now, "UTC"));
  } else if (!isLocalDate(header) || !isWithinOneDayOf(header, now)) {
    throw new ApiError(
      400,
      "INVALID_DATE",
      "X-Local-Date must be a real YYYY-MM-DD date within one day of today",
    );
  } else {
    c.set("today", header);
  }
  return next();
};
