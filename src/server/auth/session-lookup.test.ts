import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { pinnedClock, useTestServer, type TestUser } from "../../../test/support/api-server";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDialects())("the API's session check on $dialect", (dialect) => {
  const clock = pinnedClock(new Date().toISOString());
  const t = useTestServer(dialect, clock);
  let user: TestUser;
  beforeAll(async () => {
    user = await t.signUp();
  });
  const profileStatus = async (cookie: string) =>
    (await t.call(null, "GET", "/api/profile", { headers: { cookie } })).status;

  it("accepts the cookie Better Auth signed", async () => {
    expect(await profileStatus(user.cookie)).toBe(200);
  });

  it("refuses a cookie whose signature or token was altered, and junk", async () => {
    const pair = user.cookie.split("; ").find((c) => c.startsWith("better-auth.session_token="));
    const [name, value] = (pair ?? "").split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const otherToken = `${"A".repeat(dot)}${decoded.slice(dot)}`;
    const otherSignature = `${decoded.slice(0, dot)}.${Buffer.alloc(32).toString("base64")}`;
    for (const bad of [otherToken, otherSignature, decoded.slice(0, dot), "%E0%A4%A", ""]) {
      expect(await profileStatus(`${name}=${encodeURIComponent(bad)}`)).toBe(401);
    }
  });

  it("finds its cookie among others, by its whole name only", async () => {
    const pair = user.cookie.split("; ").find((c) => c.startsWith("better-auth.session_token="))!;
    const value = pair.slice(pair.indexOf("=") + 1);
    const decoded = decodeURIComponent(value);
    // Among other cookies, with spaces around "=", percent-encoded or not.
    expect(await profileStatus(`theme=dark; ${pair}; lang=en`)).toBe(200);
    expect(await profileStatus(`theme=dark;better-auth.session_token = ${value}`)).toBe(200);
    expect(await profileStatus(`better-auth.session_token=${decoded}`)).toBe(200);
    // A cookie whose name only ends or starts with ours is another cookie; ours after it still counts.
    expect(await profileStatus(`xbetter-auth.session_token=${value}`)).toBe(401);
    expect(await profileStatus(`__Secure-better-auth.session_token=${value}`)).toBe(401);
    expect(await profileStatus(`better-auth.session_token_old=${value}`)).toBe(401);
    expect(await profileStatus(`xbetter-auth.session_token=junk; better-auth.session_token=${value}`)).toBe(
      200,
    );
    // A value holding our name is not our cookie.
    expect(await profileStatus(`note=better-auth.session_token=${value}`)).toBe(401);
  });

  it("refuses a banned user's session even before it is deleted", async () => {
    const banned = await t.signUp();
    const db = t.running.database.db;
    await db
      .updateTable("user")
      .set({ banned: dialect.dialect === "sqlite" ? 1 : true })
      .where("id", "=", banned.id)
      .execute();
    expect(await profileStatus(banned.cookie)).toBe(401);
  });

  it("refuses a session past its expiry", async () => {
    clock.advance(31 * DAY);
    expect(await profileStatus(user.cookie)).toBe(401);
  });
});
