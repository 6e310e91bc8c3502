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
