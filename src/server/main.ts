import { setFlagsFromString } from "node:v8";
import { ConfigError, loadConfig, type Config } from "./config";
import { createLogger } from "./log/logger";
import { warnAboutOpenSecrets } from "./private-files";
import { startServer } from "./server";

// Memory (docs/decisions/0059-server-read-path.md). V8 lets the old generation grow to several times what is
// live before it collects again. Collect once it has grown by a quarter (V8 reads this at each collection, so
// setting it here is as good as on the command line). The young generation's size is set when Node starts:
// `npm start` gives it with --max-semi-space-size.
setFlagsFromString("--heap-growing-percent=25");

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting stops start-up with a message that names the variable.
  if (!(error instanceof ConfigError)) throw error;
  createLogger({ level: "info", fd: 2 }).fatal(`Configuration error: ${error.message}`);
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel });
warnAboutOpenSecrets(config.dataDir, logger);
let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(config, { logger });
} catch (error) {
  // An unreachable database or a taken port: one line that says so, not Node's print of the minified bundle's
  // source around the throw (main-output.test.ts).
  const { message, code } = error as { message?: string; code?: string };
  logger.fatal(`Could not start: ${message ?? String(error)}${code ? ` (${code})` : ""}`);
  process.exit(1);
}
logger.info(`Habit Streaks listening on ${config.baseUrl} (port ${server.port}, ${server.database.dialect})`);

let shuttingDown = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal}: finishing in-flight requests, then closing the database`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "stopping failed");
        process.exit(1);
      },
    );
  });
}
