import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

const YESTERDAY = addDays(TEST_DAY, -1);
const TOMORROW = addDays(TEST_DAY, 1);
const DAY = 86_400_000;

describe.each(testDialects())("completions API on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  // Signing up hashes a password at OWASP cost: one user, and a new habit per test.
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  async function habitOf(user: TestUser = alice) {
    const { body } = await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "Meditate" } });
    const path = (date: string) => `/api/habits/${body.id}/completions/${date}`;
    const mark = (date: string, headers?: Record<string, string>) =>
      t.call<Habit>(user, "PUT", path(date), { headers });
    const unmark = (date: string, headers?: Record<string, string>) =>
      t.call<Habit>(user, "DELETE", path(date), { headers });
    const current = async () =>
      (await t.call<Habit[]>(user, "GET", "/api/habits")).body.find((h) => h.id === body.id);
    return { habit: body, mark, unmark, current };
  }

  it("marks today and derives the streak fields", async () => {
    const { habit, mark } = await habitOf();
    t.clock.advance(1000);
    const res = await mark(TEST_DAY);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: habit.id,
      completedDates: [TEST_DAY],
      lastCompletedDate: TEST_DAY,
      completedToday: true,
      streakCount: 1,
      bestStreak: 1,
      completionRate: 100,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(habit.updatedAt));
  });

  it("counts yesterday and today as a streak of two", async () => {
    const { mark } = await habitOf();
    await mark(YESTERDAY);
    const res = await mark(TEST_DAY);
    expect(res.body).toMatchObject({ completedDates: [YESTERDAY, TEST_DAY], streakCount: 2, bestStreak: 2 });
  });

  it("is idempotent: marking a day twice stores it once", async () => {
    const { mark, current } = await habitOf();
    const first = await mark(TEST_DAY);
    const second = await mark(TEST_DAY);
    expect(second.status).toBe(200);
    expect(second.body.completedDates).toEqual([TEST_DAY]);
    expect(second.body.streakCount).toBe(first.body.streakCount);
    expect((await current())?.completedDates).toEqual([TEST_DAY]);
  });

  it("counts ten concurrent marks of the same day once", async () => {
    const { habit, mark, current } = await habitOf();
    const results = await Promise.all(Array.from({ length: 10 }, () => mark(TEST_DAY)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await current()).toMatchObject({ completedDates: [TEST_DAY], streakCount: 1 });
    const rows = await t.running.database.db
      .selectFrom("completions")
      .select(["habit_id", "date"])
      .where("habit_id", "=", habit.id)
      .execute();
    expect(rows).toEqual([{ habit_id: habit.id, date: TEST_DAY }]);
  });

  it("unmarks a day, idempotently, and bumps updatedAt", async () => {
    const { mark, unmark } = await habitOf();
    await mark(YESTERDAY);
    const marked = await mark(TEST_DAY);
    t.clock.advance(1000);
    const res = await unmark(TEST_DAY);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      completedDates: [YESTERDAY],
      completedToday: false,
      streakCount: 1,
      lastCompletedDate: YESTERDAY,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(marked.body.updatedAt));
    const again = await unmark(TEST_DAY);
    expect(again.status).toBe(200);
    expect(again.body.completedDates).toEqual([YESTERDAY]);
  });

  it("unmarking the only day leaves no streak", async () => {
    const { mark, unmark } = await habitOf();
    await mark(TEST_DAY);
    const res = await unmark(TEST_DAY);
    expect(res.body).toMatchObject({
      completedDates: [],
      lastCompletedDate: null,
      streakCount: 0,
      completionRate: 0,
    });
  });

  it("accepts any day from 2000-01-01 up to the user's today: the server's UTC date plus one without X-Local-Date", async () => {
    const { mark, unmark, current } = await habitOf();
    for (const date of [
      TOMORROW,
      TEST_DAY,
      YESTERDAY,
      addDays(TEST_DAY, -2),
      addDays(TEST_DAY, -365),
      "2000-01-01",
    ])
      expect((await mark(date)).status, date).toBe(200);
    expect((await unmark("2000-01-01")).status).toBe(200);
    expect((await current())?.completedDates).toHaveLength(5);
  });

  it.each([
    [
      "two days ahead",
      addDays(TEST_DAY, 2),
      `date: ${addDays(TEST_DAY, 2)} is in the future: the latest day allowed is ${TOMORROW}`,
    ],
    [
      "a day before 2000",
      "1999-12-31",
      "date: 1999-12-31 is before 2000-01-01, the first day a habit can have",
    ],
    ["an impossible date", "2026-02-30", /date: must be a real calendar date/],
    ["a non-padded date", "2026-11-1", /date: must be a real calendar date/],
    ["a word", "today", /date: must be a real calendar date/],
    ["a timestamp", "2026-11-21T00:00:00Z", /date: must be a real calendar date/],
  ])("rejects %s with 400 INVALID_DATE, marking or unmarking", async (_label, date, message) => {
    const { mark, unmark, current } = await habitOf();
    expectError(await mark(date), 400, "INVALID_DATE", message);
    expectError(await unmark(date), 400, "INVALID_DATE", message);
    expect((await current())?.completedDates).toEqual([]);
  });

  it("refuses a day after the user's today sent in X-Local-Date", async () => {
    const { mark } = await habitOf();
    const today = { "x-local-date": YESTERDAY };
    expect((await mark(YESTERDAY, today)).status).toBe(200);
    expectError(
      await mark(TEST_DAY, today),
      400,
      "INVALID_DATE",
      `date: ${TEST_DAY} is in the future: the latest day allowed is ${YESTERDAY}`,
    );
  });

  it("judges the date by the server's clock, which moves on at midnight UTC", async () => {
    const { mark } = await habitOf();
    expectError(await mark(addDays(TEST_DAY, 3)), 400, "INVALID_DATE");
    t.clock.advance(2 * DAY);
    try {
      expect((await mark(addDays(TEST_DAY, 3))).status).toBe(200);
      expect((await mark(TEST_DAY)).status).toBe(200);
    } finally {
      t.clock.advance(-2 * DAY);
    }
  });

  it("derives the fields for the client's day sent in X-Local-Date", async () => {
    const { mark, current } = await habitOf();
    const res = await mark(TOMORROW, { "x-local-date": TOMORROW });
    expect(res.body).toMatchObject({ completedToday: true, streakCount: 1 });
    // Without the header the server's own day applies, and a day ahead does not count yet.
    expect(await current()).toMatchObject({
      completedDates: [TOMORROW],
      completedToday: false,
      streakCount: 0,
    });
  });

  it.each(["2026-11-23", "2026-02-30", "21/11/2026", ""])(
    "rejects X-Local-Date %j with 400 INVALID_DATE",
    async (header) => {
      expectError(
        await t.call(alice, "GET", "/api/habits", { headers: { "x-local-date": header } }),
        400,
        "INVALID_DATE",
        /X-Local-Date/,
      );
    },
  );
});
