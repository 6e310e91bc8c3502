// Habit kinds on the server (docs/decisions/0061, 0063), on both dialects: the new ops applied and replayed, numbers
// raised from two pushes adding up, dated rules, an app of the previous release refused on a measurable day, pulls
// carrying numbers and notes, and the REST answers' figures of each kind.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { expandDayRanges } from "../../core/day-ranges";
import type { Habit } from "../../core/habit";
import { MAX_AMOUNT, QUIT_TARGET, type HabitRule, type Target } from "../../core/habit-kind";
import { addDays } from "../../core/local-date";
import type { SyncHabitDays, SyncOp, SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { countDays } from "../habits/owner.repo";

const GLASSES: Target = { atMost: false, amount: 8, per: "day", unit: "glasses" };
const YESTERDAY = addDays(TEST_DAY, -1);
const today = { "x-local-date": TEST_DAY };

describe.each(testDialects())("habit kinds on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let user: TestUser;
  beforeAll(async () => {
    user = await t.signUp();
  });

  const push = async (ops: SyncOp[], who = user) => {
    const res = await t.call<SyncPushResult>(who, "POST", "/api/sync/push", {
      json: { ops },
      headers: today,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results.map((r) => (r.status === "rejected" ? r.code : r.status));
  };
  const pull = async (cursor = "", who = user) =>
    (await t.call<SyncPull>(who, "GET", `/api/sync?cursor=${cursor}`)).body;
  const habit = async (id: string, who = user) =>
    (await t.call<Habit[]>(who, "GET", "/api/habits", { headers: today })).body.find((h) => h.id === id)!;
  const op = {
    measurable: (habitId: string, target = GLASSES, from = addDays(TEST_DAY, -30)): SyncOp => ({
      opId: randomUUID(),
      type: "createHabit",
      habitId,
      name: "Water",
      kind: "measurable",
      rules: [{ from, frequency: null, target }],
      step: 0.25,
    }),
    yesNo: (habitId: string): Extract<SyncOp, { type: "createHabit" }> => ({
      opId: randomUUID(),
      type: "createHabit",
      habitId,
      name: "Read",
    }),
    set: (habitId: string, value: number | null, date = TEST_DAY): SyncOp => ({
      opId: randomUUID(),
      type: "setAmount",
      habitId,
      date,
      value,
    }),
    add: (habitId: string, add: number, date = TEST_DAY): SyncOp => ({
      opId: randomUUID(),
      type: "addAmount",
      habitId,
      date,
      add,
    }),
    note: (habitId: string, note: string | null, date = TEST_DAY): SyncOp => ({
      opId: randomUUID(),
      type: "setNote",
      habitId,
      date,
      note,
    }),
    day: (habitId: string, state: "done" | "skipped" | "none", date = TEST_DAY): SyncOp => ({
      opId: randomUUID(),
      type: "setDay",
      habitId,
      date,
      state,
    }),
    rules: (habitId: string, from: string, rule: Omit<HabitRule, "from">): SyncOp => ({
      opId: randomUUID(),
      type: "setRules",
      habitId,
      from,
      ...rule,
    }),
  };

  it("creates a measurable habit, sets, raises and notes its days, and a replay changes nothing", async () => {
    const id = randomUUID();
    const ops = [
      op.measurable(id),
      op.set(id, 2.5, YESTERDAY),
      op.add(id, 0.1),
      op.add(id, 0.2),
      op.note(id, "After the run", YESTERDAY),
    ];
    expect(await push(ops)).toEqual(["applied", "applied", "applied", "applied", "applied"]);
    expect(await push(ops)).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "duplicate"]);
    // 0.1 + 0.2 is stored as 0.3 (roundAmount); the replayed raises did not add again.
    expect(await habit(id)).toMatchObject({
      kind: "measurable",
      rules: [{ from: addDays(TEST_DAY, -30), frequency: null, target: GLASSES }],
      step: 0.25,
      values: [
        [YESTERDAY, 2.5],
        [TEST_DAY, 0.3],
      ],
      notes: [[YESTERDAY, "After the run"]],
      completedDates: [],
      skippedDates: [],
    });
    expect(await push([op.set(id, null, YESTERDAY), op.note(id, null, YESTERDAY)])).toEqual([
      "applied",
      "applied",
    ]);
    expect(await habit(id)).toMatchObject({ values: [[TEST_DAY, 0.3]], notes: [] });
  });

  it("adds up raises from two pushes, and refuses a sum past the largest number", async () => {
    const id = randomUUID();
    await push([op.measurable(id)]);
    // Two devices each raise the same day from what they saw (nothing): the server adds both to what it holds.
    const [a, b] = [op.add(id, 1.5), op.add(id, 2)];
    await Promise.all([push([a]), push([b])]);
    expect((await habit(id)).values).toEqual([[TEST_DAY, 3.5]]);
    expect(await push([op.set(id, MAX_AMOUNT - 1), op.add(id, 2)])).toEqual(["applied", "AMOUNT_TOO_LARGE"]);
    expect((await habit(id)).values).toEqual([[TEST_DAY, MAX_AMOUNT - 1]]);
  });

  it("refuses an app of the previous release marking a measurable day done, by push and REST, keeping the number", async () => {
    const id = randomUUID();
    await push([op.measurable(id), op.set(id, 4)]);
    const refused = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", {
      headers: today,
      json: {
        ops: [
          op.day(id, "done"),
          { opId: randomUUID(), type: "setCompletion", habitId: id, date: TEST_DAY, done: true },
        ],
      },
    });
    expect(refused.body.results).toEqual([
      expect.objectContaining({
        status: "rejected",
        code: "HABIT_KIND_MISMATCH",
        message: expect.stringMatching(/update the app/),
      }),
      expect.objectContaining({ status: "rejected", code: "HABIT_KIND_MISMATCH" }),
    ]);
    for (const method of ["PUT", "DELETE"])
      expectError(
        await t.call(user, method, `/api/habits/${id}/completions/${TEST_DAY}`, { headers: today }),
        409,
        "HABIT_KIND_MISMATCH",
        /update the app/,
      );
    expect(await habit(id)).toMatchObject({ values: [[TEST_DAY, 4]], completedDates: [] });
    // Skipping and clearing change the mark only: the number stays.
    expect(await push([op.day(id, "skipped")])).toEqual(["applied"]);
    expect(await habit(id)).toMatchObject({ values: [[TEST_DAY, 4]], skippedDates: [TEST_DAY] });
    expect(await push([op.day(id, "none")])).toEqual(["applied"]);
    expect(await habit(id)).toMatchObject({ values: [[TEST_DAY, 4]], skippedDates: [] });
  });

  it("refuses a number or a step on a yes/no habit, and keeps a yes/no day's note through marking", async () => {
    const id = randomUUID();
    await push([op.yesNo(id)]);
    expect(
      await push([
        op.set(id, 1),
        op.add(id, 1),
        { opId: randomUUID(), type: "updateHabit", habitId: id, step: 2 },
        op.rules(id, TEST_DAY, { frequency: null, target: GLASSES }),
      ]),
    ).toEqual(["HABIT_KIND_MISMATCH", "HABIT_KIND_MISMATCH", "HABIT_KIND_MISMATCH", "HABIT_KIND_MISMATCH"]);
    expect(await push([op.note(id, "Chapter 3"), op.day(id, "done")])).toEqual(["applied", "applied"]);
    expect(
      (await t.call(user, "DELETE", `/api/habits/${id}/completions/${TEST_DAY}`, { headers: today })).status,
    ).toBe(200);
    expect(await habit(id)).toMatchObject({
      completedDates: [],
      notes: [[TEST_DAY, "Chapter 3"]],
      values: [],
    });
    expect(
      (await t.call(user, "PUT", `/api/habits/${id}/completions/${TEST_DAY}`, { headers: today })).status,
    ).toBe(200);
    expect(await habit(id)).toMatchObject({ completedDates: [TEST_DAY], notes: [[TEST_DAY, "Chapter 3"]] });
  });

  it("applies a rule from a day and keeps the earlier ones; an old app's schedule is a rule from today", async () => {
    const id = randomUUID();
    const first = addDays(TEST_DAY, -30);
    await push([op.measurable(id, GLASSES, first)]);
    const weekly: Target = { atMost: false, amount: 50, per: "week", unit: "glasses" };
    const change = op.rules(id, addDays(TEST_DAY, -7), { frequency: null, target: weekly });
    expect(await push([change])).toEqual(["applied"]);
    expect(await push([change])).toEqual(["duplicate"]);
    expect((await habit(id)).rules).toEqual([
      { from: first, frequency: null, target: GLASSES },
      { from: addDays(TEST_DAY, -7), frequency: null, target: weekly },
    ]);
    // A rule that does not fit the kind: weekdays with a target per week.
    const weekdays = op.rules(id, TEST_DAY, { frequency: { weekdays: [1, 3] }, target: weekly });
    expect(await push([weekdays])).toEqual(["HABIT_KIND_MISMATCH"]);
    // An app of the previous release sets a schedule on it: how often from today, with the target in force, which
    // does not fit either.
    const schedule: SyncOp = {
      opId: randomUUID(),
      type: "updateHabit",
      habitId: id,
      schedule: { weekdays: [2] },
    };
    expect(await push([schedule])).toEqual(["HABIT_KIND_MISMATCH"]);
    // On a yes/no habit the schedule becomes a rule from today, the earlier rule kept, and the schedule column.
    const yes = randomUUID();
    await push([{ ...op.yesNo(yes), schedule: { weekdays: [1, 5] } }]);
    expect((await habit(yes)).rules).toEqual([
      { from: TEST_DAY, frequency: { weekdays: [1, 5] }, target: null },
    ]);
    const later = { ...schedule, opId: randomUUID(), habitId: yes };
    await t.call(user, "POST", "/api/sync/push", {
      json: { ops: [op.rules(yes, addDays(TEST_DAY, -3), { frequency: null, target: null })] },
      headers: today,
    });
    expect(await push([later])).toEqual(["applied"]);
    expect(await habit(yes)).toMatchObject({
      schedule: { weekdays: [2] },
      rules: [
        { from: addDays(TEST_DAY, -3), frequency: null, target: null },
        { from: TEST_DAY, frequency: { weekdays: [2] }, target: null },
      ],
    });
    // A step on a measurable habit; a quit habit is held at 0 a day.
    expect(await push([{ opId: randomUUID(), type: "updateHabit", habitId: id, step: 2 }])).toEqual([
      "applied",
    ]);
    expect((await habit(id)).step).toBe(2);
    const quit = randomUUID();
    const quitRules = [{ from: TEST_DAY, frequency: null, target: QUIT_TARGET }];
    expect(await push([{ ...op.yesNo(quit), kind: "quit", rules: quitRules }])).toEqual(["applied"]);
    expect(await push([op.rules(quit, TEST_DAY, { frequency: null, target: GLASSES })])).toEqual([
      "HABIT_KIND_MISMATCH",
    ]);
  });

  it("answers each kind's figures by REST as the web store counts them (core/kind-habit.ts)", async () => {
    const who = await t.signUp();
    const [walk, water, run, gym, smoke] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const weeks = [-26, -19, -12, -5].map((monday) => addDays(TEST_DAY, monday)); // TEST_DAY is a Saturday
    const weekdays = weeks.flatMap((monday) => [0, 1, 2, 3, 4].map((d) => addDays(monday, d)));
    const weekly: Target = { atMost: false, amount: 20, per: "week", unit: "km" };
    const ops: SyncOp[] = [
      // Done Monday to Friday for four weeks while due every day, then due on weekdays from today.
      { ...op.yesNo(walk), rules: [{ from: weeks[0]!, frequency: null, target: null }] },
      ...weekdays.map((date) => op.day(walk, "done", date)),
      op.rules(walk, TEST_DAY, { frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null }),
      op.measurable(water),
      ...[-3, -2, -1].map((d) => op.set(water, 8, addDays(TEST_DAY, d))),
      op.set(water, 5),
      op.measurable(run, weekly, addDays(TEST_DAY, -20)),
      op.set(run, 12, addDays(TEST_DAY, -18)),
      op.set(run, 25, addDays(TEST_DAY, -9)),
      op.set(run, 6),
      { ...op.yesNo(gym), rules: [{ from: weeks[0]!, frequency: { times: 3, per: "week" }, target: null }] },
      ...[-6, -4, -1].map((d) => op.day(gym, "done", addDays(TEST_DAY, d))),
      {
        ...op.yesNo(smoke),
        kind: "quit",
        rules: [{ from: weeks[0]!, frequency: null, target: QUIT_TARGET }],
      },
      op.add(smoke, 1, addDays(TEST_DAY, -4)),
      op.day(smoke, "skipped", addDays(TEST_DAY, -10)),
      // The weekend before last on vacation; weeks from Sunday.
      {
        opId: randomUUID(),
        type: "setSettings",
        weekStart: 0,
        vacations: [{ from: addDays(TEST_DAY, -7), to: addDays(TEST_DAY, -6) }],
      },
    ];
    expect(new Set(await push(ops, who))).toEqual(new Set(["applied"]));
    const listed = (await t.call<Habit[]>(who, "GET", "/api/habits", { headers: today })).body;
    const figures = (h: Habit) => ({
      streakCount: h.streakCount,
      bestStreak: h.bestStreak,
      completionRate: h.completionRate,
      completedToday: h.completedToday,
      lastCompletedDate: h.lastCompletedDate,
    });
    const of = (id: string) => figures(listed.find((h) => h.id === id)!);
    // Each day judged by the rule in force then: the weekends while due every day were missed, but for the one on
    // vacation (core/habit's figures with today's weekdays gave 20 days); 20 met of 24 due.
    const walkFigures = {
      streakCount: 10,
      bestStreak: 10,
      completionRate: 83,
      completedToday: false,
      lastCompletedDate: addDays(TEST_DAY, -1),
    };
    expect(of(walk)).toEqual(walkFigures);
    // Three days met; today, not met yet, counts in the rate as a daily habit's always has, and is not the last
    // day completed.
    expect(of(water)).toEqual({
      streakCount: 3,
      bestStreak: 3,
      completionRate: 75,
      completedToday: false,
      lastCompletedDate: addDays(TEST_DAY, -1),
    });
    // Weeks from Sunday: 12 km the first week, 25 the second, and the week in progress not counted yet.
    expect(of(run)).toEqual({
      streakCount: 1,
      bestStreak: 1,
      completionRate: 50,
      completedToday: false,
      // The last day with a number in the last week met.
      lastCompletedDate: addDays(TEST_DAY, -9),
    });
    // Three times in the week from Sunday the 15th: met already; the weeks before its first day do not count.
    expect(of(gym)).toEqual({
      streakCount: 1,
      bestStreak: 1,
      completionRate: 100,
      completedToday: true,
      lastCompletedDate: addDays(TEST_DAY, -1),
    });
    // Clean days, the skipped day and the vacation passed over: 22 of 23 before the slip and since; today not over.
    expect(of(smoke)).toEqual({
      streakCount: 3,
      bestStreak: 19,
      completionRate: 96,
      completedToday: false,
      // Yesterday, its last clean day.
      lastCompletedDate: addDays(TEST_DAY, -1),
    });

    // One habit's answers: a rename, and a day marked by REST.
    const renamed = await t.call<Habit>(who, "PATCH", `/api/habits/${walk}`, {
      json: { name: "Walk" },
      headers: today,
    });
    expect(figures(renamed.body)).toEqual(walkFigures);
    const marked = await t.call<Habit>(who, "PUT", `/api/habits/${gym}/completions/${TEST_DAY}`, {
      headers: today,
    });
    expect(figures(marked.body)).toEqual({ ...of(gym), lastCompletedDate: TEST_DAY });
  });

  it("pulls numbers and notes, at first and after a cursor, and tells a removed note", async () => {
    const other = await t.signUp();
    const id = randomUUID();
    await push(
      [
        op.measurable(id),
        op.set(id, 3, YESTERDAY),
        op.note(id, "Hot day", YESTERDAY),
        op.day(id, "skipped"),
        op.note(id, "Ill"),
      ],
      other,
    );
    await push([{ opId: randomUUID(), type: "setSettings", weekStart: 1 }], other);
    const first = await pull("", other);
    expect(first.habits).toEqual([
      expect.objectContaining({
        id,
        kind: "measurable",
        step: 0.25,
        rules: [expect.objectContaining({ target: GLASSES })],
      }),
    ]);
    expect(first.settings).toMatchObject({ weekStart: 1 });
    const days = first.completions.find((d) => d.habitId === id)!;
    expect(days).toMatchObject({
      values: [[YESTERDAY, 3]],
      notes: [
        [YESTERDAY, "Hot day"],
        [TEST_DAY, "Ill"],
      ],
    });
    expect(expandDayRanges(days.undone)).toEqual([YESTERDAY]);
    expect(expandDayRanges(days.skipped)).toEqual([TEST_DAY]);
    // The note of a skipped day removed, and of a day with a number: each day comes again, without its note.
    await push([op.note(id, null), op.note(id, null, YESTERDAY)], other);
    const next = await pull(first.cursor, other);
    const changed = next.completions.find((d) => d.habitId === id)!;
    expect(changed).toMatchObject({ values: [[YESTERDAY, 3]], notes: [] });
    expect(expandDayRanges(changed.skipped)).toEqual([TEST_DAY]);
    expect(expandDayRanges(changed.undone)).toEqual([YESTERDAY]);
    // Its number removed too: the day is a tombstone, listed in undone with nothing.
    await push([op.set(id, null, YESTERDAY)], other);
    const last = await pull(next.cursor, other);
    expect(last.completions).toEqual([
      {
        habitId: id,
        done: [],
        skipped: [],
        undone: [YESTERDAY],
        values: [],
        notes: [],
      } satisfies SyncHabitDays,
    ]);
  });

  it("answers any new op, well formed or not, with a result and never an error (property)", async () => {
    const who = await t.signUp();
    const [m, y] = [randomUUID(), randomUUID()];
    await push([op.measurable(m), op.yesNo(y)], who);
    const anyNumber = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(0, 0.001, 0.0001, MAX_AMOUNT, -1, null),
    );
    const base = {
      opId: fc.uuid(),
      habitId: fc.constantFrom(m, y, randomUUID()),
      date: fc.constantFrom(TEST_DAY, YESTERDAY, addDays(TEST_DAY, 3), "2026-02-30", "1999-12-31"),
    };
    const frequency = fc.oneof(
      fc.constant(null),
      fc.record({ weekdays: fc.array(fc.integer({ min: -1, max: 8 }), { maxLength: 8 }) }),
      fc.record({ times: fc.integer({ min: 0, max: 40 }), per: fc.constantFrom("week", "month", "day") }),
    );
    const target = fc.oneof(
      fc.constant(null),
      fc.record({
        atMost: fc.boolean(),
        amount: anyNumber,
        per: fc.constantFrom("day", "week", "month"),
        unit: fc.string({ maxLength: 25 }),
      }),
    );
    // Each op with its own fields (mostly well formed, so that most are applied), now and then one too many.
    const anyOp = fc
      .tuple(
        fc.oneof(
          fc.record({ ...base, type: fc.constant("setAmount"), value: anyNumber }),
          fc.record({ ...base, type: fc.constant("addAmount"), add: anyNumber }),
          fc.record({
            ...base,
            type: fc.constant("setNote"),
            note: fc.oneof(fc.string({ maxLength: 600 }), fc.constant(null), fc.constant("   ")),
          }),
          fc.record({
            opId: base.opId,
            habitId: base.habitId,
            type: fc.constant("setRules"),
            from: fc.constantFrom(TEST_DAY, "2000-01-01", "nope"),
            frequency,
            target,
          }),
          fc.record({
            ...base,
            type: fc.constant("setDay"),
            state: fc.constantFrom("done", "skipped", "none"),
          }),
          fc.record({
            opId: base.opId,
            habitId: base.habitId,
            type: fc.constant("updateHabit"),
            step: anyNumber,
          }),
        ),
        fc.oneof(
          { weight: 8, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: fc.constantFrom({ extra: 1 }, { value: 1 }) },
        ),
      )
      .map(([one, extra]) => ({ ...one, ...extra }));
    const applied = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(anyOp, { maxLength: 8 }), async (ops) => {
        const res = await t.call<SyncPushResult>(who, "POST", "/api/sync/push", {
          json: { ops },
          headers: today,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.results).toHaveLength(ops.length);
        for (const [i, result] of res.body.results.entries())
          if (result.status === "applied") applied.add(ops[i]!.type);
      }),
      { numRuns: 60, seed: 20261121 },
    );
    // Well-formed ops of most kinds were applied, not only refused (the seed is fixed: the same ops every run).
    expect([...applied]).toEqual(expect.arrayContaining(["setAmount", "setNote", "setDay"]));
    expect(applied.size).toBeGreaterThanOrEqual(4);
    // Whatever was applied, the habits still read and pull.
    expect((await t.call(who, "GET", "/api/habits")).status).toBe(200);
    expect((await t.call(who, "GET", "/api/sync")).status).toBe(200);
  });

  it("counts a day with only a number or a note as one stored day", async () => {
    const counted = await t.signUp();
    const db = t.running.database.db;
    const [m, y] = [randomUUID(), randomUUID()];
    await push([op.measurable(m), op.yesNo(y)], counted);
    const stored = () => countDays(db, counted.id);
    await push(
      [op.set(m, 1), op.note(m, "n"), op.note(y, "x", YESTERDAY), op.day(y, "done", YESTERDAY)],
      counted,
    );
    expect(await stored()).toBe(2);
    const kept = await db
      .selectFrom("day_counts")
      .select("days")
      .where("user_id", "=", counted.id)
      .executeTakeFirst();
    expect(Number(kept?.days)).toBe(2);
    await push([op.set(m, null), op.day(y, "none", YESTERDAY)], counted);
    expect(await stored()).toBe(2); // the note keeps each day
    await push([op.note(m, null), op.note(y, null, YESTERDAY)], counted);
    expect(await stored()).toBe(0);
    const after = await db
      .selectFrom("day_counts")
      .select("days")
      .where("user_id", "=", counted.id)
      .executeTakeFirst();
    expect(Number(after?.days)).toBe(0);
  });
});

describe.each(testDialects())("the per-user day quota with numbers and notes on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { env: { USER_MAX_DAYS: "2" } });

  it("refuses a third day held by a note alone, and a note on a stored day still works", async () => {
    const user = await t.signUp();
    const id = randomUUID();
    const ops = (list: SyncOp[]) =>
      t
        .call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops: list }, headers: today })
        .then((res) => res.body.results.map((r) => (r.status === "rejected" ? r.code : r.status)));
    const note = (date: string, text: string): SyncOp => ({
      opId: randomUUID(),
      type: "setNote",
      habitId: id,
      date,
      note: text,
    });
    await ops([{ opId: randomUUID(), type: "createHabit", habitId: id, name: "Read" }]);
    expect(await ops([note(TEST_DAY, "a"), note(YESTERDAY, "b"), note(addDays(TEST_DAY, -2), "c")])).toEqual([
      "applied",
      "applied",
      "QUOTA_EXCEEDED",
    ]);
    expect(await ops([note(TEST_DAY, "changed")])).toEqual(["applied"]);
  });
});
