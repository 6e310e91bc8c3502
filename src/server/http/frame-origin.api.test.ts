import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

// A request check only, no SQL: SQLite alone is enough.
const [sqlite] = testDialects();

describe("cross-site writes", () => {
  const t = useTestServer(sqlite!);
  let alice: TestUser;
  let habitId: string;
  beforeAll(async () => {
    alice = await t.signUp();
    const res = await t.call<{ id: string }>(alice, "POST", "/api/habits", { json: { name: "Read" } });
    habitId = res.body.id;
  });

  const writes = (): [string, string, unknown?][] => [
    ["PUT", "/api/habits", [{ name: "Evil", completedDates: [] }]],
    ["POST", "/api/habits", { name: "Evil" }],
    ["POST", "/api/habits/migrate", [{ name: "Evil", completedDates: [] }]],
    ["PATCH", `/api/habits/${habitId}`, { name: "Evil" }],
    ["DELETE", `/api/habits/${habitId}`],
    ["PUT", `/api/habits/${habitId}/completions/${TEST_DAY}`],
    ["DELETE", `/api/habits/${habitId}/completions/${TEST_DAY}`],
    ["PATCH", "/api/profile", { displayName: "Evil" }],
    ["POST", "/api/auth/update-user", { name: "Evil" }],
  ];

  it("refuses every cookie-authenticated write from another origin with 403 FORBIDDEN_ORIGIN and changes nothing", async () => {
    const before = await t.call(alice, "GET", "/api/habits");
    for (const [method, path, json] of writes()) {
      for (const headers of [
        { origin: "https://evil.example" },
        { origin: "null" },
        { origin: "" }, // replaced below by no Origin at all
      ]) {
        const h: Record<string, string> = headers.origin ? headers : {};
        const res = await fetch(`${t.url}${path}`, {
          method,
          headers: { cookie: alice.cookie, "content-type": "application/json", ...h },
          body: json === undefined ? undefined : JSON.stringify(json),
        });
        const body = await res.json();
        expect(res.status, `${method} ${path} ${JSON.stringify(h)}`).toBe(403);
        expect(body.error.code).toBe("FORBIDDEN_ORIGIN");
      }
    }
    const crossSite = await fetch(`${t.url}/api/habits`, {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ name: "Evil" }),
    });
    expect(crossSite.status).toBe(403);
    expect((await t.call(alice, "GET", "/api/habits")).body).toEqual(before.body);
    const profile = await t.call<{ displayName: string }>(alice, "GET", "/api/profile");
    expect(profile.body.displayName).toBe(alice.name);
  });

  it("accepts the app's own origin, and Sec-Fetch-Site: same-origin when Origin is absent", async () => {
    const own = await t.call(alice, "POST", "/api/habits", { json: { name: "Stretch" } });
    expect(own.status).toBe(201);
    const res = await fetch(`${t.url}/api/habits`, {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ name: "Walk" }),
    });
    expect(res.status).toBe(201);
  });

  it("leaves reads and requests without a cookie alone", async () => {
    const read = await fetch(`${t.url}/api/habits`, {
      headers: { cookie: alice.cookie, origin: "https://evil.example" },
    });
    expect(read.status).toBe(200);
    const anonymous = await fetch(`${t.url}/api/habits`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expectError(
      { status: anonymous.status, headers: anonymous.headers, body: await anonymous.json() },
      401,
      "UNAUTHENTICATED",
    );
  });

  it("sends no HSTS over plain http", async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});
