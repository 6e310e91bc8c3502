import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { startAuthTestServer, type AuthTestServer } from "../../../test/support/auth-server";
import { disableUser, enableUser, listUsers } from "./user-admin";

const run = promisify(execFile);

describe.each(testDialects())("disabling accounts on $dialect", (dialect) => {
  let t: AuthTestServer;
  beforeAll(async () => {
    t = await startAuthTestServer(dialect);
  });
  afterAll(() => t.close());

  it("ends a disabled user's sessions and refuses sign-in with BANNED_USER until re-enabled", async () => {
    const account = await t.signUp();
    const second = await t.post("/sign-in/email", { email: account.email, password: account.password });
    const auth = t.running().auth;
    await disableUser(auth, account.email.toUpperCase());
    expect(await t.session(account.cookie)).toBeNull();
    expect(await t.session(second.cookie)).toBeNull();
    const refused = await t.post("/sign-in/email", { email: account.email, password: account.password });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("BANNED_USER");
    // A wrong password still says only that: a disabled account is not revealed to someone without it.
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: "wrong-password" })).status,
    ).toBe(401);
    expect((await listUsers(auth)).find((u) => u.email === account.email)?.disabled).toBe(true);

    await enableUser(auth, account.email);
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: account.password })).status,
    ).toBe(200);
    expect((await listUsers(auth)).find((u) => u.email === account.email)?.disabled).toBe(false);
  });

  it("names an unknown account in its error", async () => {
    await expect(disableUser(t.running().auth, "nobody@example.com")).rejects.toThrow(
      "No account with the email nobody@example.com",
    );
  });

  it("works as `npm run user` on the server's own configuration and database", async () => {
    const account = await t.signUp();
    const { dataDir, databaseUrl, authSecret, baseUrl } = t.config;
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: authSecret,
      BASE_URL: baseUrl,
    };
    const cli = (...args: string[]) =>
      run(process.execPath, ["--import", "tsx", "scripts/user.ts", ...args], { env });

    expect((await cli("disable", account.email)).stdout).toContain(`Disabled ${account.email}`);
    expect(await t.session(account.cookie)).toBeNull();
    expect((await cli("list")).stdout).toMatch(new RegExp(`${account.email}\\tdisabled`));
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: account.password })).body.code,
    ).toBe("BANNED_USER");
    expect((await cli("enable", account.email)).stdout).toContain(`Enabled ${account.email}`);
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: account.password })).status,
    ).toBe(200);
    await expect(cli("disable")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage: npm run user"),
    });
  }, 60_000); // four Node processes on a small machine
});
