import { describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import {
  TEST_DAY,
  expectError,
  useTestServer,
  type TestServer,
  type TestUser,
} from "../../../test/support/api-server";

const MAX = 300; // USER_WRITE_RATE_MAX's default, which the test server keeps
const MINUTE = 60_000;

type Habit = { id: string };

/** `n` real writes (mark and unmark a day in turn), `batch` at a time; returns their statuses. */
async function writes(server: TestServer, user: TestUser, habitId: string, n: number, batch = 25) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += batch) {
    const round = Array.from({ length: Math.min(batch, n - i) }, (_, j) =>
      server.call(user, (i + j) % 2 ? "DELETE" : "PUT", `/api/habits/${habitId}/completions/${TEST_DAY}`),
    );
    statuses.push(...(await Promise.all(round)).map((r) => r.status));
  }
  return statuses;
}

describe.each(testDialects())("per-user write rate limit on $dialect", (dialect) => {
  const server = useTestServer(dialect);

  it("refuses the 301st write of a minute with 429 RATE_LIMITED and Retry-After, for that user only, until the next minute", async () => {
    // Start at the beginning of a minute, so the window cannot end while the test writes.
    server.clock.advance(MINUTE - (server.clock.now().getTime() % MINUTE));
    const [alice, bob] = [await server.signUp(), await server.signUp()];
    const created = await server.call<Habit>(alice, "POST", "/api/habits", { json: { name: "Read" } });
    expect(created.status).toBe(201);

    const statuses = await writes(server, alice, created.body.id, MAX - 1);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const refused = await server.call(alice, "PATCH", "/api/profile", { json: { displayName: "Alice" } });
    expectError(refused, 429, "RATE_LIMITED");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await server.call(alice, "POST", "/api/habits", { json: { name: "Run" } })).status).toBe(429);

    // Reads still work, and another account writes as usual.
    expect((await server.call(alice, "GET", "/api/habits")).status).toBe(200);
    expect((await server.call(bob, "POST", "/api/habits", { json: { name: "Walk" } })).status).toBe(201);

    // The count lives in the database: a restarted (or second) server process still refuses.
    await server.restart();
    expect((await server.call(alice, "DELETE", `/api/habits/${created.body.id}`)).status).toBe(429);

    server.clock.advance(retryAfter * 1000);
    const again = await server.call<Habit[]>(alice, "POST", "/api/habits", { json: { name: "Run" } });
    expect(again.status).toBe(201);
    const list = await server.call<{ name: string }[]>(alice, "GET", "/api/habits");
    expect(list.body.map((h) => h.name).sort()).toEqual(["Read", "Run"]);
  });
});
