import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../core/messages";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import type { Profile } from "./profile.repo";
import { MAX_DISPLAY_NAME_LENGTH } from "../../core/contract-schema";

describe.each(testDialects())("profile API on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  const get = (user: TestUser) => t.call<Profile>(user, "GET", "/api/profile");
  const patch = (user: TestUser, json: unknown) => t.call<Profile>(user, "PATCH", "/api/profile", { json });
  // Signing up hashes a password at OWASP cost, so most tests share these two users.
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([t.signUp({ name: "Alice Liddell" }), t.signUp({ name: "Bob" })]);
  });

  it("is created at sign-up with the given name as display name and the default settings", async () => {
    const res = await get(alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: alice.id,
      email: alice.email,
      displayName: "Alice Liddell",
      photoURL: null,
      preferences: { theme: "light", notifications: true, language: null },
      createdAt: expect.stringMatching(new RegExp(`^${TEST_DAY}T`)),
      updatedAt: res.body.createdAt,
    });
  });

  it.each(["", "   "])(
    "defaults the display name to the part of the email before the @ when the name is %j",
    async (name) => {
      const user = await t.signUp({ name, email: `no.name+${name.length}@example.com` });
      expect((await get(user)).body.displayName).toBe(`no.name+${name.length}`);
    },
  );

  it("updates the display name, trimmed, and bumps updatedAt", async () => {
    const before = (await get(alice)).body;
    t.clock.advance(1000);
    const res = await patch(alice, { displayName: "  Alice L.  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      displayName: "Alice L.",
      email: alice.email,
      createdAt: before.createdAt,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect((await get(alice)).body).toEqual(res.body);
  });

  it("stores the display name NFC-normalised", async () => {
    expect((await patch(alice, { displayName: "Alice\u0301 L." })).body.displayName).toBe("Alic\u00e9 L.");
  });

  it("updates one preference at a time, keeping the other", async () => {
    const dark = await patch(alice, { preferences: { theme: "dark" } });
    expect(dark.body.preferences).toEqual({ theme: "dark", notifications: true, language: null });
    const quiet = await patch(alice, { preferences: { notifications: false } });
    expect(quiet.body.preferences).toEqual({ theme: "dark", notifications: false, language: null });
    expect((await get(alice)).body.preferences).toEqual({
      theme: "dark",
      notifications: false,
      language: null,
    });
  });

  it("keeps the account's language, and forgets it with null", async () => {
    const german = await patch(bob, { preferences: { language: "pt-BR" } });
    expect(german.status).toBe(200);
    expect(german.body.preferences.language).toBe("pt-BR");
    expect((await get(bob)).body.preferences).toMatchObject({ language: "pt-BR", notifications: true });
    expect((await patch(bob, { preferences: { language: null } })).body.preferences.language).toBeNull();
    expect((await get(bob)).body.preferences.language).toBeNull();
  });

  it("sets and clears the photo URL", async () => {
    const url = "https://example.com/me.png";
    expect((await patch(alice, { photoURL: url })).body.photoURL).toBe(url);
    expect((await patch(alice, { photoURL: null })).body.photoURL).toBeNull();
  });

  it("changes nothing for an empty patch", async () => {
    const before = (await get(alice)).body;
    expect((await patch(alice, {})).body).toEqual(before);
  });

  it("keeps each user's profile to themselves", async () => {
    await patch(bob, { displayName: "Robert", preferences: { theme: "dark" } });
    expect((await get(alice)).body.displayName).not.toBe("Robert");
    expect((await get(bob)).body).toMatchObject({ id: bob.id, email: bob.email, displayName: "Robert" });
  });
});

// Refusals of a bad body come before any SQL but the session lookup, so SQLite in-process suffices.
describe("profile API validation", () => {
  const t = useTestServer(testDialects()[0]!, undefined, { transport: "in-process" });
  const get = (user: TestUser) => t.call<Profile>(user, "GET", "/api/profile");
  const patch = (user: TestUser, json: unknown) => t.call<Profile>(user, "PATCH", "/api/profile", { json });
  let bob: TestUser;
  beforeAll(async () => {
    bob = await t.signUp({ name: "Bob" });
  });

  it.each([
    ["a blank display name", { displayName: "   " }, messages.validation.displayNameEmpty],
    ["an empty display name", { displayName: "" }, messages.validation.displayNameEmpty],
    [
      "an oversized display name",
      { displayName: "x".repeat(MAX_DISPLAY_NAME_LENGTH + 1) },
      /at most 100 characters/,
    ],
    ["a number as display name", { displayName: 7 }, /displayName: .*string/],
    ["a display name with a control character", { displayName: "Bob\u0007" }, /control characters/],
    ["a display name with a C1 control", { displayName: "Bob\u0085" }, /control characters/],
    ["a display name with a bidi override", { displayName: "\u202eboB" }, /text-direction/],
    ["a display name with a lone surrogate", { displayName: "B\ud800ob" }, /unpaired surrogate/],
    ["the read-only email", { email: "new@example.com" }, /email/],
    ["an unknown field", { role: "admin" }, /role/],
    ["an unknown theme", { preferences: { theme: "blue" } }, /preferences\.theme: must be light or dark/],
    [
      "a string for notifications",
      { preferences: { notifications: "yes" } },
      /preferences\.notifications: must be true or false/,
    ],
    ["an unknown preference", { preferences: { fontSize: 12 } }, /fontSize/],
    [
      "an unknown language",
      { preferences: { language: "xx" } },
      /preferences\.language: must be one of en, de/,
    ],
    ["a pseudo-locale as language", { preferences: { language: "en-XA" } }, /preferences\.language/],
    ["a javascript: photo URL", { photoURL: "javascript:alert(1)" }, /photoURL: must be an https URL/],
    ["an http photo URL", { photoURL: "http://example.com/me.png" }, /photoURL: must be an https URL/],
    ["a photo URL that is not a URL", { photoURL: "me.png" }, /photoURL/],
    ["an array body", [{ displayName: "A" }], /object/],
    ["a null body", null, /object/],
  ])("rejects %s with 400 VALIDATION_FAILED and changes nothing", async (_label, json, message) => {
    const before = (await get(bob)).body;
    expectError(await patch(bob, json), 400, "VALIDATION_FAILED", message);
    expect((await get(bob)).body).toEqual(before);
  });

  it("rejects invalid JSON with 400 INVALID_JSON", async () => {
    const res = await t.call(bob, "PATCH", "/api/profile", { body: '{"displayName": ' });
    expectError(res, 400, "INVALID_JSON", /not valid JSON/);
  });
});
