// Migration 0014 (habit kinds, docs/decisions/0061, 0063) on a database the previous release left, on both dialects:
// every habit stays a yes/no habit of its schedule from its first day, with its days done, skipped and unmarked, and
// its days take numbers and notes afterwards.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expandDayRanges } from "../../core/day-ranges";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import type { SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { buildOldDatabase } from "../../../test/support/old-database";
import { pinnedClock, startTestServer, TEST_DAY } from "../../../test/support/test-server";
import { countDays } from "../habits/owner.repo";

const [DONE, SKIPPED, NONE] = [1, 2, 0] as const;

describe.each(testDialects())("migration 0014 (habit kinds) on $dialect", (dialect) => {
  it("keeps every habit a yes/no habit of its schedule with its days, which then take notes", async () => {
    const database = await dialect.create();
    try {
      const [daily, weekdays] = [randomUUID(), randomUUID()];
      const { accounts } = await buildOldDatabase(database.url, "0013_one_rate_table", async (db, [user]) => {
        const userId = user!.id;
        await db
          .insertInto("habits")
          .values(
            [
              {
                id: daily,
                user_id: userId,
                name: "Read",
                created_at: "2026-01-05T23:30:00.000Z",
                schedule: null,
                position: 0,
              },
              {
                id: weekdays,
                user_id: userId,
                name: "Swim",
                created_at: "2026-02-01T08:00:00.000Z",
                schedule: '{"weekdays":[1,3,5]}',
                position: -1,
              },
            ].map((h, i) => ({ ...h, updated_at: h.created_at, version: i + 1 })),
          )
          .execute();
        const rows = [
          [daily, addDays(TEST_DAY, -2), DONE],
          [daily, addDays(TEST_DAY, -1), SKIPPED],
          [daily, addDays(TEST_DAY, -3), NONE],
          [weekdays, addDays(TEST_DAY, -1), DONE],
        ] as const;
        await db
          .insertInto("completions")
          .values(
            rows.map(([habit_id, date, done], i) => ({
              habit_id,
              date,
              done,
              user_id: userId,
              version: 3 + i,
            })),
          )
          .execute();
        await db
          .insertInto("sync_state")
          .values({ user_id: userId, version: 3 + rows.length })
          .execute();
      });
      const t = await startTestServer({ databaseUrl: database.url, clock: pinnedClock() });
      try {
        const account = accounts[0]!;
        const { cookie } = await t.post("/sign-in/email", {
          email: account.email,
          password: account.password,
        });
        const user = { cookie };
        const list = (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
        expect(list).toEqual([
          expect.objectContaining({
            id: weekdays,
            kind: "yesNo",
            schedule: { weekdays: [1, 3, 5] },
            rules: [{ from: "2026-02-01", frequency: { weekdays: [1, 3, 5] }, target: null }],
            step: 1,
            completedDates: [addDays(TEST_DAY, -1)],
            values: [],
            notes: [],
          }),
          expect.objectContaining({
            id: daily,
            kind: "yesNo",
            schedule: null,
            // The UTC date of created_at.
            rules: [{ from: "2026-01-05", frequency: null, target: null }],
            completedDates: [addDays(TEST_DAY, -2)],
            skippedDates: [addDays(TEST_DAY, -1)],
            values: [],
            notes: [],
          }),
        ]);
        expect(list[1]!.streakCount).toBe(1);
        const pull = (await t.call<SyncPull>(user, "GET", "/api/sync")).body;
        expect(pull.settings).toMatchObject({ weekStart: null });
        const read = pull.completions.find((d) => d.habitId === daily)!;
        expect(expandDayRanges(read.undone)).toEqual([addDays(TEST_DAY, -3)]);
        expect(pull.habits.find((h) => h.id === daily)).toMatchObject({ kind: "yesNo", step: 1 });
        // The old days take a note; a tombstone with a note is a stored day again.
        const ops = [addDays(TEST_DAY, -2), addDays(TEST_DAY, -3)].map((date) => ({
          opId: randomUUID(),
          type: "setNote",
          habitId: daily,
          date,
          note: "Old day",
        }));
        const pushed = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
        expect(pushed.body.results.map((r) => r.status)).toEqual(["applied", "applied"]);
        const after = (await t.call<Habit[]>(user, "GET", "/api/habits")).body.find((h) => h.id === daily)!;
        expect(after).toMatchObject({
          completedDates: [addDays(TEST_DAY, -2)],
          notes: [
            [addDays(TEST_DAY, -3), "Old day"],
            [addDays(TEST_DAY, -2), "Old day"],
          ],
        });
        const db = t.running().database.db;
        const { user_id } = await db
          .selectFrom("habits")
          .select("user_id")
          .where("id", "=", daily)
          .executeTakeFirstOrThrow();
        expect(await countDays(db, user_id)).toBe(4);
      } finally {
        await t.close();
      }
    } finally {
      await database.drop();
    }
  });
});
