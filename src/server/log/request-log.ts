import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { CLIENT_IP_HEADER, clientIp } from "../auth/client-ip";
import type { AppEnv } from "../http/env";
import type { Logger } from "./logger";

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

/**
 * The request's line (method, route, status, duration, request id): http/frame.ts writes it once the answer is
 * made. Its fields are fixed and hold no secret, so it goes through `lines`, a child of the logger without the
 * redaction pass (which doubled the cost of a line); warnings and errors go through the logger itself.
 */
export function requestLogger(logger: Logger, trustProxy: boolean) {
  const lines = logger.child({}, { redact: [] });
  return (c: Context<AppEnv>, requestId: string, ms: number): void | Promise<void> => {
    const { method } = c.req;
    const { status } = c.res;
    const route = loggedRoute(c);
    const base = { reqId: requestId, method, route, status, ms: Math.round(ms * 10) / 10 };
    // A token's request names the token by its id (never the token) and its user, so that its use can be traced.
    const apiToken = c.get("apiToken");
    const line = apiToken ? { ...base, tokenId: apiToken.id, userId: c.get("user").id } : base;
    const event = eventOf(method, route, status);
    if (event)
      return clientAddress(c, trustProxy).then((address) => logger.warn({ ...line, address }, event));
    if (status >= 500) logger.error(line, "request");
    else lines.info(line, "request");
  };
}
