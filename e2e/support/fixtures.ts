import { test as base, expect, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { startTestServer, type TestServer } from "./test-server";

export type TestUser = { name: string; email: string; password: string; cookie: string };

/** Creates an account through the real sign-up endpoint and returns its session cookie. */
export async function createUser(
  server: TestServer,
  overrides: Partial<Omit<TestUser, "cookie">> = {},
): Promise<TestUser> {
  const id = randomUUID().slice(0, 8);
  const user = {
    name: `Tester ${id}`,
    email: `tester-${id}@example.com`,
    password: `pw-${id}-long-enough`,
    ...overrides,
  };
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { ...user, cookie };
}

/** Calls our API as that user (for arranging data quickly; assertions go through the UI). */
export async function api(server: TestServer, user: TestUser, path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      "content-type": "application/json",
      origin: server.url,
      cookie: user.cookie,
      ...(init.headers ?? {}),
    },
  });
}

async function signIn(page: Page, server: TestServer, user: TestUser) {
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
      const server = await startTestServer();
      await use(server);
      await server.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  consoleAllowList: async ({}, use) => use([]),
  allowConsoleErrors: async ({ consoleAllowList }, use) =>
    use((pattern) => void consoleAllowList.push(pattern)),
  // Tests are loud (GUIDE §4.9): an unexpected console error or uncaught exception in the page fails the test.
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
