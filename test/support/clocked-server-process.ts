// Server processes with a clock the test controls: test/support/clocked-server-main.ts as its own OS
// process, several on one database, all reading the same clock file. For tests of the reminder scheduler across
// processes and restarts.
import { spawn } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { superviseServer, type ServerProcess } from "./server-process";
import { STUB_WEB_DIR, TEST_SECRET } from "./test-server";

/** The clock of every process started with it: `set` moves them all to an instant (then real time runs on). */
export type SharedClock = { file: string; set: (iso: string) => void; close: () => void };

export function sharedClock(startIso: string): SharedClock {
  const dir = mkdtempSync(join(tmpdir(), "hs-clock-"));
  const file = join(dir, "offset");
  // Written whole, then renamed into place: a process reading while writeFileSync truncates would find the file
  // empty (a clock at real time, days after the test's instant: due reminders then count as more than an hour late).
  const set = (iso: string) => {
    writeFileSync(`${file}.next`, String(Date.parse(iso) - Date.now()));
    renameSync(`${file}.next`, file);
  };
  set(startIso);
  return { file, set, close: () => rmSync(dir, { recursive: true, force: true }) };
}

export type ClockedServer = ServerProcess;

export async function startClockedServer(options: {
  databaseUrl: string;
  clock: SharedClock;
  tickMs?: number;
  env?: Record<string, string>;
}): Promise<ClockedServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "hs-clocked-"));
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/clocked-server-main.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: TEST_SECRET,
      WEB_DIR: STUB_WEB_DIR,
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_MAX: "100000",
      SIGN_UP_RATE_MAX: "100000",
      RESET_RATE_MAX: "100000",
      // The local Web Push service (push-service.ts) is plain http on 127.0.0.1; tests of the refusal set it false.
      PUSH_ALLOW_PRIVATE_HOSTS: "true",
      TEST_CLOCK_FILE: options.clock.file,
      TEST_REMINDER_TICK_MS: String(options.tickMs ?? 250),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return superviseServer(child, url, dataDir);
}
