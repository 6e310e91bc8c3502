import { test as base, expect, type Page } from "@playwright/test";
import {
  startTestServer,
  type Account,
  type TestServer,
  type TestServerOptions,
  type TestUser,
} from "../../test/support/test-server";

export type { TestServer, TestUser };

/** The server the browser tests use: the built web app, a real SMTP receiver and a local OIDC provider. */
export function startE2eServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({
    web: "built",
    mailbox: true,
    oidc: true,
    ...(process.env.E2E_DATABASE_URL && { databaseUrl: process.env.E2E_DATABASE_URL }),
    ...options,
  });
}

/** Creates an account through the real sign-up endpoint and returns its session cookie. */
export const createUser = (server: TestServer, overrides: Partial<Account> = {}): Promise<TestUser> =>
  server.signUp(overrides);

/** Calls our API as that user (for arranging data quickly; assertions go through the UI). */
export async function api(server: TestServer, user: TestUser, path: string, init: RequestInit = {}) {
  return server.request(path, {
    ...init,
    headers: {
      "content-type": "application/json",
      origin: server.url,
      cookie: user.cookie,
      ...(init.headers ?? {}),
    },
  });
}

/** Gives the page the user's session cookie: signed in without a trip through the login page. */
export async function signIn(page: Page, server: TestServer, user: TestUser) {
  const cookies = user.cookie.split("; ").map((pair) => {
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: server.url };
  });
  await page.context().addCookies(cookies);
}

type Fixtures = {
  user: TestUser;
  signedInPage: Page;
  /** Marks browser console errors matching the pattern as expected in this test. */
  allowConsoleErrors: (pattern: RegExp) => void;
};

type Internal = { consoleAllowList: RegExp[]; consoleGuard: void };

export const test = base.extend<Fixtures & Internal, { server: TestServer }>({
  server: [
    async ({}, use) => {
      const server = await startE2eServer();
      await use(server);
      await server.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // Every page runs on Playwright's clock from the start, at the real time and pace, so that a helper can skip
  // the splash's minimum time (checked in shell.spec.ts) instead of waiting it out on each load.
  page: async ({ page }, use) => {
    await page.clock.install();
    await use(page);
  },
  consoleAllowList: async ({}, use) => use([]),
  allowConsoleErrors: async ({ consoleAllowList }, use) =>
    use((pattern) => void consoleAllowList.push(pattern)),
  // Tests are loud: an unexpected console error or uncaught exception in the page fails the test.
  consoleGuard: [
    async ({ page, consoleAllowList }, use, testInfo) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
      await use();
      const unexpected = errors.filter((e) => !consoleAllowList.some((p) => p.test(e)));
      if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Unexpected browser console errors:\n${unexpected.join("\n")}`);
      }
    },
    { auto: true },
  ],
  user: async ({ server }, use) => use(await createUser(server)),
  signedInPage: async ({ page, server, user }, use) => {
    await signIn(page, server, user);
    await use(page);
  },
});

export { expect };
