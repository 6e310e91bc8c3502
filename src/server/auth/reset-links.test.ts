import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { startAuthTestServer, type AuthTestServer } from "../../../test/support/auth-server";

// Reset links are single-use as a set, and a password change ends the other sessions.
describe.each(testDialects())("reset links and password changes on $dialect", (dialect) => {
  let t: AuthTestServer;
  beforeAll(async () => {
    t = await startAuthTestServer(dialect);
  });
  afterAll(() => t.close());

  const mailsTo = (email: string) => t.mailbox.mails.filter((m) => m.to.includes(email.toLowerCase()));

  /** Requests a link and reads its token from the new mail. */
  const requestLink = async (email: string): Promise<string> => {
    const before = mailsTo(email).length;
    expect((await t.post("/request-password-reset", { email })).status).toBe(200);
    await expect.poll(() => mailsTo(email).length).toBe(before + 1);
    const token = mailsTo(email)
      .at(-1)
      ?.text.match(/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    return token!;
  };

  const reset = (token: string, newPassword: string) => t.post("/reset-password", { token, newPassword });

  it("an older link no longer works once a newer one was used", async () => {
    const account = await t.signUp();
    const older = await requestLink(account.email);
    const newer = await requestLink(account.email);
    expect((await reset(newer, "first new passphrase")).status).toBe(200);
    const replay = await reset(older, "second new passphrase");
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("INVALID_TOKEN");
    const signIn = await t.post("/sign-in/email", { email: account.email, password: "first new passphrase" });
    expect(signIn.status).toBe(200);
  });

  it("requesting a new link makes the earlier ones invalid at once", async () => {
    const account = await t.signUp();
    const first = await requestLink(account.email);
    const second = await requestLink(account.email);
    const third = await requestLink(account.email);
    for (const token of [first, second]) {
      expect((await reset(token, "an early passphrase")).body.code).toBe("INVALID_TOKEN");
    }
    expect((await reset(third, "the latest passphrase")).status).toBe(200);
  });

  it("using a link also ends a link issued beside it in a race", async () => {
    const account = await t.signUp();
    const used = await requestLink(account.email);
    const user = (await t.session(account.cookie))!.user;
    // Written straight to the table (no hooks), as two concurrent requests could leave it.
    const { adapter } = await t.running().auth.$context;
    await adapter.create({
      model: "verification",
      data: { identifier: "reset-password:raced", value: user.id, expiresAt: new Date(Date.now() + 600_000) },
    });
    expect((await reset(used, "first new passphrase")).status).toBe(200);
    expect((await reset("raced", "second new passphrase")).body.code).toBe("INVALID_TOKEN");
  });

  it("another account's link stays valid", async () => {
    const [ada, bob] = [await t.signUp(), await t.signUp()];
    const adas = await requestLink(ada.email);
    await requestLink(bob.email);
    const bobs = await requestLink(bob.email);
    expect((await reset(bobs, "bobs new passphrase")).status).toBe(200);
    expect((await reset(adas, "adas new passphrase")).status).toBe(200);
  });

  it("changing the password while signed in ends the other sessions and keeps this one", async () => {
    const account = await t.signUp();
    const other = await t.post("/sign-in/email", { email: account.email, password: account.password });
    expect(await t.session(other.cookie)).not.toBeNull();
    const changed = await t.post(
      "/change-password",
      { currentPassword: account.password, newPassword: "a changed passphrase" },
      { cookie: account.cookie },
    );
    expect(changed.status).toBe(200);
    expect(await t.session(other.cookie)).toBeNull();
    expect((await t.session(changed.cookie || account.cookie))?.user.email).toBe(account.email);
  });
});
