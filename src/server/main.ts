import { loadConfig } from "./config";
import { startServer } from "./server";

const config = loadConfig();
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
