// An import replaces or appends up to the account's whole quota in one transaction: each account gets
// IMPORTS_PER_MINUTE of them (replace, add and local-to-cloud migration together), apart from its general writes.
import { describe, expect, it } from "vitest";
import { IMPORTS_PER_MINUTE } from "../../core/constants";
import { testDialects } from "../../../test/support/databases";
import { useTestServer, type TestUser } from "../../../test/support/api-server";

const file = [{ name: "Read", completedDates: [] }];

describe.each(testDialects())("imports per account on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  const routes = [
    (user: TestUser) => t.call(user, "PUT", "/api/habits", { json: file }),
    (user: TestUser) => t.call(user, "POST", "/api/habits/import", { json: file }),
    (user: TestUser) => t.call(user, "POST", "/api/habits/migrate", { json: [] }),
  ];

  it(`allows ${IMPORTS_PER_MINUTE} a minute, refuses the next with 429 and Retry-After, and no other account's`, async () => {
    const [alice, bob] = await Promise.all([t.signUp(), t.signUp()]);
    const answers = [];
    for (let i = 0; i < IMPORTS_PER_MINUTE; i++) answers.push((await routes[i % 3]!(alice)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    const list = async () => (await t.call<unknown[]>(alice, "GET", "/api/habits")).body;
    const before = await list();

    for (const route of routes) {
      const refused = await route(alice);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Nothing of a refused import was written, and other writes and accounts go on.
    expect(await list()).toEqual(before);
    expect((await t.call(alice, "POST", "/api/habits", { json: { name: "Walk" } })).status).toBe(201);
    expect((await routes[0]!(bob)).status).toBe(200);

    t.clock.advance(60_000);
    expect((await routes[1]!(alice)).status).toBe(200);
  });
});
