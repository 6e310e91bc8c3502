// A completed day is never after the server's UTC date plus one day: marking, import and migration alike.
import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

const TOMORROW = addDays(TEST_DAY, 1);
type Migration = { migrated: number; failed: number; skipped: boolean; habits: Habit[] };

describe.each(testDialects())("future days in import and migration on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  const list = async (user: TestUser) => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
  const importAll = (user: TestUser, json: unknown) => t.call<Habit[]>(user, "PUT", "/api/habits", { json });
  let users: TestUser[] = [];
  beforeAll(async () => {
    users = await Promise.all(Array.from({ length: 3 }, () => t.signUp()));
  });

  it("imports days up to the server's UTC date plus one", async () => {
    const res = await importAll(users[0]!, [{ name: "Read", completedDates: [TEST_DAY, TOMORROW] }]);
    expect(res.status).toBe(200);
    expect(res.body[0]?.completedDates).toEqual([TEST_DAY, TOMORROW]);
  });

  it.each([
    ["9999-12-31", "9999-12-31"],
    ["the day after tomorrow", addDays(TEST_DAY, 2)],
  ])(
    "refuses an import holding %s with 400, naming the item and the date, and changes nothing",
    async (_l, date) => {
      const alice = users[1]!;
      await importAll(alice, [{ name: "Kept", completedDates: [TEST_DAY] }]);
      const before = await list(alice);
      const file = [
        { name: "Read", completedDates: [TEST_DAY] },
        { name: "Run", completedDates: [TEST_DAY, date] },
      ];
      expectError(
        await importAll(alice, file),
        400,
        "VALIDATION_FAILED",
        `[1].completedDates[1]: ${date} is in the future: the latest day allowed is ${TOMORROW}`,
      );
      expect(await list(alice)).toEqual(before);
    },
  );

  it("counts a migrated habit with a future day as failed and copies the others", async () => {
    const alice = users[2]!;
    const local = [
      { name: "Read", completedDates: [TEST_DAY] },
      { name: "Run", completedDates: ["9999-12-31"] },
      { name: "Walk", completedDates: [TOMORROW] },
    ];
    const res = await t.call<Migration>(alice, "POST", "/api/habits/migrate", { json: local });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ migrated: 2, failed: 1, skipped: false });
    const habits = await list(alice);
    expect(habits.map((h) => h.name)).toEqual(["Read", "Walk"]);
    expect(habits.map((h) => h.lastCompletedDate)).toEqual([TEST_DAY, TOMORROW]);
  });
});
