// The views of habits of each kind (docs/decisions/0061): core/kind-figures.ts's figures from the store's rows,
// today's number and progress for Today, and a yes/no habit due every day or on weekdays exactly as before.
import { describe, expect, it } from "vitest";
import type { Habit } from "../../../core/habit";
import type { HabitRule } from "../../../core/habit-kind";
import { deriveAnyHabit } from "../../../core/kind-habit";
import { addDays } from "../../../core/local-date";
import type { SyncOp } from "../../../core/sync";
import { applyChanges, emptyReplica, opChanges, storedHabits } from "../sync/replica-state";
import { kindView } from "./kind-view";
import { deriveAll, deriveView } from "./habit-views";
import { weekStartOf } from "./use-habits";
import { localeWeekStart } from "../week-start";

const TODAY = "2026-11-21"; // a Saturday
const at = "2026-11-21T08:00:00.000Z";

/** The store's rows after creating each habit and writing its days, as the engine applies them. */
function rows(
  habits: { id: string; rules: HabitRule[]; kind?: "yesNo" | "measurable" | "quit" }[],
  days: SyncOp[],
) {
  const ops: SyncOp[] = [
    ...habits.map(({ id, rules, kind = "yesNo" }): SyncOp => ({
      opId: `c${id}`,
      type: "createHabit",
      habitId: id,
      name: id,
      kind,
      rules,
    })),
    ...days,
  ];
  return storedHabits(
    applyChanges(
      emptyReplica(),
      ops.flatMap((op) => opChanges(op, at)),
    ),
  );
}
const amount = (habitId: string, date: string, value: number): SyncOp => ({
  opId: `${habitId}${date}`,
  type: "setAmount",
  habitId,
  date,
  value,
});
const done = (habitId: string, date: string): SyncOp => ({
  opId: `${habitId}${date}`,
  type: "setDay",
  habitId,
  date,
  state: "done",
});
const view = (stored: ReturnType<typeof rows>, id: string, weekStart: 0 | 1 = 1) =>
  deriveAll(stored, { today: TODAY, vacations: [], weekStart, kindView }).find((h) => h.id === id)!;

describe("the views of each kind", () => {
  it("a measurable habit: today's number and its target, a streak of days met, the rate over met and missed days", () => {
    const target = { atMost: false, amount: 8, per: "day" as const, unit: "glasses" };
    const stored = rows(
      [{ id: "water", kind: "measurable", rules: [{ from: "2026-11-18", frequency: null, target }] }],
      [
        amount("water", "2026-11-18", 8),
        amount("water", "2026-11-19", 9),
        amount("water", "2026-11-20", 8),
        amount("water", TODAY, 5),
      ],
    );
    const water = view(stored, "water");
    expect(water.kindToday).toMatchObject({
      kind: "measurable",
      amount: 5,
      step: 1,
      unit: "glasses",
      progress: { amount: 5, needed: 8, per: "day", atMost: false },
      met: false,
    });
    expect(water).toMatchObject({ streakCount: 3, bestStreak: 3, completionRate: 75, completedToday: false });
    // The days shown done (the 7-day strip): those that met their target.
    expect(water.completedDates).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    // Three more glasses meet today's target: a fourth day.
    const more = rows(
      [{ id: "water", kind: "measurable", rules: [{ from: "2026-11-18", frequency: null, target }] }],
      [
        amount("water", "2026-11-18", 8),
        amount("water", "2026-11-19", 9),
        amount("water", "2026-11-20", 8),
        amount("water", TODAY, 8),
      ],
    );
    expect(view(more, "water")).toMatchObject({
      streakCount: 4,
      completedToday: true,
      kindToday: { met: true },
    });
  });

  it("a quit habit: its clean days are its streak of days without a slip", () => {
    const quit = { atMost: true, amount: 0, per: "day" as const, unit: "times" };
    const stored = rows(
      [{ id: "smoke", kind: "quit", rules: [{ from: "2026-11-15", frequency: null, target: quit }] }],
      [amount("smoke", "2026-11-17", 1)],
    );
    const smoke = view(stored, "smoke");
    expect(smoke).toMatchObject({
      streakCount: 3,
      bestStreak: 3,
      completedToday: false,
      lastCompletedDate: "2026-11-20",
    });
    // Its clean days show done; the slip and today (not over yet) do not.
    expect(smoke.completedDates).toEqual([
      "2026-11-15",
      "2026-11-16",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(smoke.kindToday).toMatchObject({ kind: "quit", amount: null, progress: { amount: 0, needed: 0 } });
  });

  it("a yes/no habit due N times a week: the week's progress, counted from the week start", () => {
    const stored = rows(
      [{ id: "gym", rules: [{ from: "2026-11-02", frequency: { times: 3, per: "week" }, target: null }] }],
      [done("gym", "2026-11-15"), done("gym", "2026-11-17"), done("gym", "2026-11-20")],
    );
    const monday = view(stored, "gym", 1);
    expect(monday.kindToday).toMatchObject({
      timesPer: "week",
      progress: { amount: 2, needed: 3 },
      met: false,
    });
    const sunday = view(stored, "gym", 0);
    expect(sunday.kindToday).toMatchObject({ progress: { amount: 3, needed: 3 }, met: true });
    expect(sunday.completedToday).toBe(true);
  });

  it("a yes/no habit due every day or on weekdays keeps core/habit's figures, with no kind figures", () => {
    const stored = rows(
      [
        { id: "read", rules: [{ from: "2026-11-02", frequency: null, target: null }] },
        {
          id: "work",
          rules: [{ from: "2026-11-02", frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null }],
        },
      ],
      [
        done("read", "2026-11-20"),
        done("read", TODAY),
        done("work", "2026-11-19"),
        done("work", "2026-11-20"),
      ],
    );
    for (const id of ["read", "work"]) {
      const v = view(stored, id);
      expect(v.kindToday).toBeUndefined();
      expect({ ...v }).toEqual({
        ...deriveView(
          stored.find((h) => h.id === id)!,
          TODAY,
          [],
        ),
      });
    }
    expect(view(stored, "work").streakCount).toBe(2);
  });

  it("a yes/no habit whose rules changed judges each day by the rule in force then, not by today's schedule", () => {
    // Done Monday to Friday for four weeks while due every day, then due on weekdays from today (a Saturday).
    const weeks = ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"];
    const weekdays = weeks.flatMap((monday) => [0, 1, 2, 3, 4].map((d) => addDays(monday, d)));
    const stored = rows(
      [
        {
          id: "walk",
          rules: [
            { from: weeks[0]!, frequency: null, target: null },
            { from: TODAY, frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null },
          ],
        },
      ],
      weekdays.map((date) => done("walk", date)),
    );
    const walk = view(stored, "walk");
    // The weekends before today were due, and missed: each week is its own streak of 5.
    expect(walk).toMatchObject({
      streakCount: 5,
      bestStreak: 5,
      completionRate: Math.round((20 / 26) * 100),
      completedToday: false,
      lastCompletedDate: "2026-11-20",
      completedDates: weekdays,
    });
    expect(walk.kindToday).toMatchObject({ kind: "yesNo", timesPer: null, figures: { per: "day" } });
  });

  it("derives again for another week start, and without the kinds' code gives the yes/no view", () => {
    const stored = rows(
      [{ id: "gym", rules: [{ from: "2026-11-02", frequency: { times: 3, per: "week" }, target: null }] }],
      [done("gym", "2026-11-17")],
    );
    const none: never[] = [];
    const a = deriveAll(stored, { today: TODAY, vacations: none, weekStart: 1, kindView });
    expect(deriveAll(stored, { today: TODAY, vacations: none, weekStart: 1, kindView })).toBe(a);
    expect(deriveAll(stored, { today: TODAY, vacations: none, weekStart: 0, kindView })).not.toBe(a);
    const [plain] = deriveAll(stored, { today: TODAY, vacations: none, weekStart: 1, kindView: null });
    expect(plain?.kindToday).toBeUndefined();
  });
});

describe("the server's answers", () => {
  it("give every habit the view's figures (core/kind-habit.ts deriveAnyHabit)", () => {
    const glasses = { atMost: false, amount: 8, per: "day" as const, unit: "glasses" };
    const weekly = { atMost: false, amount: 20, per: "week" as const, unit: "km" };
    const coffee = { atMost: true, amount: 2, per: "day" as const, unit: "cups" };
    const quit = { atMost: true, amount: 0, per: "day" as const, unit: "times" };
    const from = "2026-10-05";
    const stored = rows(
      [
        { id: "read", rules: [{ from, frequency: null, target: null }] },
        { id: "work", rules: [{ from, frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null }] },
        {
          id: "walk",
          rules: [
            { from, frequency: null, target: null },
            { from: "2026-11-02", frequency: { times: 3, per: "week" }, target: null },
            { from: "2026-11-16", frequency: { weekdays: [1, 3, 5] }, target: null },
          ],
        },
        {
          id: "water",
          kind: "measurable",
          rules: [
            { from, frequency: null, target: glasses },
            { from: "2026-11-09", frequency: null, target: weekly },
          ],
        },
        { id: "coffee", kind: "measurable", rules: [{ from, frequency: null, target: coffee }] },
        { id: "smoke", kind: "quit", rules: [{ from, frequency: null, target: quit }] },
      ],
      Array.from({ length: 48 }, (_, i) => addDays(TODAY, -i)).flatMap((date, i) => [
        ...(i % 4 !== 1 ? [done("read", date), done("work", date), done("walk", date)] : []),
        amount("water", date, (i * 7) % 11),
        amount("coffee", date, i % 3),
        ...(i % 9 === 4 ? [amount("smoke", date, 1)] : []),
      ]),
    );
    const figures = (h: Habit) => [
      h.streakCount,
      h.bestStreak,
      h.completionRate,
      h.completedToday,
      h.lastCompletedDate,
    ];
    for (const weekStart of [0, 1] as const)
      for (const habit of stored)
        expect(figures(deriveAnyHabit(habit, TODAY, [], weekStart)), habit.id).toEqual(
          figures(view(stored, habit.id, weekStart)),
        );
  });
});

describe("the days shown done under a target per week", () => {
  it("are the days with a number", () => {
    const weekly = { atMost: false, amount: 20, per: "week" as const, unit: "km" };
    const stored = rows(
      [{ id: "run", kind: "measurable", rules: [{ from: "2026-11-02", frequency: null, target: weekly }] }],
      [
        amount("run", "2026-11-03", 12),
        amount("run", "2026-11-10", 0),
        amount("run", "2026-11-17", 5),
        amount("run", TODAY, 6),
      ],
    );
    const run = view(stored, "run");
    expect(run.completedDates).toEqual(["2026-11-03", "2026-11-17", TODAY]);
    expect(run.kindToday).toMatchObject({ progress: { amount: 11, needed: 20, per: "week" } });
  });
});

describe("the week start", () => {
  it("is the user's setting, else the locale's: Sunday where its week starts on Sunday, else Monday", () => {
    expect(weekStartOf(0)).toBe(0);
    expect(weekStartOf(1)).toBe(1);
    expect(localeWeekStart("en-US")).toBe(0); // Node's Intl has the week of a locale (weekInfo)
    expect(localeWeekStart("de-DE")).toBe(1);
    expect(localeWeekStart("ar-EG")).toBe(0); // a week from Saturday: Sunday, the nearer of the two
    expect(localeWeekStart("not a locale!")).toBe(1);
  });
});
