import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../core/messages";
import { testDialects } from "../../../test/support/databases";
import { startAuthTestServer, type AuthTestServer } from "../../../test/support/auth-server";

describe.each(testDialects())("password reset on $dialect", (dialect) => {
  let t: AuthTestServer;
  beforeAll(async () => {
    t = await startAuthTestServer(dialect);
  });
  afterAll(() => t.close());

  const resetToken = async (email: string) => {
    const mail = await t.mailbox.waitFor(email, { subject: messages.account.resetMailSubject });
    expect(mail.text).toContain(`Subject: ${messages.account.resetMailSubject}`);
    const link = mail.text.match(/(http:\/\/\S+\/reset-password\?token=([\w-]+))/);
    expect(link?.[1]).toMatch(new RegExp(`^${t.url}/reset-password\\?token=`));
    return link![2]!;
  };

  it("mails a link to our reset page; the new password works, the old one and every session end", async () => {
    const account = await t.signUp();
    const other = await t.post("/sign-in/email", { email: account.email, password: account.password });
    const asked = await t.post("/request-password-reset", {
      email: account.email,
      redirectTo: "/reset-password",
    });
    expect(asked.status).toBe(200);
    const token = await resetToken(account.email);

    const reset = await t.post("/reset-password", { token, newPassword: "a brand new passphrase" });
    expect(reset.status).toBe(200);
    expect(await t.session(account.cookie)).toBeNull();
    expect(await t.session(other.cookie)).toBeNull();
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: account.password })).status,
    ).toBe(401);
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: "a brand new passphrase" })).status,
    ).toBe(200);
    // The link works once.
    expect(
      (await t.post("/reset-password", { token, newPassword: "yet another passphrase" })).body.code,
    ).toBe("INVALID_TOKEN");
  });

  it("refuses a weak new password and keeps the token usable", async () => {
    const account = await t.signUp();
    await t.post("/request-password-reset", { email: account.email });
    const token = await resetToken(account.email);
    const weak = await t.post("/reset-password", { token, newPassword: "iloveyou" });
    expect(weak.body).toMatchObject({ code: "PASSWORD_TOO_WEAK", message: messages.signUp.weakPassword });
    expect((await t.post("/reset-password", { token, newPassword: "correct horse battery" })).status).toBe(
      200,
    );
  });

  it("answers the reset errors for an unknown or malformed address, and sends nothing", async () => {
    const before = t.mailbox.mails.length;
    const unknown = await t.post("/request-password-reset", { email: "nobody@example.com" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "USER_NOT_FOUND", message: messages.reset.userNotFound });
    const malformed = await t.post("/request-password-reset", { email: "not-an-address" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: "INVALID_EMAIL", message: messages.reset.invalidEmail });
    expect(t.mailbox.mails.length).toBe(before);
  });

  it("refuses an unknown token", async () => {
    const res = await t.post("/reset-password", {
      token: "not-a-token",
      newPassword: "correct horse battery",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_TOKEN");
  });
});
