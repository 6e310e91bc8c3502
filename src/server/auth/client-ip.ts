import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/** The one header Better Auth reads the client address from (rate limits, session records). */
export const CLIENT_IP_HEADER = "x-habit-streaks-client-ip";

/** The address the last proxy hop appended: with one trusted proxy in front, the client as that proxy saw it. */
function fromForwardedFor(value: string | undefined): string | undefined {
  const hops = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return hops.at(-1);
}

function fromSocket(c: Parameters<MiddlewareHandler>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // not served by @hono/node-server (e.g. app.request in a test)
  }
}

/**
 * Overwrites CLIENT_IP_HEADER on every request, so a client can never choose its own rate-limit bucket:
 * the socket's address, or X-Forwarded-For when TRUST_PROXY says a reverse proxy sets it.
 */
export const clientIp =
  (trustProxy: boolean): MiddlewareHandler =>
  async (c, next) => {
    const headers = c.req.raw.headers;
    const address = trustProxy
      ? (fromForwardedFor(headers.get("x-forwarded-for") ?? undefined) ?? fromSocket(c))
      : fromSocket(c);
    if (address) headers.set(CLIENT_IP_HEADER, address);
    else headers.delete(CLIENT_IP_HEADER);
    await next();
  };
