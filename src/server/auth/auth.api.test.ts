import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../core/messages";
import { MAX_PASSWORD_LENGTH } from "../../core/constants";
import { testDialects } from "../../../test/support/databases";
import { newAccount, startAuthTestServer, type AuthTestServer } from "../../../test/support/auth-server";

describe.each(testDialects())("accounts API on $dialect", (dialect) => {
  let t: AuthTestServer;
  beforeAll(async () => {
    t = await startAuthTestServer(dialect);
  });
  afterAll(() => t.close());

  it("creates the account, sets the display name and creates the profile at sign-up", async () => {
    const account = await t.signUp({ name: "  Ada Lovelace " });
    const res = await fetch(`${t.url}/api/profile`, { headers: { cookie: account.cookie } });
    expect(await res.json()).toMatchObject({ email: account.email, displayName: "Ada Lovelace" });
    expect((await t.session(account.cookie))?.user.name).toBe("Ada Lovelace");
  });

  it("keeps the session in an HttpOnly, SameSite=Lax cookie that survives a restart", async () => {
    const account = newAccount();
    const res = await t.post("/sign-up/email", account);
    const session = res.setCookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    await t.restart();
    expect((await t.session(res.cookie))?.user.email).toBe(account.email);
  });

  it("stores the password with scrypt", async () => {
    const account = await t.signUp();
    const { rows } = await sql<{ password: string }>`
      select a.password from account a join "user" u on u.id = a."userId" where u.email = ${account.email}
    `.execute(t.running().database.db);
    // The test servers hash cheaply (TEST_PASSWORD_HASH); the production parameters are checked below.
    expect(rows[0]?.password).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{22}\$[\w-]{86}$/);
  });

  it("refuses a password from the common-password list as too weak, whatever its case", async () => {
    for (const password of ["password1", "PassWord1", "qwerty123"]) {
      const res = await t.post("/sign-up/email", newAccount({ password }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "PASSWORD_TOO_WEAK", message: messages.signUp.weakPassword });
    }
  });

  it("enforces the length limits of 6 and 128", async () => {
    expect((await t.post("/sign-up/email", newAccount({ password: "Ab3$x" }))).body.code).toBe(
      "PASSWORD_TOO_SHORT",
    );
    const tooLong = "x9".repeat(MAX_PASSWORD_LENGTH / 2) + "y";
    expect((await t.post("/sign-up/email", newAccount({ password: tooLong }))).body.code).toBe(
      "PASSWORD_TOO_LONG",
    );
    expect((await t.post("/sign-up/email", newAccount({ password: tooLong.slice(1) }))).status).toBe(200);
  });

  it("answers the codes the login page maps to its messages", async () => {
    const account = await t.signUp();
    expect((await t.post("/sign-up/email", newAccount({ email: account.email }))).body.code).toMatch(
      /^USER_ALREADY_EXISTS/,
    );
    expect(
      (await t.post("/sign-in/email", { email: account.email, password: "wrong-password" })).body.code,
    ).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(
      (await t.post("/sign-in/email", { email: "nobody@example.com", password: "whatever-1" })).body.code,
    ).toBe("INVALID_EMAIL_OR_PASSWORD");
    const signedIn = await t.post("/sign-in/email", {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(signedIn.status).toBe(200);
  });

  it("refuses a cookie-carrying POST from an origin it does not trust", async () => {
    const account = await t.signUp();
    const res = await t.post(
      "/sign-out",
      {},
      { cookie: account.cookie, headers: { origin: "https://evil.example" } },
    );
    // Our Origin check (originCheck, src/server/http/frame.ts) answers before Better Auth's own.
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "FORBIDDEN_ORIGIN" });
    expect((await t.session(account.cookie))?.user.email).toBe(account.email);
  });

  it("tells the login page which providers are configured", async () => {
    const res = await fetch(`${t.url}/api/auth-providers`);
    expect(await res.json()).toEqual({ google: false, oidc: null });
  });
});

describe("password storage", () => {
  it("hashes with scrypt at OWASP parameters unless a test asks for cheaper ones", async () => {
    const [sqlite] = testDialects();
    const t = await startAuthTestServer(sqlite!, {}, { passwordHash: "production" });
    try {
      const account = await t.signUp();
      const { rows } = await sql<{ password: string }>`
        select a.password from account a join "user" u on u.id = a."userId" where u.email = ${account.email}
      `.execute(t.running().database.db);
      expect(rows[0]?.password).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    } finally {
      await t.close();
    }
  });
});

describe("accounts behind HTTPS", () => {
  it("marks the session cookie Secure when BASE_URL is https", async () => {
    const [sqlite] = testDialects();
    const t = await startAuthTestServer(sqlite!, { BASE_URL: "https://habits.example.com" });
    try {
      const res = await fetch(`${t.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://habits.example.com" },
        body: JSON.stringify(newAccount()),
      });
      const session = res.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(session).toMatch(/^__Secure-better-auth\.session_token=.*; Secure/i);
    } finally {
      await t.close();
    }
  });
});
