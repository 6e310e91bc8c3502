// The history sync ops on both dialects: any past day set, skipped or cleared (and the previous release's
// setCompletion), the date rule, habits' schedule, archive flag, emoji and position, and the user's settings, each
// last-writer-wins and applied once; pulls carry them (docs/decisions/0029).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import type { DayStateName, SyncOp, SyncOpResult, SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects, type TestDatabase } from "../../../test/support/databases";
import { pinnedClock, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { startTestServer, type TestServer } from "../../../test/support/test-server";

const YESTERDAY = addDays(TEST_DAY, -1);
const TOMORROW = addDays(TEST_DAY, 1);
const AS_TODAY = { "x-local-date": TEST_DAY };

const op = {
  create: (habitId: string, extra: Partial<Extract<SyncOp, { type: "createHabit" }>> = {}): SyncOp => ({
    opId: randomUUID(),
    type: "createHabit",
    habitId,
    name: "Walk",
    ...extra,
  }),
  day: (habitId: string, date: string, state: DayStateName): SyncOp => ({
    opId: randomUUID(),
    type: "setDay",
    habitId,
    date,
    state,
  }),
  legacy: (habitId: string, date: string, done: boolean): SyncOp => ({
    opId: randomUUID(),
    type: "setCompletion",
    habitId,
    date,
    done,
  }),
  update: (
    habitId: string,
    fields: Omit<Extract<SyncOp, { type: "updateHabit" }>, "opId" | "type" | "habitId">,
  ) => ({ opId: randomUUID(), type: "updateHabit", habitId, ...fields }) satisfies SyncOp,
  move: (habitId: string, position: number): SyncOp => ({
    opId: randomUUID(),
    type: "moveHabit",
    habitId,
    position,
  }),
  settings: (fields: Omit<Extract<SyncOp, { type: "setSettings" }>, "opId" | "type">) =>
    ({ opId: randomUUID(), type: "setSettings", ...fields }) satisfies SyncOp,
};

const outcome = (r: SyncOpResult) => (r.status === "rejected" ? r.code : r.status);

describe.each(testDialects())("sync history ops on $dialect", (dialect) => {
  const t = useTestServer(dialect, pinnedClock(), { transport: "in-process" });
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  const push = async (user: TestUser, ops: unknown[], headers: Record<string, string> = AS_TODAY) => {
    const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops }, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const pull = async (user: TestUser, cursor = "") =>
    (await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${cursor}`)).body;
  const habitOf = async (user: TestUser, id: string) =>
    (await t.call<Habit[]>(user, "GET", "/api/habits", { headers: AS_TODAY })).body.find((h) => h.id === id);
  const newHabit = async (user: TestUser = alice, extra = {}) => {
    const id = randomUUID();
    expect(outcome((await push(user, [op.create(id, extra)])).results[0]!)).toBe("applied");
    return id;
  };

  it("backfills a past day, skips one, and the streak goes through the skip", async () => {
    const id = await newHabit();
    const result = await push(alice, [
      op.day(id, addDays(TEST_DAY, -4), "done"),
      op.day(id, addDays(TEST_DAY, -3), "done"),
      op.day(id, addDays(TEST_DAY, -2), "done"),
      op.day(id, YESTERDAY, "skipped"),
      op.day(id, TEST_DAY, "done"),
      op.day(id, addDays(TEST_DAY, -400), "done"),
      op.day(id, "2000-01-01", "skipped"),
    ]);
    expect(result.results.map(outcome)).toEqual(Array(7).fill("applied"));
    expect(await habitOf(alice, id)).toMatchObject({
      completedDates: [
        addDays(TEST_DAY, -400),
        addDays(TEST_DAY, -4),
        addDays(TEST_DAY, -3),
        addDays(TEST_DAY, -2),
        TEST_DAY,
      ],
      skippedDates: ["2000-01-01", YESTERDAY],
      streakCount: 4,
      completedToday: true,
    });
    const days = (await pull(alice)).completions.find((d) => d.habitId === id);
    expect(days).toEqual({
      habitId: id,
      done: [addDays(TEST_DAY, -400), `${addDays(TEST_DAY, -4)}/${addDays(TEST_DAY, -2)}`, TEST_DAY],
      skipped: ["2000-01-01", YESTERDAY],
      undone: [],
      values: [],
      notes: [],
    });
  });

  it("moves a day between done, skipped and nothing; the last write to arrive wins, and pulls follow it", async () => {
    const id = await newHabit();
    const { cursor } = await push(alice, [op.day(id, YESTERDAY, "done")]);
    await push(alice, [op.day(id, YESTERDAY, "skipped")]);
    expect((await pull(alice, cursor)).completions).toEqual([
      { habitId: id, done: [], skipped: [YESTERDAY], undone: [], values: [], notes: [] },
    ]);
    const { cursor: skipped } = await push(alice, [op.day(id, YESTERDAY, "none")]);
    expect(await habitOf(alice, id)).toMatchObject({ completedDates: [], skippedDates: [] });
    expect((await pull(alice, cursor)).completions).toEqual([
      { habitId: id, done: [], skipped: [], undone: [YESTERDAY], values: [], notes: [] },
    ]);
    // Setting a day to the state it has changes nothing: no device hears of it.
    const same = await push(alice, [op.day(id, YESTERDAY, "none"), op.day(id, TEST_DAY, "none")]);
    expect(same.results.map(outcome)).toEqual(["applied", "applied"]);
    expect(await pull(alice, skipped)).toMatchObject({ habits: [], completions: [] });
  });

  it("maps the previous release's setCompletion onto the day's state", async () => {
    const id = await newHabit();
    await push(alice, [op.day(id, YESTERDAY, "skipped"), op.day(id, TEST_DAY, "skipped")]);
    const result = await push(alice, [op.legacy(id, YESTERDAY, true), op.legacy(id, TEST_DAY, false)]);
    expect(result.results.map(outcome)).toEqual(["applied", "applied"]);
    expect(await habitOf(alice, id)).toMatchObject({ completedDates: [YESTERDAY], skippedDates: [] });
    // The old rule's limit is gone: a past day is a backfill now.
    expect(outcome((await push(alice, [op.legacy(id, addDays(TEST_DAY, -30), true)])).results[0]!)).toBe(
      "applied",
    );
  });

  it("refuses a day after the user's today, or before 2000, with INVALID_DATE and a message that says why", async () => {
    const id = await newHabit();
    const result = await push(alice, [
      op.day(id, TOMORROW, "done"),
      op.day(id, TOMORROW, "skipped"),
      op.legacy(id, TOMORROW, true),
      op.day(id, "1999-12-31", "done"),
      op.day(id, TEST_DAY, "done"),
    ]);
    expect(result.results.map(outcome)).toEqual([
      "INVALID_DATE",
      "INVALID_DATE",
      "INVALID_DATE",
      "INVALID_DATE",
      "applied",
    ]);
    expect(result.results[0]).toMatchObject({
      message: `date: ${TOMORROW} is in the future: the latest day allowed is ${TEST_DAY}`,
    });
    expect(result.results[3]).toMatchObject({
      message: "date: 1999-12-31 is before 2000-01-01, the first day a habit can have",
    });
    // A device west of UTC whose today is still yesterday: today by UTC is its tomorrow.
    const west = await push(alice, [op.day(id, TEST_DAY, "skipped")], { "x-local-date": YESTERDAY });
    expect(west.results.map(outcome)).toEqual(["INVALID_DATE"]);
    expect(await habitOf(alice, id)).toMatchObject({ completedDates: [TEST_DAY], skippedDates: [] });
  });

  it("bounds a push without X-Local-Date, or with an implausible one, by the server's UTC date plus one", async () => {
    const id = await newHabit();
    const bad: Record<string, string>[] = [
      {},
      { "x-local-date": addDays(TEST_DAY, 3) },
      { "x-local-date": "soon" },
    ];
    for (const headers of bad) {
      const result = await push(
        alice,
        [
          op.day(id, TOMORROW, "done"),
          op.day(id, addDays(TEST_DAY, 2), "done"),
          op.day(id, TOMORROW, "none"),
        ],
        headers,
      );
      expect(result.results.map(outcome), JSON.stringify(headers)).toEqual([
        "applied",
        "INVALID_DATE",
        "applied",
      ]);
    }
  });

  it("applies a replayed op exactly once, and answers its rejection again", async () => {
    const id = await newHabit();
    const ops = [
      op.day(id, YESTERDAY, "skipped"),
      op.update(id, { archived: true }),
      op.move(id, 7),
      op.settings({ dayStart: 60 }),
      op.day(id, TOMORROW, "done"),
    ];
    const first = await push(alice, ops);
    expect(first.results.map(outcome)).toEqual(["applied", "applied", "applied", "applied", "INVALID_DATE"]);
    for (let i = 0; i < 3; i++) {
      const again = await push(alice, ops);
      expect(again.results.map(outcome)).toEqual([
        "duplicate",
        "duplicate",
        "duplicate",
        "duplicate",
        "INVALID_DATE",
      ]);
    }
    // Nothing was written again: a device that pulled after the first push hears of nothing.
    const after = await pull(alice, first.cursor);
    expect(after).toMatchObject({ habits: [], completions: [], deletedHabitIds: [] });
    expect(after).not.toHaveProperty("settings");
  });

  it("updates schedule, archive flag and emoji each last-writer-wins, leaving the fields not given as they were", async () => {
    const id = await newHabit(alice, { emoji: "🚶", schedule: { weekdays: [3, 1] }, position: 4 });
    expect(await habitOf(alice, id)).toMatchObject({
      emoji: "🚶",
      schedule: { weekdays: [1, 3] },
      archived: false,
      position: 4,
    });
    const { cursor } = await pull(alice);
    // Two devices: the phone archives, then the laptop's older change of schedule arrives; both stand.
    await push(alice, [op.update(id, { archived: true })]);
    await push(alice, [op.update(id, { schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6] }, emoji: null })]);
    const habit = await habitOf(alice, id);
    expect(habit).toMatchObject({ schedule: null, archived: true, position: 4 });
    expect(habit).not.toHaveProperty("emoji");
    await push(alice, [op.update(id, { archived: false }), op.update(id, { archived: true, emoji: "🏃" })]);
    const since = await pull(alice, cursor);
    expect(since.habits).toMatchObject([{ id, schedule: null, archived: true, emoji: "🏃", position: 4 }]);
    expect(since.completions).toEqual([]);
  });

  it("moves a habit to any finite position, the last move winning; a new habit without one goes first", async () => {
    const user = await t.signUp();
    const [a, b] = [await newHabit(user), await newHabit(user)];
    expect((await pull(user)).habits.map((h) => [h.id, h.position])).toEqual([
      [a, 0],
      [b, -1],
    ]);
    await push(user, [op.move(a, -1.5), op.move(a, -0.5), op.move(b, 1e-9)]);
    const list = (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
    expect(list.map((h) => [h.id, h.position])).toEqual([
      [a, -0.5],
      [b, 1e-9],
    ]);
    const bad = await push(user, [
      { ...op.move(a, 0), position: "1" },
      { ...op.move(a, 0), position: null },
      { opId: randomUUID(), type: "moveHabit", habitId: a },
    ]);
    expect(bad.results.map(outcome)).toEqual(["VALIDATION_FAILED", "VALIDATION_FAILED", "VALIDATION_FAILED"]);
  });

  it("refuses an update without a field, a bad schedule or emoji, and ops on another user's or a deleted habit", async () => {
    const id = await newHabit();
    const bob = await t.signUp();
    const gone = await newHabit();
    await push(alice, [{ opId: randomUUID(), type: "deleteHabit", habitId: gone }]);
    const result = await push(alice, [
      { opId: randomUUID(), type: "updateHabit", habitId: id },
      op.update(id, { schedule: { weekdays: [] } }),
      { ...op.update(id, { archived: true }), schedule: { weekdays: [7] } },
      op.update(id, { emoji: "😀".repeat(9) }),
      op.update(id, { emoji: "" }),
      op.update(id, { emoji: "a\u0007" }),
      { ...op.update(id, { archived: true }), name: "Sneaky" },
      op.day(gone, YESTERDAY, "done"),
      op.update(gone, { archived: true }),
      op.move(gone, 1),
    ]);
    expect(result.results.map(outcome)).toEqual([
      ...Array(7).fill("VALIDATION_FAILED"),
      "dropped",
      "dropped",
      "dropped",
    ]);
    expect(result.results[0]).toMatchObject({ message: expect.stringMatching(/at least one of schedule/) });
    const theirs = await push(bob, [
      op.day(id, YESTERDAY, "done"),
      op.update(id, { archived: true }),
      op.move(id, 9),
    ]);
    expect(theirs.results.map(outcome)).toEqual(["HABIT_NOT_FOUND", "HABIT_NOT_FOUND", "HABIT_NOT_FOUND"]);
    expect(await habitOf(alice, id)).toMatchObject({
      archived: false,
      completedDates: [],
      position: expect.any(Number),
    });
  });

  it("keeps settings per field last-writer-wins, and a pull carries them only when they changed after its cursor", async () => {
    const user = await t.signUp();
    expect((await pull(user)).settings).toEqual({ dayStart: 0, vacations: [], weekStart: null, groups: [] });
    await newHabit(user);
    const { cursor: before } = await pull(user);
    expect(await pull(user, before)).not.toHaveProperty("settings");

    const trip = { from: addDays(TEST_DAY, 10), to: addDays(TEST_DAY, 20) };
    const { cursor } = await push(user, [op.settings({ dayStart: 180 }), op.settings({ vacations: [trip] })]);
    expect((await pull(user, before)).settings).toEqual({
      dayStart: 180,
      vacations: [trip],
      weekStart: null,
      groups: [],
    });
    expect(await pull(user, cursor)).not.toHaveProperty("settings");
    // Other writes do not bring the settings back.
    await newHabit(user);
    expect(await pull(user, cursor)).not.toHaveProperty("settings");
    // The later write of a field wins; the other field stays.
    await push(user, [op.settings({ dayStart: 360 }), op.settings({ dayStart: 30 })]);
    const changed = await pull(user, cursor);
    expect(changed.settings).toEqual({ dayStart: 30, vacations: [trip], weekStart: null, groups: [] });
    expect((await pull(user)).settings).toEqual({
      dayStart: 30,
      vacations: [trip],
      weekStart: null,
      groups: [],
    });
    // A vacation counts its days as skipped in the figures: done before it, and today inside it.
    const id = await newHabit(user);
    await push(user, [
      op.day(id, addDays(TEST_DAY, -5), "done"),
      op.settings({ vacations: [{ from: addDays(TEST_DAY, -4), to: TEST_DAY }] }),
    ]);
    expect(await habitOf(user, id)).toMatchObject({ streakCount: 1, completedToday: false });
  });

  it("normalises vacations, and refuses more than 20, a reversed one, one before 2000 and a bad day start", async () => {
    const user = await t.signUp();
    const v = (from: number, to: number) => ({ from: addDays(TEST_DAY, from), to: addDays(TEST_DAY, to) });
    const ok = await push(user, [op.settings({ vacations: [v(5, 8), v(-10, -8), v(7, 12), v(13, 13)] })]);
    expect(ok.results.map(outcome)).toEqual(["applied"]);
    expect((await pull(user)).settings?.vacations).toEqual([v(-10, -8), v(5, 13)]);
    const many = Array.from({ length: 21 }, (_, i) => v(3 * i, 3 * i));
    const result = await push(user, [
      op.settings({ vacations: many }),
      op.settings({ vacations: [v(2, 1)] }),
      op.settings({ vacations: [{ from: "1999-12-31", to: "2000-01-02" }] }),
      op.settings({ vacations: [{ from: "2026-02-30", to: "2026-03-01" }] }),
      { ...op.settings({ vacations: [] }), vacations: [{ ...v(1, 2), note: "x" }] },
      op.settings({ dayStart: 361 }),
      op.settings({ dayStart: 1.5 }),
      op.settings({ dayStart: -1 }),
      { opId: randomUUID(), type: "setSettings" },
      op.settings({ vacations: many.slice(0, 20) }),
    ]);
    expect(result.results.map(outcome)).toEqual([...Array(9).fill("VALIDATION_FAILED"), "applied"]);
    expect(result.results[0]).toMatchObject({ message: expect.stringMatching(/at most 20 vacations/) });
    expect(result.results[2]).toMatchObject({
      message: expect.stringMatching(/must not begin before 2000-01-01/),
    });
    expect((await pull(user)).settings).toEqual({
      dayStart: 0,
      vacations: many.slice(0, 20),
      weekStart: null,
      groups: [],
    });
  });
});

describe.each(testDialects())("the day quota with skipped days on $dialect", (dialect) => {
  let database: TestDatabase;
  let t: TestServer;
  beforeAll(async () => {
    database = await dialect.create();
    t = await startTestServer({
      databaseUrl: database.url,
      clock: pinnedClock(),
      transport: "in-process",
      env: { USER_MAX_DAYS: "3" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it("counts a day done or skipped once, frees it when it returns to nothing, and refuses the one too many", async () => {
    const user = await t.signUp();
    const id = randomUUID();
    const push = async (ops: SyncOp[]) =>
      (
        await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops }, headers: AS_TODAY })
      ).body.results.map(outcome);
    expect(
      await push([
        op.create(id),
        op.day(id, addDays(TEST_DAY, -3), "done"),
        op.day(id, addDays(TEST_DAY, -2), "skipped"),
        op.day(id, YESTERDAY, "done"),
        op.day(id, TEST_DAY, "skipped"),
        // Moving a stored day between done and skipped adds nothing.
        op.day(id, YESTERDAY, "skipped"),
        op.day(id, addDays(TEST_DAY, -2), "done"),
        op.day(id, YESTERDAY, "none"),
        op.day(id, TEST_DAY, "done"),
      ]),
    ).toEqual([
      "applied",
      "applied",
      "applied",
      "applied",
      "QUOTA_EXCEEDED",
      "applied",
      "applied",
      "applied",
      "applied",
    ]);
    expect(await push([op.legacy(id, addDays(TEST_DAY, -9), true)])).toEqual(["QUOTA_EXCEEDED"]);
    const tooMany = [
      {
        name: "Big",
        completedDates: [TEST_DAY, YESTERDAY],
        skippedDates: [TEST_DAY, addDays(TEST_DAY, -5), addDays(TEST_DAY, -6)],
      },
    ];
    const imported = await t.call<{ error: { code: string } }>(user, "PUT", "/api/habits", { json: tooMany });
    expect(imported.body.error.code).toBe("QUOTA_EXCEEDED");
    // A day both done and skipped in a file is one stored day (done).
    const fits = [
      {
        name: "Fits",
        completedDates: [TEST_DAY, YESTERDAY],
        skippedDates: [TEST_DAY, addDays(TEST_DAY, -5)],
      },
    ];
    const ok = await t.call<Habit[]>(user, "PUT", "/api/habits", { json: fits });
    expect(ok.status).toBe(200);
    expect(ok.body[0]).toMatchObject({
      completedDates: [YESTERDAY, TEST_DAY],
      skippedDates: [addDays(TEST_DAY, -5)],
    });
  });
});
