import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/database";
import { migrateAll } from "./db/migrate";
import { createAuth, type Auth } from "./auth/auth";
import type { ScryptParams } from "./auth/password-hash";
import { createApp, createReminderChannels, type App } from "./app";
import { createLogger, type Logger } from "./log/logger";
import { createChangeHub, type ChangeHub } from "./sync/change-hub";
import { startSyncPruning } from "./sync/prune";
import { startReminderScheduler, type ReminderScheduler } from "./reminders/scheduler";

export type RunningServer = {
  url: string;
  port: number;
  app: App;
  auth: Auth;
  database: DatabaseHandle;
  /** Change signals to open sync event streams (GET /api/sync/events). */
  changes: ChangeHub;
  /** The reminder scheduler: `tick()` runs one pass now. */
  reminders: ReminderScheduler;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  stop: () => Promise<void>;
};

/** `now` moves the server's clock and `passwordHash` makes hashing cheap: both for tests only. `logger`
 * defaults to one at LOG_LEVEL on stdout. */
export type ServerOptions = {
  now?: () => Date;
  passwordHash?: ScryptParams;
  logger?: Logger;
  /** The reminder scheduler's period (tests: short, to follow a clock they move; 0: ticks only by hand). */
  reminderTickMs?: number;
};

/** In-flight requests get this long to finish when the server stops. */
const STOP_DEADLINE_MS = 10_000;

/**
 * Node's limits on a socket's requests (docs/decisions/0056-bounded-event-streams.md): a request's headers must
 * come within 15 s of its connection (a socket that sends nothing is cut too), the whole request within 300 s (a
 * backup upload on a slow link), and a kept-alive socket idles 5 s. Checked every 5 s. None applies to an answer
 * being sent: an event stream is bounded by its own checks (sync/sync.routes.ts).
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 15_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 5_000,
};

export async function startServer(config: Config, opts: ServerOptions = {}): Promise<RunningServer> {
  const database = openDatabase(config.databaseUrl);
  const logger = opts.logger ?? createLogger({ level: config.logLevel });
  const auth = createAuth({ config, database, now: opts.now, passwordHash: opts.passwordHash, logger });
  await migrateAll(auth, database.db as never);
  const changes = createChangeHub(database, config.databaseUrl);
  const pruning = startSyncPruning(database.db, opts.now ?? (() => new Date()), logger);
  const now = opts.now ?? (() => new Date());
  const reminderChannels = createReminderChannels(config, logger, now);
  const app = createApp({ config, database, auth, changes, now: opts.now, logger, reminderChannels });
  const reminders = startReminderScheduler({
    db: database.db,
    channels: reminderChannels,
    now,
    logger,
    tickMs: opts.reminderTickMs,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: HTTP_TIMEOUTS },
      () => resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve, reject) => {
      void changes.close(); // ends the open event streams, which would otherwise hold the server open
      // A kept-alive socket that carries one more request after close() (an EventSource reconnecting) would hold
      // the close open: idle sockets are closed as they become idle, and after 10 s every socket is.
      const http = "closeAllConnections" in server ? server : undefined;
      const idle = setInterval(() => http?.closeIdleConnections(), 100);
      const deadline = setTimeout(() => http?.closeAllConnections(), STOP_DEADLINE_MS);
      server.close((err) => {
        clearInterval(idle);
        clearTimeout(deadline);
        if (err) reject(err);
        else resolve();
      });
      http?.closeIdleConnections();
    })
      .then(() => pruning.stop())
      .then(() => reminders.stop())
      .then(() => database.close()));
  return { url: `http://localhost:${port}`, port, app, auth, database, changes, reminders, stop };
}
