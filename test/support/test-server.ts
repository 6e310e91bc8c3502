import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/server/config";
import { startServer, type RunningServer } from "../../src/server/server";
import { startMailbox, type Mailbox } from "./mailbox";
import { startOidcProvider, type OidcProvider } from "./oidc-provider";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export type TestServer = {
  url: string;
  config: Config;
  mailbox: Mailbox;
  oidc: OidcProvider;
  running: () => RunningServer;
  /** Stops the server and starts it again on the same data: sessions and habits must survive. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

/** One real server per Playwright worker: fresh SQLite file (or TEST_DATABASE_URL), real SMTP, local OIDC. */
export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "hs-e2e-"));
  const mailbox = await startMailbox();
  const oidc = await startOidcProvider(await freePort());
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    SMTP_URL: mailbox.url,
    MAIL_FROM: "Habit Streaks <no-reply@localhost>",
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: "habit-streaks-e2e",
    OIDC_CLIENT_SECRET: "e2e-client-secret",
    OIDC_LABEL: "Sign in with Test SSO",
    WEB_DIR: "dist/web",
    // One worker signs in and up far more often than a person would; the limits have their own tests
    // (e2e/auth-rate-limit.spec.ts, src/server/auth/rate-limit.test.ts), on servers with the real values.
    SIGN_IN_RATE_MAX: "100000",
    SIGN_UP_RATE_MAX: "100000",
    RESET_RATE_MAX: "100000",
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    ...extraEnv,
  });
  let running = await startServer(config);
  return {
    url: config.baseUrl,
    config,
    mailbox,
    oidc,
    running: () => running,
    async restart() {
      await running.stop();
      running = await startServer(config);
    },
    async close() {
      await running.stop();
      await mailbox.close();
      await oidc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
