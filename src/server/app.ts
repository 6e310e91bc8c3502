import { Hono, type Context, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { relative } from "node:path";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/database";
import { checkDatabase } from "./db/database";
import type { Auth } from "./auth/auth";
import { withAuthStorages } from "./auth/auth-async-storage";
import { clientIp } from "./auth/client-ip";
import { authProvidersRoute } from "./auth/providers";
import { VERIFY_EMAIL_PATH, verifyEmailRoute } from "./auth/verify-email.route";
import { sendError } from "./http/error-answer";
import { ApiError, errorText } from "./http/errors";
import type { AppEnv } from "./http/env";
import { frame, originCheck, requireUser, resolveToday, smallBody, userWriteRateLimit } from "./http/frame";
import { createSessionLookup } from "./auth/session-lookup";
import { groupsRoutes } from "./groups/groups.routes";
import { habitsRoutes } from "./habits/habits.routes";
import { backupBodyLimit } from "./habits/quota";
import { profileRoutes } from "./profile/profile.routes";
import { appInfoRoutes } from "./app-info.routes";
import { createLogger, type Logger } from "./log/logger";
import { loggedRoute } from "./log/request-log";
import { SYNC_PUSH_MAX_BYTES } from "../core/sync-push-size";
import { createChangeHub, createUserCache, type ChangeHub } from "./sync/change-hub";
import { appPage, staticFiles } from "./http/static-files";
import { notifyChanges, syncRoutes } from "./sync/sync.routes";
import { createStreamRegistry } from "./sync/stream-registry";
import { streamAdmission, streamStillValid } from "./sync/stream-auth";
import { tokensRoutes } from "./tokens/tokens.routes";
import { statsRoutes } from "./habits/stats.routes";
import { betterAuthPasswordCheck } from "./tokens/recent-sign-in";
import { openApiRoutes } from "./openapi/openapi.routes";
import type { Channels } from "./reminders/delivery";
import { createPushSender } from "./reminders/push-sender";
import { createReminderMailer } from "./reminders/reminder-mailer";
import { pushRoutes, reminderRoutes, unsubscribeRoute } from "./reminders/reminders.routes";

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  logger?: Logger;
  now?: () => Date;
  changes?: ChangeHub;
  /** How reminders are sent; the server shares them with its scheduler. */
  reminderChannels?: Channels;
};

/** The reminder channels of this configuration: Web Push with its VAPID keys, e-mail over SMTP_URL. */
export function createReminderChannels(config: Config, logger: Logger, now = () => new Date()): Channels {
  return {
    now,
    push: createPushSender(config.vapid, logger, { allowPrivateHosts: config.pushAllowPrivateHosts }),
    mailer: createReminderMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, appUrl: config.baseUrl }),
    secret: config.authSecret,
    appUrl: config.baseUrl,
    logger,
  };
}

const KiB = 1024;
const MiB = 1024 * KiB;
/** The users' entries kept in memory per process (sync/change-hub.ts): about 3,000 lists of 20 habits × 1 year. */
const USER_CACHE_BYTES = 32 * MiB;

export function createApp({
  config,
  database,
  auth,
  logger,
  now = () => new Date(),
  changes,
  reminderChannels,
}: AppDeps) {
  const log = logger ?? createLogger({ level: config.logLevel });
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof ApiError) return sendError(c, err.status, err.code, err.text);
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 401 ? "UNAUTHENTICATED" : "BAD_REQUEST";
      // Hono's own message, as it wrote it (a technical detail), else the catalogue's.
      return sendError(
        c,
        status,
        code,
        err.message ? { issues: [{ path: "", text: err.message }] } : errorText("badRequest"),
      );
    }
    if (err instanceof SyntaxError) return sendError(c, 400, "INVALID_JSON", errorText("invalidJson"));
    log.error(
      { err, reqId: c.get("requestId"), method: c.req.method, route: loggedRoute(c) },
      "unhandled error",
    );
    return sendError(c, 500, "INTERNAL", errorText("internal"));
  });

  // Request id, db and clock, compression, security headers and the log line: one middleware (http/frame.ts).
  app.use(
    "*",
    frame({
      logger: log,
      trustProxy: config.trustProxy,
      hsts: config.baseUrl.startsWith("https://"),
      db: database.db,
      now,
    }),
  );

  const checkOrigin = originCheck(config.trustedOrigins);

  // Bodies are small JSON; only a backup (import or migration) may carry several megabytes.
  const tooLarge = (maxSize: number) => (c: Context) =>
    sendError(c, 413, "PAYLOAD_TOO_LARGE", errorText("tooLarge", { kib: maxSize / KiB }));
  const limit = (maxSize: number) => bodyLimit({ maxSize, onError: tooLarge(maxSize) });
  const small = limit(SYNC_PUSH_MAX_BYTES); // a device splits its pushes by this (web/lib/sync/sync-loop.ts)
  const smallDirect = smallBody(SYNC_PUSH_MAX_BYTES, tooLarge(SYNC_PUSH_MAX_BYTES), small);
  const large = limit(backupBodyLimit(config.userLimits));
  // Writes to /api: the Origin check (http/frame.ts), then the body's limit, in one middleware. A GET or HEAD
  // changes nothing and has no body to limit; reading it would make the request's full Fetch copy.
  const limitBody = (c: Context, next: Next) => {
    const isBackup =
      c.req.path === "/api/habits/migrate" ||
      c.req.path === "/api/habits/import" ||
      (c.req.method === "PUT" && c.req.path === "/api/habits");
    if (isBackup) return large(c, next);
    // Better Auth reads the request itself (auth.handler(c.req.raw)); every other small body is read from Node's
    // stream once, into Hono's body cache (smallBody, http/frame.ts).
    return (c.req.path.startsWith("/api/auth/") ? small : smallDirect)(c, next);
  };
  app.use("/api/*", (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return checkOrigin(c, async () => {
      const refused = await limitBody(c, next); // an answer of its own: 413
      if (refused instanceof Response) c.res = refused;
    });
  });

  app.get("/api/health", async (c) => {
    const ok = await checkDatabase(database.db);
    return c.json({ status: ok ? "ok" : "error", database: ok ? "ok" : "unreachable" }, ok ? 200 : 503);
  });

  const sessions = createSessionLookup(database.db, config.authSecret, config.baseUrl.startsWith("https://"));
  const hub = changes ?? createChangeHub(database, config.databaseUrl);
  const cache = createUserCache(database.db, USER_CACHE_BYTES);
  const streams = createStreamRegistry({
    max: config.syncStreamsMax,
    now,
    stillValid: streamStillValid(database.db, sessions),
    closing: hub.closing,
  });
  app.on(["GET", "POST"], "/api/auth/*", clientIp(config.trustProxy), async (c) => {
    try {
      return await withAuthStorages(() => auth.handler(c.req.raw));
    } finally {
      // A sign-out, a revoked session, a changed or deleted account: this process reads every session again,
      // and the event streams of the session's user are checked now (a sign-out ends its session's streams).
      if (c.req.method !== "GET") {
        sessions.forgetAll();
        const session = sessions.sessionOf(c.req.raw.headers);
        if (session) streams.recheckSession(session);
      }
    }
  });
  app.get("/api/auth-providers", authProvidersRoute(config));
  app.on(
    ["GET", "POST"],
    VERIFY_EMAIL_PATH,
    verifyEmailRoute(config, (token) => auth.api.verifyEmail({ query: { token } })),
  );
  app.route("/api/app-info", appInfoRoutes(config));
  app.route("/api", openApiRoutes(config.baseUrl));

  // "/api/habits/*" also matches "/api/habits" itself: one registration, so one session lookup per request.
  const signedIn = requireUser(sessions);
  const writeLimit = userWriteRateLimit(config.userLimits.writeRateMax);
  app.use("/api/habits/*", signedIn, writeLimit, resolveToday(), notifyChanges(hub, cache));
  app.use("/api/profile/*", signedIn, writeLimit);
  app.use("/api/sync/*", signedIn, writeLimit, notifyChanges(hub, cache));
  app.use("/api/groups/*", signedIn, writeLimit, notifyChanges(hub, cache));
  app.use("/api/tokens/*", signedIn, writeLimit, async (c, next) => {
    await next();
    // A revoked token's event streams end now, not at their next re-check.
    if (c.req.method === "DELETE" && c.res.status < 400) streams.recheckUser(c.get("user").id);
  });
  // The digest's unsubscribe link works without signing in (a signed token): before the session check.
  app.on(["GET", "POST"], "/api/reminders/unsubscribe", unsubscribeRoute(config));
  app.use("/api/reminders/*", signedIn, writeLimit);
  app.use("/api/push/*", signedIn, writeLimit);
  app.use("/api/stats/*", signedIn, resolveToday());
  app.route("/api/habits", habitsRoutes(config.userLimits, cache));
  app.route("/api/sync", syncRoutes(config.userLimits, hub, cache, streamAdmission(streams, sessions)));
  app.route("/api/groups", groupsRoutes());
  app.route("/api/profile", profileRoutes);
  const guesses = { window: config.rateLimit.window, max: config.rateLimit.max };
  app.route("/api/tokens", tokensRoutes({ verify: betterAuthPasswordCheck(auth), guesses }));
  const channels = reminderChannels ?? createReminderChannels(config, log, now);
  app.route("/api/reminders", reminderRoutes(config, channels));
  app.route("/api/push", pushRoutes(config));
  app.route("/api/stats", statsRoutes);

  app.all("/api/*", (c) =>
    sendError(c, 404, "NOT_FOUND", errorText("noRoute", { method: c.req.method, path: c.req.path })),
  );

  // The built web app: real files first (precompressed at build), then index.html for every client route.
  const webRoot = relative(process.cwd(), config.webDir) || ".";
  app.use("*", staticFiles(webRoot));
  app.get("*", appPage(webRoot), (c) => c.text("The web app is not built: run `npm run build`.", 503));

  return app;
}

export type App = ReturnType<typeof createApp>;
