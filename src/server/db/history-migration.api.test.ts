// A database as the release before history left it (migrations up to 0005, rows as that release wrote them)
// keeps every habit, day, tombstone and op result through migration 0006, on both dialects; its habits take the
// positions of the order Today showed, and devices that had synced pull them again with their new fields.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expandDayRanges } from "../../core/day-ranges";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import type { SyncOp, SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { buildOldDatabase } from "../../../test/support/old-database";
import { pinnedClock, startTestServer, TEST_DAY } from "../../../test/support/test-server";
import type { Db } from "./database";

type OldHabit = { id: string; name: string; created_at: string; done: string[]; undone: string[] };

/** Rows as the previous release wrote them: each with its own change number from the user's counter. */
async function writeOldAccount(db: Db, userId: string, habits: OldHabit[], deletedId: string, opId: string) {
  let version = 0;
  for (const h of habits)
    await db
      .insertInto("habits")
      .values({
        id: h.id,
        user_id: userId,
        name: h.name,
        created_at: h.created_at,
        updated_at: h.created_at,
        version: ++version,
      })
      .execute();
  for (const h of habits)
    for (const [dates, done] of [
      [h.done, 1],
      [h.undone, 0],
    ] as const)
      for (const date of dates)
        await db
          .insertInto("completions")
          .values({ habit_id: h.id, date, user_id: userId, version: ++version, done })
          .execute();
  await db
    .insertInto("deleted_habits")
    .values({ id: deletedId, user_id: userId, version: ++version })
    .execute();
  await db.insertInto("sync_state").values({ user_id: userId, version }).execute();
  await db
    .insertInto("sync_ops")
    .values({
      user_id: userId,
      op_id: opId,
      status: "applied",
      code: null,
      message: null,
      created_at: `${TEST_DAY}T00:00:00.000Z`,
    })
    .execute();
  return version;
}

const days = (count: number, step = 1, from = 0) =>
  Array.from({ length: count }, (_, d) => addDays(TEST_DAY, -(from + d * step)));

/** Newest first, ties by id descending in byte order: the order the previous release listed and Today showed. */
const todaysOrder = (habits: OldHabit[]) =>
  [...habits].sort((a, b) =>
    a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : -1,
  );

describe.each(testDialects())("migration 0006 (history) on $dialect", (dialect) => {
  it("keeps every habit, day, tombstone and op, orders habits as Today did, and devices pull them again", async () => {
    const database = await dialect.create();
    try {
      // Two habits created in the same millisecond: their order falls back to the id, as before.
      const tie = "2026-03-01T08:00:00.000Z";
      const ada: OldHabit[] = [
        {
          id: randomUUID(),
          name: "Read",
          created_at: "2026-01-01T00:00:00.000Z",
          done: days(40),
          undone: [],
        },
        { id: randomUUID(), name: "Walk", created_at: tie, done: days(20, 2), undone: days(3, 2, 1) },
        { id: randomUUID(), name: "Write", created_at: tie, done: [TEST_DAY], undone: [] },
        { id: randomUUID(), name: "Swim", created_at: "2026-05-01T00:00:00.000Z", done: [], undone: [] },
      ];
      const bo: OldHabit[] = [
        { id: randomUUID(), name: "Run", created_at: "2026-02-01T00:00:00.000Z", done: days(5), undone: [] },
        { id: randomUUID(), name: "Sing", created_at: "2026-02-02T00:00:00.000Z", done: [], undone: [] },
      ];
      const [gone, oldOp] = [randomUUID(), randomUUID()];
      const { accounts, filled } = await buildOldDatabase(
        database.url,
        "0005_sync_pruning",
        async (db, [a, b]) => ({
          adaCursor: await writeOldAccount(db, a!.id, ada, gone, oldOp),
          boCursor: await writeOldAccount(db, b!.id, bo, randomUUID(), randomUUID()),
        }),
        2,
      );
      const t = await startTestServer({ databaseUrl: database.url, clock: pinnedClock() });
      try {
        const [adaUser, boUser] = await Promise.all(
          accounts.map(async (account) => {
            const res = await t.post("/sign-in/email", { email: account.email, password: account.password });
            return { cookie: res.cookie };
          }),
        );

        // The list: the same habits and days, in the order Today showed, positions 0, 1, 2… per user.
        for (const [user, habits] of [
          [adaUser!, ada],
          [boUser!, bo],
        ] as const) {
          const list = (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
          const expected = todaysOrder(habits);
          expect(list.map((h) => [h.id, h.name, h.completedDates])).toEqual(
            expected.map((h) => [h.id, h.name, [...h.done].sort()]),
          );
          expect(list.map((h) => h.position)).toEqual(expected.map((_, i) => i));
          for (const h of list)
            expect(h).toMatchObject({ skippedDates: [], schedule: null, archived: false });
          expect(list.some((h) => h.emoji !== undefined)).toBe(false);
        }
        expect(
          (await t.call<Habit[]>(adaUser!, "GET", "/api/habits")).body.find((h) => h.name === "Read"),
        ).toMatchObject({ streakCount: 40, completedToday: true });

        // A full pull: every habit with its position, done days, tombstones, the deleted habit, default settings.
        const full = (await t.call<SyncPull>(adaUser!, "GET", "/api/sync")).body;
        expect(full.more).toBe(false);
        expect(full.settings).toEqual({ dayStart: 0, vacations: [], weekStart: null, groups: [] });
        expect(full.deletedHabitIds).toEqual([gone]);
        const positions = Object.fromEntries(full.habits.map((h) => [h.name, h.position]));
        expect(positions).toEqual(Object.fromEntries(todaysOrder(ada).map((h, i) => [h.name, i])));
        for (const h of ada) {
          const got = full.completions.find((d) => d.habitId === h.id);
          expect(expandDayRanges(got?.done ?? []).sort(), h.name).toEqual([...h.done].sort());
          expect(expandDayRanges(got?.undone ?? []).sort(), h.name).toEqual([...h.undone].sort());
          expect(got?.skipped ?? [], h.name).toEqual([]);
        }

        // A device that had synced everything before the upgrade gets the habits again, with their new fields,
        // and no day twice; its settings are the defaults, which it never had.
        const since = (await t.call<SyncPull>(adaUser!, "GET", `/api/sync?cursor=${filled.adaCursor}`)).body;
        expect(since.habits.map((h) => h.id).sort()).toEqual(ada.map((h) => h.id).sort());
        expect(since.completions).toEqual([]);
        expect(since.deletedHabitIds).toEqual([]);
        expect(Number(since.cursor)).toBeGreaterThan(filled.adaCursor);
        expect(since.settings).toBeUndefined();

        // The old op result answers a replay; new writes go on, numbered after the migration's.
        const walk = ada[1]!.id;
        const ops: SyncOp[] = [
          { opId: oldOp, type: "setCompletion", habitId: walk, date: TEST_DAY, done: false },
          {
            opId: randomUUID(),
            type: "setDay",
            habitId: walk,
            date: addDays(TEST_DAY, -1),
            state: "skipped",
          },
          { opId: randomUUID(), type: "moveHabit", habitId: walk, position: -1 },
        ];
        const pushed = await t.call<SyncPushResult>(adaUser!, "POST", "/api/sync/push", { json: { ops } });
        expect(pushed.body.results.map((r) => r.status)).toEqual(["duplicate", "applied", "applied"]);
        const next = (await t.call<SyncPull>(adaUser!, "GET", `/api/sync?cursor=${since.cursor}`)).body;
        expect(next.completions).toEqual([
          { habitId: walk, done: [], skipped: [addDays(TEST_DAY, -1)], undone: [], values: [], notes: [] },
        ]);
        expect(next.habits).toMatchObject([{ id: walk, position: -1 }]);
        const list = (await t.call<Habit[]>(adaUser!, "GET", "/api/habits")).body;
        expect(list[0]).toMatchObject({ id: walk, skippedDates: [addDays(TEST_DAY, -1)] });
      } finally {
        await t.close();
      }
    } finally {
      await database.drop();
    }
  });
});
