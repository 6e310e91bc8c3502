import { describe, expect, it } from "vitest";
import { MAX_BACKUP_HABITS } from "../constants";
import { MAX_NAME_LENGTH } from "../name";
import type { LoopEntry, LoopHabit } from "./loop-habit";
import { importItems, planHabit, planLoopImport } from "./loop-map";

const TODAY = "2026-11-22";
const unnamed = (position: number) => `Loop habit ${position}`;
const habit = (extra: Partial<LoopHabit> & { days?: Map<string, LoopEntry> } = {}): LoopHabit => ({
  name: "Walk",
  position: 0,
  archived: false,
  freqNum: 1,
  freqDen: 1,
  target: null,
  days: new Map(),
  ...extra,
});
const days = (entries: [string, LoopEntry][]) => new Map(entries);

describe("planHabit", () => {
  it("keeps days done by hand and skips; leaves out Loop's automatic, not done and unknown days", () => {
    const planned = planHabit(
      habit({
        days: days([
          ["2024-01-03", "manual"],
          ["2024-01-01", "manual"],
          ["2024-01-02", "skip"],
          ["2024-01-04", "auto"],
          ["2024-01-05", "auto"],
          ["2024-01-06", "no"],
          ["2024-01-07", "unknown"],
        ]),
      }),
      TODAY,
      unnamed,
    );
    expect(planned).toEqual({
      name: "Walk",
      archived: false,
      completedDates: ["2024-01-01", "2024-01-03"],
      skippedDates: ["2024-01-02"],
      first: "2024-01-01",
      last: "2024-01-03",
      notes: [{ kind: "auto", days: 2 }],
    });
  });

  it("drops and counts days before 2000-01-01 and after today", () => {
    const planned = planHabit(
      habit({
        days: days([
          ["1999-12-31", "manual"],
          ["2000-01-01", "manual"],
          [TODAY, "skip"],
          ["2026-11-23", "manual"],
        ]),
      }),
      TODAY,
      unnamed,
    );
    expect(planned.completedDates).toEqual(["2000-01-01"]);
    expect(planned.skippedDates).toEqual([TODAY]);
    expect(planned.notes).toEqual([{ kind: "dropped", days: 2 }]);
  });

  it.each([
    [1, 1, []],
    [7, 7, []],
    [3, 7, [{ kind: "frequency", num: 3, den: 7 }]],
    [1, 2, [{ kind: "frequency", num: 1, den: 2 }]],
    [2, 2, [{ kind: "frequency", num: 2, den: 2 }]],
  ])("a frequency of %i in %i is daily, noted unless 1/1 or 7/7", (freqNum, freqDen, notes) => {
    expect(planHabit(habit({ freqNum, freqDen }), TODAY, unnamed).notes).toEqual(notes);
  });

  it("marks a measured habit done where its amount meets the target, at least or at most", () => {
    const amounts = days([
      ["2024-03-01", 3],
      ["2024-03-02", 2.5],
      ["2024-03-03", 1],
      ["2024-03-04", 0],
      ["2024-03-05", "unknown"],
      ["2024-03-06", "skip"],
    ]);
    const atLeast = planHabit(
      habit({ target: { type: "atLeast", value: 2.5, unit: "L" }, days: amounts }),
      TODAY,
      unnamed,
    );
    expect(atLeast.completedDates).toEqual(["2024-03-01", "2024-03-02"]);
    expect(atLeast.skippedDates).toEqual(["2024-03-06"]);
    expect(atLeast.notes).toEqual([
      { kind: "measured", target: { type: "atLeast", value: 2.5, unit: "L" }, met: 2, notMet: 2 },
    ]);
    // A recorded 0 stays within "at most": done (docs/decisions/0036); an unknown day is not.
    const atMost = planHabit(
      habit({ target: { type: "atMost", value: 1, unit: "" }, days: amounts }),
      TODAY,
      unnamed,
    );
    expect(atMost.completedDates).toEqual(["2024-03-03", "2024-03-04"]);
    expect(atMost.notes).toMatchObject([{ kind: "measured", met: 2, notMet: 2 }]);
  });

  it("cuts a name longer than the app's limit, names an empty one, and keeps duplicates", () => {
    const long = "ab ".repeat(60);
    const cut = planHabit(habit({ name: long }), TODAY, unnamed);
    expect(cut.name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(long.startsWith(cut.name)).toBe(true);
    expect(cut.notes).toEqual([{ kind: "nameCut", original: long }]);
    expect(planHabit(habit({ name: "  ", position: 4 }), TODAY, unnamed)).toMatchObject({
      name: "Loop habit 4",
      notes: [{ kind: "unnamed" }],
    });
    expect(planHabit(habit({ name: "x".repeat(MAX_NAME_LENGTH) }), TODAY, unnamed).notes).toEqual([]);
  });
});

describe("planLoopImport", () => {
  it("orders by Loop's position, keeps archived habits and duplicate names, and counts everything", () => {
    const result = planLoopImport(
      [
        habit({ name: "Zebra", position: 2, days: days([["2024-01-01", "manual"]]) }),
        habit({
          name: "Apple",
          position: 0,
          archived: true,
          days: days([
            ["2024-01-01", "skip"],
            ["1990-01-01", "manual"],
          ]),
        }),
        habit({
          name: "Apple",
          position: 1,
          days: days([
            ["2024-01-01", "manual"],
            ["2024-01-02", "manual"],
          ]),
        }),
      ],
      TODAY,
      unnamed,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.habits.map((h) => [h.name, h.archived])).toEqual([
      ["Apple", true],
      ["Apple", false],
      ["Zebra", false],
    ]);
    expect([result.plan.done, result.plan.skipped, result.plan.dropped]).toEqual([3, 1, 1]);
    expect(importItems(result.plan)).toEqual([
      {
        name: "Apple",
        completedDates: [],
        skippedDates: ["2024-01-01"],
        archived: true,
        position: 0,
        schedule: null,
      },
      {
        name: "Apple",
        completedDates: ["2024-01-01", "2024-01-02"],
        skippedDates: [],
        archived: false,
        position: 1,
        schedule: null,
      },
      {
        name: "Zebra",
        completedDates: ["2024-01-01"],
        skippedDates: [],
        archived: false,
        position: 2,
        schedule: null,
      },
    ]);
  });

  it("refuses a file without habits, or with more than the app takes", () => {
    expect(planLoopImport([], TODAY, unnamed)).toEqual({ ok: false, problem: { kind: "noHabits" } });
    const many = Array.from({ length: MAX_BACKUP_HABITS + 1 }, (_, position) => habit({ position }));
    expect(planLoopImport(many, TODAY, unnamed)).toEqual({
      ok: false,
      problem: { kind: "tooManyHabits", count: MAX_BACKUP_HABITS + 1, max: MAX_BACKUP_HABITS },
    });
    expect(planLoopImport(many.slice(1), TODAY, unnamed).ok).toBe(true);
  });
});
