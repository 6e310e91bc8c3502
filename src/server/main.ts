import { ConfigError, loadConfig, type Config } from "./config";
import { startServer } from "./server";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting stops start-up with a message that names the variable (GUIDE §4.15).
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
const server = await startServer(config);
console.log(`Habit Streaks listening on ${config.baseUrl} (port ${server.port}, ${server.database.dialect})`);

let shuttingDown = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal}: finishing in-flight requests, then closing the database`);
    server.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
