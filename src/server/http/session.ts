import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { isLocalDate, isWithinOneDayOf, todayInZone } from "../../core/local-date";

/** Answers 401 unless the request carries a valid session; sets c.var.user. */
export const requireUser =
  (auth: Auth): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new ApiError(401, "UNAUTHENTICATED", "Sign in to continue");
    c.set("user", { id: session.user.id, email: session.user.email, name: session.user.name });
    await next();
  };

/** GUIDE §5: the client's day is accepted only within one day of the server's UTC date. */
export const resolveToday = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const header = c.req.header("x-local-date");
  const now = c.var.now;
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
  await next();
};
