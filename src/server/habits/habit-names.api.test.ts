import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { testDialects } from "../../../test/support/databases";
import { expectError, useTestServer, type TestUser } from "../../../test/support/api-server";

// A name is stored the same on SQLite and PostgreSQL, NFC-normalised, or refused with a 400.
describe.each(testDialects())("habit names on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let user: TestUser;
  beforeAll(async () => {
    user = await t.signUp();
  });
  const list = async () => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;

  it.each([
    ["a lone surrogate", "x\ud800y", /unpaired surrogate/],
    ["a C1 control", "Read\u0085", /control characters/],
    ["a bidi override", "Read \u202ekoob", /text-direction/],
    ["a bidi isolate", "\u2067Read", /text-direction/],
  ])("refuses %s in a new habit, a rename and an import", async (_label, name, message) => {
    const before = await list();
    expectError(
      await t.call(user, "POST", "/api/habits", { json: { name } }),
      400,
      "VALIDATION_FAILED",
      message,
    );
    const kept = await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "Kept" } });
    const rename = await t.call(user, "PATCH", `/api/habits/${kept.body.id}`, { json: { name } });
    expectError(rename, 400, "VALIDATION_FAILED", message);
    const imported = await t.call(user, "PUT", "/api/habits", { json: [{ name, completedDates: [] }] });
    expect(imported.status).toBe(400);
    expect((await list()).map((h) => h.name)).toEqual([...before.map((h) => h.name), "Kept"]);
    await t.call(user, "DELETE", `/api/habits/${kept.body.id}`);
  });

  it("stores a name NFC-normalised, so a lookalike reads back identical", async () => {
    const created = await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "Cafe\u0301 time" } });
    expect(created.body.name).toBe("Caf\u00e9 time");
    expect((await list()).find((h) => h.id === created.body.id)?.name).toBe("Caf\u00e9 time");
  });
});
