import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { compress } from "hono/compress";
import { adjustAuthHeaders } from "../auth/popup-headers";
import type { Db } from "../db/database";
import type { Logger } from "../log/logger";
import { requestLogger } from "../log/request-log";
import type { AppEnv } from "./env";
import { securityHeaderList } from "./security";

export type FrameOptions = {
  logger: Logger;
  trustProxy: boolean;
  hsts: boolean;
  db: Db;
  now: () => Date;
};

/** A client's X-Request-Id is kept when it is short and plain; otherwise the server makes one. */
const REQUEST_ID = /^[\w\-=]{1,64}$/;
const noop = async () => undefined;

/**
 * An answer made whole by its route: the frame's headers (below) and its own as one plain object, which the HTTP layer writes as they
 * are, without building a Fetch Headers object and setting each on it (the hot reads: http/cached-body.ts). The
 * frame leaves it as it is; `headers` must hold everything else the answer needs (its length and type, Vary).
 */
export function framedResponse(
  c: Context<AppEnv>,
  body: string | Uint8Array,
  status: ContentfulStatusCode,
  headers: Record<string, string>,
): Response {
  // Outside the frame (a context it did not set up): Hono's own response, which the frame would have completed.
  if (c.get("securityHeaders") === undefined) return c.body(body as string, status, headers);
  const res = new Response(body as BodyInit, {
    status,
    headers: { ...c.get("securityHeaders"), "x-request-id": c.get("requestId"), ...headers },
  });
  c.set("framed", res);
  return res;
}

/**
 * What every request gets, in one middleware (one await instead of five: on the most frequent request, an in-sync
 * pull, the five separate ones cost as much as the rest of it; docs/performance.md, Read path):
 * - c.get("requestId") (the client's X-Request-Id when plain, else a new UUID), c.get("db") and c.get("now");
 * - gzip for answers made per request when the client takes it (hono's compress: static files go precompressed,
 *   the habit list gzipped once per change, and a body under 1 KiB whose length is given goes as it is);
 * - the security headers (http/security.ts), then the popup's exceptions on /api/auth (auth/popup-headers.ts);
 * - X-Request-Id on the answer, and one log line (log/request-log.ts).
 */
export function frame({ logger, trustProxy, hsts, db, now }: FrameOptions): MiddlewareHandler<AppEnv> {
  const headerList = securityHeaderList({ hsts });
  const headerObject = Object.freeze(
    Object.fromEntries(headerList.map(([name, value]) => [name.toLowerCase(), value])),
  );
  const gzip = compress();
  const log = requestLogger(logger, trustProxy);
  return async (c, next) => {
    const start = performance.now();
    const given = c.req.header("x-request-id");
    const requestId = given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
    c.set("requestId", requestId);
    c.set("db", db);
    c.set("now", now());
    c.set("securityHeaders", headerObject);
    await next();
    // An answer made whole by its route (framedResponse) has its headers already; any other gets them here.
    if (c.get("framed") !== c.res) {
      await gzip(c, noop);
      const headers = c.res.headers;
      for (const [name, value] of headerList) headers.set(name, value);
      if (c.req.path.startsWith("/api/auth/")) adjustAuthHeaders(headers);
      headers.set("X-Request-Id", requestId);
    }
    await log(c, requestId, performance.now() - start);
  };
}
