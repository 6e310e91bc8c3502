import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { newAccount, startAuthTestServer, type AuthTestServer } from "../../../test/support/auth-server";

// Display names and images set through Better Auth follow the profile's rules.
describe.each(testDialects())("names and images through Better Auth on $dialect", (dialect) => {
  let t: AuthTestServer;
  beforeAll(async () => {
    t = await startAuthTestServer(dialect);
  });
  afterAll(() => t.close());

  const profileOf = async (cookie: string) =>
    (await fetch(`${t.url}/api/profile`, { headers: { cookie } })).json() as Promise<{
      displayName: string;
      photoURL: string | null;
    }>;

  it.each([
    ["5,000 characters with control characters", "Ada\u0007".repeat(1000), /at most 100 characters/],
    ["a control character", "Ada\nLovelace", /control characters/],
    ["a C1 control", "Ada\u0085", /control characters/],
    ["a right-to-left override", "Ada \u202eecalevoL", /text-direction/],
    ["a lone surrogate", "x\ud800y", /unpaired surrogate/],
  ])("refuses a sign-up name with %s: 400 and no account", async (_label, name, message) => {
    const account = newAccount({ name });
    const res = await t.post("/sign-up/email", account);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "INVALID_NAME", message: expect.stringMatching(message) });
    const { internalAdapter } = await t.running().auth.$context;
    expect(await internalAdapter.findUserByEmail(account.email)).toBeNull();
  });

  it("stores a sign-up name trimmed and NFC-normalised, in the session and the profile", async () => {
    const account = await t.signUp({ name: "  Zoe\u0308 Cafe\u0301 " });
    expect((await t.session(account.cookie))?.user.name).toBe("Zo\u00eb Caf\u00e9");
    expect((await profileOf(account.cookie)).displayName).toBe("Zo\u00eb Caf\u00e9");
  });

  it("accepts an https image at sign-up and refuses any other", async () => {
    const image = "https://example.com/ada.png";
    const ok = await t.post("/sign-up/email", { ...newAccount(), image });
    expect(ok.status).toBe(200);
    expect((await profileOf(ok.cookie)).photoURL).toBe(image);
    for (const bad of ["http://example.com/ada.png", "javascript:alert(1)", "ada.png"]) {
      const res = await t.post("/sign-up/email", { ...newAccount(), image: bad });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_IMAGE");
    }
  });

  it("update-user: the same rules for the name and the image", async () => {
    const account = await t.signUp({ name: "Ada" });
    const update = (body: unknown) => t.post("/update-user", body, { cookie: account.cookie });
    for (const name of ["x".repeat(101), "   ", "Ada\u0000", "Ada\u009b", "\u2066Ada", "Ada\udfff"]) {
      const res = await update({ name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.code).toBe("INVALID_NAME");
    }
    expect((await update({ image: "http://example.com/a.png" })).body.code).toBe("INVALID_IMAGE");
    expect((await t.session(account.cookie))?.user.name).toBe("Ada");

    expect((await update({ name: " Ame\u0301lie ", image: "https://example.com/a.png" })).status).toBe(200);
    expect((await t.session(account.cookie))?.user).toMatchObject({
      name: "Am\u00e9lie",
      image: "https://example.com/a.png",
    });
    expect((await update({ image: null })).status).toBe(200);
  });

  it("keeps a provider's sign-in: a name is cleaned and an image that is not https is dropped", async () => {
    // The path an OIDC or Google first sign-in takes: internalAdapter.createUser, through our database hooks.
    const { internalAdapter } = await t.running().auth.$context;
    const created = await internalAdapter.createUser(
      {
        email: newAccount().email,
        name: ` Grace\u202e Hopper\u0007${"!".repeat(200)}`,
        image: "http://provider.example/grace.png",
      },
      { method: "oauth", oauth: { providerId: "oidc" } },
    );
    expect(created.name).toBe(`Grace Hopper ${"!".repeat(87)}`);
    expect(created.image).toBeNull();
    const updated = await internalAdapter.updateUser(created.id, { image: "http://provider.example/g.png" });
    expect(updated?.image).toBeNull();
  });
});
