// A request's frame (id, db, clock, headers, the log line), then the checks of /api in the order app.ts applies
// them: a write's Origin and body, the signed-in user (and their day), the write limit.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { compress } from "hono/compress";
import { adjustAuthHeaders } from "../auth/popup-headers";
import type { SessionLookup } from "../auth/session-lookup";
import type { Db } from "../db/database";
import type { Logger } from "../log/logger";
import { requestLogger } from "../log/request-log";
import { bearerOf, signInWithToken } from "../tokens/bearer";
import type { ApiErrorCode } from "../../core/contract";
import { isLocalDate, isWithinOneDayOf, todayInZone } from "../../core/local-date";
import type { AppEnv } from "./env";
import { sendError } from "./error-answer";
import { ApiError, errorText, type ErrorText } from "./errors";
import { countAction, countWrite } from "./rate-limit.repo";
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
        origin === undefined ? errorText("originMissing") : errorText("originOther", { origin }),
      );
    }
    return next();
  };

/**
 * Reads a small request body (a push, a mark, a settings change) straight from Node's request stream and hands it
 * to Hono's body cache, so that `c.req.json()` parses it from there. Reading it through the Fetch `Request` that
 * @hono/node-server makes on first use of `body` (as hono's bodyLimit does) built a web stream, an AbortSignal and
 * a full undici Request for every write: a fifth of a push's CPU time. At most `maxSize` bytes are read, counted
 * as they arrive whatever Content-Length says; past that, `tooLarge` answers (413). Outside @hono/node-server (the
 * in-process tests' app.request) there is no Node stream: `fallback` (hono's bodyLimit) runs instead.
 */
export function smallBody(
  maxSize: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
  fallback: MiddlewareHandler,
): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming === undefined || typeof incoming.on !== "function") return fallback(c, next);
    const declared = Number(incoming.headers["content-length"] ?? 0);
    if (declared > maxSize) return tooLarge(c);
    const body = await readUpTo(incoming, maxSize);
    if (body === undefined) return tooLarge(c);
    // A leading byte order mark is dropped, as the Fetch API's text() does.
    const text = body.toString("utf8");
    // Hono keeps each body it read as a promise of it (its types say the value).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(
      text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
    );
    await next();
  };
}

/** The whole body, or undefined once it passes `maxSize` bytes (the rest is left to the server to drain). */
function readUpTo(incoming: IncomingMessage, maxSize: number): Promise<Buffer | undefined> {
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | undefined, error?: Error) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onAborted);
      if (error) reject(error);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        incoming.pause();
        done(undefined);
      } else chunks.push(chunk);
    };
    const onEnd = () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    const onError = (error: Error) => done(undefined, error);
    const onAborted = () => done(undefined, new Error("The client closed the request"));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onAborted);
  });
}

/** Answers 401 unless the request carries a valid session or API token; sets c.get("user"). */
export const requireUser =
  (lookup: SessionLookup): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const token = bearerOf(c.req.header("authorization"));
    if (token !== undefined) return signInWithToken(c, token, next);
    // A session kept in memory answers at once, without a promise of its own (the most frequent case).
    const kept = lookup.kept(c.req.raw.headers, c.get("now"));
    if (kept !== undefined) {
      if (kept === null) throw new ApiError(401, "UNAUTHENTICATED", errorText("signIn"));
      c.set("user", kept);
      c.set("signedInAt", kept.signedInAt);
      return next();
    }
    return lookup(c.req.raw.headers, c.get("now")).then((user) => {
      if (!user) throw new ApiError(401, "UNAUTHENTICATED", errorText("signIn"));
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
    throw new ApiError(400, "INVALID_DATE", errorText("localDate"));
  } else {
    c.set("today", header);
  }
  return next();
};

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
    return sendError(c, 429, "RATE_LIMITED", errorText("tooManyChanges", { max, seconds: retryAfter }));
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
    message: ErrorText;
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
