// API tokens end with the password (docs/decisions/0055-tokens-end-with-the-password.md): a reset or a change of
// the password through Better Auth's own endpoints revokes every token of the account, on both dialects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "../../core/contract-schema";
import { testDialects, type TestDatabase } from "../../../test/support/databases";
import { startTestServer, type TestServer, type TestUser } from "../../../test/support/test-server";

describe.each(testDialects())("API tokens and password changes on $dialect", (dialect) => {
  let database: TestDatabase;
  let t: TestServer;
  beforeAll(async () => {
    database = await dialect.create();
    t = await startTestServer({ databaseUrl: database.url, mailbox: true });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const makeToken = async (user: TestUser) => {
    const res = await t.call<CreatedApiToken>(user, "POST", "/api/tokens", {
      json: { name: "Script", scope: "read-only" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token;
  };
  /** The status of a read made with the token alone, as a script would make it. */
  const readWith = async (token: string) =>
    (await t.call(null, "GET", "/api/habits", { headers: { authorization: `Bearer ${token}`, origin: "" } }))
      .status;

  const mailsTo = (email: string) => t.mailbox.mails.filter((m) => m.to.includes(email.toLowerCase()));
  const resetLink = async (email: string): Promise<string> => {
    const before = mailsTo(email).length;
    expect((await t.post("/request-password-reset", { email })).status).toBe(200);
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(before + 1);
    const token = mailsTo(email)
      .at(-1)
      ?.text.match(/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    return token!;
  };

  it("a password reset revokes the account's tokens, and only that account's", async () => {
    const [ada, bob] = [await t.signUp(), await t.signUp()];
    const adas = [await makeToken(ada), await makeToken(ada)];
    const bobs = await makeToken(bob);
    expect(await readWith(adas[0]!)).toBe(200);
    const link = await resetLink(ada.email);
    expect(
      (await t.post("/reset-password", { token: link, newPassword: "a brand new passphrase" })).status,
    ).toBe(200);
    for (const token of adas) expect(await readWith(token)).toBe(401);
    expect(await readWith(bobs)).toBe(200);
    const signIn = await t.post("/sign-in/email", { email: ada.email, password: "a brand new passphrase" });
    expect(signIn.status).toBe(200);
    const listed = await t.call<{ tokens: unknown[] }>({ cookie: signIn.cookie }, "GET", "/api/tokens");
    expect(listed.body.tokens).toEqual([]);
  });

  it("a password change revokes the account's tokens", async () => {
    const ada = await t.signUp();
    const token = await makeToken(ada);
    expect(await readWith(token)).toBe(200);
    const changed = await t.post(
      "/change-password",
      { currentPassword: ada.password, newPassword: "a changed passphrase" },
      { cookie: ada.cookie },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await readWith(token)).toBe(401);
    // The session that changed it goes on, and may make a new token.
    const again = await makeToken({ ...ada, cookie: changed.cookie || ada.cookie });
    expect(await readWith(again)).toBe(200);
  });

  it("a refused password change keeps the tokens", async () => {
    const ada = await t.signUp();
    const token = await makeToken(ada);
    const refused = await t.post(
      "/change-password",
      { currentPassword: "not the password", newPassword: "a changed passphrase" },
      { cookie: ada.cookie },
    );
    expect(refused.status).toBe(400);
    expect(await readWith(token)).toBe(200);
  });
});
