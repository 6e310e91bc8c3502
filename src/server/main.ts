import { ConfigError, loadConfig, type Config } from "./config";
import { createLogger } from "./log/logger";
import { startServer } from "./server";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting stops start-up with a message that names the variable (GUIDE §4.15).
  if (!(error instanceof ConfigError)) throw error;
  createLogger({ level: "info", fd: 2 }).fatal(`Configuration error: ${error.message}`);
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel });
const server = await startServer(config, { logger });
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
