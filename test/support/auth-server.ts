// Auth API tests in vitest: the one test server (./test-server.ts) on a fresh database of the given dialect, with
// a real SMTP receiver and environment overrides, called over real sockets (rate limits read the client address).
import type { Config } from "../../src/server/config";
import type { RunningServer } from "../../src/server/server";
import type { TestDialect } from "./databases";
import type { Mailbox } from "./mailbox";
import { startTestServer, type Account, type TestServer, type TestServerOptions } from "./test-server";

export { newAccount } from "./test-server";
export type { Account, AuthResponse } from "./test-server";

export type AuthTestServer = {
  url: string;
  config: Config;
  mailbox: Mailbox;
  running: () => RunningServer;
  restart: () => Promise<void>;
  post: TestServer["post"];
  session: TestServer["session"];
  signUp: (fields?: Partial<Account>) => Promise<Account & { id: string; cookie: string }>;
  close: () => Promise<void>;
};

export async function startAuthTestServer(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: Pick<TestServerOptions, "passwordHash"> = {},
): Promise<AuthTestServer> {
  const database = await dialect.create();
  let server: TestServer;
  try {
    server = await startTestServer({ ...options, databaseUrl: database.url, env, mailbox: true });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    url: server.url,
    config: server.config,
    mailbox: server.mailbox,
    running: server.running,
    restart: server.restart,
    post: server.post,
    session: server.session,
    signUp: server.signUp,
    async close() {
      try {
        await server.close();
      } finally {
        await database.drop();
      }
    },
  };
}
