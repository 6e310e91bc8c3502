// Test-only server entry: src/server/main.ts with a clock the test controls and a short reminder tick.
// The clock is real time plus an offset in milliseconds read from the file TEST_CLOCK_FILE (the test writes it);
// TEST_REMINDER_TICK_MS sets the scheduler's period. Never part of the app: production starts src/server/main.ts,
// whose clock is the system's, and no HTTP route moves a clock.
import { readFileSync } from "node:fs";
import { loadConfig } from "../../src/server/config";
import { createLogger } from "../../src/server/log/logger";
import { startServer } from "../../src/server/server";

const clockFile = process.env.TEST_CLOCK_FILE;
if (!clockFile) throw new Error("TEST_CLOCK_FILE must name the file holding the clock's offset (ms)");

let offset = 0;
let readAt = -Infinity;
/** Real time plus the file's offset, read again at most every 20 ms. */
const now = () => {
  const real = Date.now();
  if (real - readAt > 20) {
    const text = readFileSync(clockFile, "utf8").trim();
    const value = Number(text);
    if (text !== "" && Number.isFinite(value)) offset = value; // an empty file is no offset of 0
    readAt = real;
  }
  return new Date(real + offset);
};

const config = loadConfig();
const logger = createLogger({ level: config.logLevel });
const server = await startServer(config, {
  logger,
  now,
  reminderTickMs: Number(process.env.TEST_REMINDER_TICK_MS ?? 250),
});

for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
