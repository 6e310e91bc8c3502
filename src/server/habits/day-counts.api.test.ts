// The count of stored days each user's quota reads (day_counts, migration 0008, docs/decisions/0058) against a real
// count of their days, after every kind of write that adds or removes days, on both dialects; and migration 0008
// counting the days a database already holds.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import type { SyncOp, SyncPushResult } from "../../core/sync";
import type { Db } from "../db/database";
import { testDialects } from "../../../test/support/databases";
import { buildOldDatabase } from "../../../test/support/old-database";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { pinnedClock, startTestServer } from "../../../test/support/test-server";
import { countDays } from "./owner.repo";

const MAX_DAYS = 60;

/** The kept count (undefined: no row) and the real one, counted over the user's days. */
async function counts(db: Db, userId: string) {
  const row = await db
    .selectFrom("day_counts")
    .select("days")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { kept: row === undefined ? undefined : Number(row.days), real: await countDays(db, userId) };
}

const days = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => addDays(TEST_DAY, -from - i));

describe.each(testDialects())("the kept count of stored days on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { env: { USER_MAX_DAYS: String(MAX_DAYS) } });
  const db = () => t.running.database.db;
  let user: TestUser;

  /** The kept count equals the real one, and is `real`. */
  const expectCount = async (real: number) => {
    expect(await counts(db(), user.id)).toEqual({ kept: real, real });
  };
  const push = async (ops: SyncOp[]) => {
    const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results.map((r) => (r.status === "rejected" ? r.code : r.status));
  };
  const setDay = (habitId: string, state: "done" | "skipped" | "none", date = TEST_DAY): SyncOp => ({
    opId: randomUUID(),
    type: "setDay",
    habitId,
    date,
    state,
  });
  const rest = (method: "PUT" | "DELETE", habitId: string, date = TEST_DAY) =>
    t.call<Habit>(user, method, `/api/habits/${habitId}/completions/${date}`);
  const list = async () => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;

  beforeAll(async () => {
    user = await t.signUp();
  });

  it("follows imports, marks by push and REST, deletes, the quota and migration", async () => {
    // A user who never stored a day has no row; their first write makes it from their days.
    expect(await counts(db(), user.id)).toEqual({ kept: undefined, real: 0 });
    const created = randomUUID();
    expect(await push([{ opId: randomUUID(), type: "createHabit", habitId: created, name: "New" }])).toEqual([
      "applied",
    ]);
    expect(await push([setDay(created, "done")])).toEqual(["applied"]);
    await expectCount(1);

    // An import replaces every day: done, skipped, and a day both done and skipped (done) counted once.
    const imported = await t.call<Habit[]>(user, "PUT", "/api/habits", {
      json: [
        { name: "Read", completedDates: days(10), skippedDates: [...days(3, 11), addDays(TEST_DAY, -1)] },
        { name: "Walk", completedDates: days(5) },
      ],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    await expectCount(18);
    const [read, walk] = (await list()).map((h) => h.id);

    // Push: a new day, the same again, done to skipped, skipped to none, none again, a skipped day added.
    expect(await push([setDay(read!, "done")])).toEqual(["applied"]);
    await expectCount(19);
    expect(await push([setDay(read!, "done")])).toEqual(["applied"]);
    await expectCount(19);
    expect(await push([setDay(read!, "skipped")])).toEqual(["applied"]);
    await expectCount(19);
    expect(await push([setDay(read!, "none"), setDay(read!, "none"), setDay(walk!, "skipped")])).toEqual([
      "applied",
      "applied",
      "applied",
    ]);
    await expectCount(19);
    // The previous release's op.
    expect(
      await push([{ opId: randomUUID(), type: "setCompletion", habitId: read!, date: TEST_DAY, done: true }]),
    ).toEqual(["applied"]);
    await expectCount(20);

    // REST: a skipped day marked done (no new day), unmarked; a new day; a day returned to nothing twice.
    expect((await rest("PUT", walk!)).body.completedToday).toBe(true);
    await expectCount(20);
    expect((await rest("DELETE", walk!)).status).toBe(200);
    await expectCount(19);
    expect((await rest("PUT", walk!, addDays(TEST_DAY, -20))).status).toBe(200);
    await expectCount(20);
    expect((await rest("DELETE", read!, addDays(TEST_DAY, -11))).status).toBe(200);
    expect((await rest("DELETE", read!, addDays(TEST_DAY, -11))).status).toBe(200);
    await expectCount(19);
    // Another user's habit, and a habit that does not exist, change nothing.
    const other = await t.signUp();
    const theirs = (await t.call<Habit>(other, "POST", "/api/habits", { json: { name: "Theirs" } })).body.id;
    expect((await t.call(other, "PUT", `/api/habits/${theirs}/completions/${TEST_DAY}`)).status).toBe(200);
    expect((await rest("PUT", theirs)).status).toBe(404);
    expect(await push([setDay(theirs, "none")])).toEqual(["HABIT_NOT_FOUND"]);
    expect((await t.call(user, "DELETE", `/api/habits/${theirs}`)).status).toBe(404);
    await expectCount(19);

    // Up to the quota; past it a new day is refused by either way and changes nothing, a stored day still is.
    const filler = days(MAX_DAYS - 19, 30);
    const res = await push(filler.map((date) => setDay(walk!, "done", date)));
    expect(res.every((r) => r === "applied")).toBe(true);
    await expectCount(MAX_DAYS);
    expect(
      await push([setDay(walk!, "done", addDays(TEST_DAY, -200)), setDay(walk!, "skipped", filler[0])]),
    ).toEqual(["QUOTA_EXCEEDED", "applied"]);
    expectError(await rest("PUT", walk!, addDays(TEST_DAY, -201)), 409, "QUOTA_EXCEEDED", /at most 60 days/);
    await expectCount(MAX_DAYS);
    expect((await rest("DELETE", walk!, filler[0])).status).toBe(200);
    await expectCount(MAX_DAYS - 1);
    expect((await rest("PUT", walk!, addDays(TEST_DAY, -201))).status).toBe(200);
    await expectCount(MAX_DAYS);

    // Deleting a habit takes its days off: by REST, and by push.
    const walkDays = (await list()).find((h) => h.id === walk)!;
    const walkStored = walkDays.completedDates.length + (walkDays.skippedDates?.length ?? 0);
    expect((await t.call(user, "DELETE", `/api/habits/${walk}`)).status).toBe(204);
    await expectCount(MAX_DAYS - walkStored);
    expect(await push([{ opId: randomUUID(), type: "deleteHabit", habitId: read! }])).toEqual(["applied"]);
    expect(await push([setDay(read!, "done")])).toEqual(["dropped"]);
    const left = (await list()).reduce(
      (n, h) => n + h.completedDates.length + (h.skippedDates?.length ?? 0),
      0,
    );
    await expectCount(left);
    expect(left).toBe(0); // the import replaced the first habit

    // An import over the quota changes nothing; the other user's count is theirs.
    expectError(
      await t.call(user, "PUT", "/api/habits", {
        json: [{ name: "Big", completedDates: days(MAX_DAYS + 1) }],
      }),
      409,
      "QUOTA_EXCEEDED",
    );
    await expectCount(0);
    expect(await counts(db(), other.id)).toEqual({ kept: 1, real: 1 });

    // A migration of local habits into an account without habits.
    const fresh = await t.signUp();
    const migrated = await t.call(fresh, "POST", "/api/habits/migrate", {
      json: [{ name: "Local", completedDates: days(4) }],
    });
    expect(migrated.status, JSON.stringify(migrated.body)).toBe(200);
    expect(await counts(db(), fresh.id)).toEqual({ kept: 4, real: 4 });
  });

  it("answers a REST mark with the habit's days, as a list reads them, whether or not they were kept", async () => {
    const habitId = (await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "Answers" } })).body.id;
    const answers: Habit[] = [];
    // Marks in a row (days kept from the mark before), and after a push (the counter moved: read again).
    for (const [method, date] of [
      ["PUT", TEST_DAY],
      ["PUT", addDays(TEST_DAY, -2)],
      ["PUT", addDays(TEST_DAY, -1)],
      ["DELETE", addDays(TEST_DAY, -2)],
      ["PUT", addDays(TEST_DAY, -1)],
      ["DELETE", addDays(TEST_DAY, -5)],
    ] as const)
      answers.push((await rest(method, habitId, date)).body);
    expect(await push([setDay(habitId, "skipped", addDays(TEST_DAY, -3))])).toEqual(["applied"]);
    answers.push((await rest("PUT", habitId, addDays(TEST_DAY, -4))).body);
    answers.push((await rest("DELETE", habitId, addDays(TEST_DAY, -3))).body);
    answers.push((await rest("PUT", habitId, addDays(TEST_DAY, -3))).body);
    const listed = (await list()).find((h) => h.id === habitId)!;
    expect(answers.at(-1)).toEqual(listed);
    expect(answers.map((h) => h.completedDates)).toEqual([
      [TEST_DAY],
      [addDays(TEST_DAY, -2), TEST_DAY],
      [addDays(TEST_DAY, -2), addDays(TEST_DAY, -1), TEST_DAY],
      [addDays(TEST_DAY, -1), TEST_DAY],
      [addDays(TEST_DAY, -1), TEST_DAY],
      [addDays(TEST_DAY, -1), TEST_DAY],
      [addDays(TEST_DAY, -4), addDays(TEST_DAY, -1), TEST_DAY],
      [addDays(TEST_DAY, -4), addDays(TEST_DAY, -1), TEST_DAY],
      [addDays(TEST_DAY, -4), addDays(TEST_DAY, -3), addDays(TEST_DAY, -1), TEST_DAY],
    ]);
    expect(answers.map((h) => h.skippedDates)).toEqual([
      ...Array.from({ length: 6 }, () => []),
      [addDays(TEST_DAY, -3)],
      [],
      [],
    ]);
  });
});

describe.each(testDialects())("migration 0008 (day counts) on $dialect", (dialect) => {
  it("counts the days done or skipped each user holds, not their tombstones", async () => {
    const database = await dialect.create();
    try {
      const { accounts, filled } = await buildOldDatabase(
        database.url,
        "0006_history",
        async (db, users) => {
          let version = 0;
          const [a, b] = users.map((u) => u.id);
          for (const [userId, states] of [
            [a!, [1, 1, 2, 0, 1]],
            [a!, [2, 0, 0]],
            [b!, [0, 0]],
          ] as const) {
            const id = randomUUID();
            const at = `${TEST_DAY}T00:00:00.000Z`;
            await db
              .insertInto("habits")
              .values({ id, user_id: userId, name: "H", created_at: at, updated_at: at, version: ++version })
              .execute();
            for (const [i, done] of states.entries())
              await db
                .insertInto("completions")
                .values({
                  habit_id: id,
                  date: addDays(TEST_DAY, -i),
                  user_id: userId,
                  version: ++version,
                  done,
                })
                .execute();
          }
          await db.insertInto("sync_state").values({ user_id: a!, version }).execute();
          return users.map((u) => u.id);
        },
        3,
      );
      expect(accounts).toHaveLength(3);
      const t = await startTestServer({ databaseUrl: database.url, clock: pinnedClock() });
      try {
        const db = t.running().database.db;
        const [a, b, c] = filled;
        expect(await counts(db, a!)).toEqual({ kept: 5, real: 5 });
        // Tombstones only, or nothing: no row until their first day.
        expect(await counts(db, b!)).toEqual({ kept: undefined, real: 0 });
        expect(await counts(db, c!)).toEqual({ kept: undefined, real: 0 });
      } finally {
        await t.close();
      }
    } finally {
      await database.drop();
    }
  });
});
