import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { requestId } from "hono/request-id";
import { CLIENT_IP_HEADER, clientIp } from "../auth/client-ip";
import type { Logger } from "./logger";

const setId = requestId({ limitLength: 64 });
const SIGN_IN = "/api/auth/sign-in/email";
// A Better Auth path segment that is an endpoint name; tokens (24 characters and more, mixed case) never match.
const ENDPOINT_SEGMENT = /^[a-z][a-z0-9-]{0,22}$/;

/**
 * The pattern of the route that answered, or, when a middleware answered first (401, 403, 413, 429), of the route
 * the request was meant for; middlewares (`app.use`) are registered for every method, routes for their own.
 */
function intendedRoute(c: Context): string {
  const routes = matchedRoutes(c);
  const responder = routes[c.req.routeIndex];
  if (!responder || responder.method !== "ALL") return responder?.path ?? "*";
  const meant = routes.slice(c.req.routeIndex + 1).find((r) => r.method === c.req.method && r.path !== "/*");
  return (meant ?? responder).path;
}

/**
 * The route to log: the matched pattern (/api/habits/:id), never the raw path with ids or the query string, which
 * carries tokens on the reset page and OAuth callbacks. Better Auth's catch-all is narrowed to its endpoint names.
 */
export function loggedRoute(c: Context): string {
  const pattern = intendedRoute(c);
  if (pattern === "/api/auth/*") {
    const segments = c.req.path.split("/").slice(3, 6);
    return `/api/auth/${segments.map((s) => (ENDPOINT_SEGMENT.test(s) ? s : ":param")).join("/")}`;
  }
  return pattern;
}

/** The client's address as the auth rate limits see it: the socket's, or the trusted proxy's report. */
async function clientAddress(c: Context, trustProxy: boolean): Promise<string> {
  await clientIp(trustProxy)(c, async () => undefined);
  return c.req.header(CLIENT_IP_HEADER) ?? "unknown";
}

/** What the line is about beyond the request itself: a failed sign-in or a rate-limit refusal. */
function eventOf(method: string, route: string, status: number): string | null {
  if (status === 429) return "rate limited";
  if (status === 401 && method === "POST" && route === SIGN_IN) return "sign-in failed";
  return null;
}

/** One line per request (method, route, status, duration, request id), echoed as X-Request-Id. */
export const requestLog =
  (logger: Logger, trustProxy: boolean): MiddlewareHandler =>
  (c, next) =>
    setId(c, async () => {
      const start = performance.now();
      await next();
      // Answers built outside Hono's context (Better Auth's) miss the header requestId() prepared.
      if (!c.res.headers.has("x-request-id")) c.header("X-Request-Id", c.get("requestId"));
      const { method } = c.req;
      const { status } = c.res;
      const route = loggedRoute(c);
      const line = {
        reqId: c.get("requestId"),
        method,
        route,
        status,
        ms: +(performance.now() - start).toFixed(1),
      };
      const event = eventOf(method, route, status);
      if (event) logger.warn({ ...line, address: await clientAddress(c, trustProxy) }, event);
      else if (status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    });
