import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BackupHabitSchema } from "../backup-schema";
import { MAX_BACKUP_HABITS } from "../constants";
import { isHabitRules } from "../habit-kind";
import { MAX_NAME_LENGTH } from "../name";
import type { LoopEntry, LoopHabit } from "./loop-habit";
import { importItems, planHabit, planLoopImport } from "./loop-map";
import { frequencyOf, reminderOf } from "./loop-rules";

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
const measured = (value: number, extra: Partial<LoopHabit> = {}) =>
  habit({ target: { type: "atLeast", value, unit: "L" }, ...extra });

describe("planHabit: yes/no days", () => {
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
      kind: "yesNo",
      rules: [{ from: "2024-01-01", frequency: null, target: null }],
      completedDates: ["2024-01-01", "2024-01-03"],
      skippedDates: ["2024-01-02"],
      values: [],
      total: 0,
      dayNotes: [],
      reminder: null,
      uuid: null,
      first: "2024-01-01",
      last: "2024-01-03",
      notes: [{ kind: "auto", days: 2 }],
    });
  });

  it("drops and counts days before 2000-01-01 and after today; a habit without days has its rule from today", () => {
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
    expect(planHabit(habit(), TODAY, unnamed).rules).toEqual([
      { from: TODAY, frequency: null, target: null },
    ]);
  });
});

describe("frequencyOf: Loop's num in den days as ours", () => {
  it.each([
    [1, 1, null],
    [7, 7, null],
    [2, 2, null],
    [1, 7, { times: 1, per: "week" }],
    [3, 7, { times: 3, per: "week" }],
    [6, 7, { times: 6, per: "week" }],
    [2, 30, { times: 2, per: "month" }],
    [5, 31, { times: 5, per: "month" }],
  ])("%i in %i is exactly %j", (num, den, frequency) => {
    expect(frequencyOf(num, den)).toEqual({ frequency, exact: true });
  });

  it.each([
    [1, 2, { times: 4, per: "week" }], // 3.5 a week
    [1, 3, { times: 2, per: "week" }], // 2.33
    [2, 5, { times: 3, per: "week" }], // 2.8
    [1, 14, { times: 1, per: "week" }], // 0.5
    [1, 60, { times: 1, per: "week" }], // at least once a week
    [13, 14, null], // 6.5 rounds to 7: every day
    [5, 3, null], // more than once a day
    [0, 0, null], // not a frequency: every day
  ])("%i in %i becomes the nearest times a week, %j", (num, den, frequency) => {
    expect(frequencyOf(num, den)).toEqual({ frequency, exact: false });
  });

  it("names an approximation in the habit's notes, and the rule fits a yes/no habit", () => {
    const gym = planHabit(habit({ name: "Gym", freqNum: 1, freqDen: 3 }), TODAY, unnamed);
    expect(gym.notes).toEqual([{ kind: "frequency", num: 1, den: 3, to: { times: 2, per: "week" } }]);
    expect(gym.rules[0].frequency).toEqual({ times: 2, per: "week" });
    expect(isHabitRules("yesNo", gym.rules)).toBe(true);
    expect(planHabit(habit({ freqNum: 3, freqDen: 7 }), TODAY, unnamed).notes).toEqual([]);
  });
});

describe("planHabit: measured habits stay measurable", () => {
  it("keeps every amount exactly (Loop's thousandths ÷ 1000), a recorded 0, skips; unknown days hold nothing", () => {
    const planned = planHabit(
      measured(2.5, {
        days: days([
          ["2024-03-01", 3000],
          ["2024-03-02", 2500],
          ["2024-03-03", 0],
          ["2024-03-04", "unknown"],
          ["2024-03-05", "skip"],
          ["2024-03-06", 100],
          ["2024-03-07", 200],
          ["2024-03-08", 333],
        ]),
      }),
      TODAY,
      unnamed,
    );
    expect(planned.kind).toBe("measurable");
    expect(planned.rules).toEqual([
      { from: "2024-03-01", frequency: null, target: { atMost: false, amount: 2.5, per: "day", unit: "L" } },
    ]);
    expect(planned.values).toEqual([
      ["2024-03-01", 3],
      ["2024-03-02", 2.5],
      ["2024-03-03", 0],
      ["2024-03-06", 0.1],
      ["2024-03-07", 0.2],
      ["2024-03-08", 0.333],
    ]);
    expect(planned.total).toBe(3000 + 2500 + 100 + 200 + 333);
    expect(planned.completedDates).toEqual([]);
    expect(planned.skippedDates).toEqual(["2024-03-05"]);
    expect(planned.notes).toEqual([]);
    expect(isHabitRules("measurable", planned.rules)).toBe(true);
  });

  it("any whole number of thousandths reads back as the same decimal, and sums stay exact", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { maxLength: 40 }), (raws) => {
        const entries = raws.map((raw, i): [string, LoopEntry] => [
          `2024-01-${String(i + 1).padStart(2, "0")}`,
          raw,
        ]);
        const planned = planHabit(measured(1, { days: days(entries.slice(0, 31)) }), TODAY, unnamed);
        const kept = raws.slice(0, 31);
        planned.values.forEach(([, value], i) => {
          const raw = kept[i]!;
          expect(value).toBe(Number(`${Math.trunc(raw / 1000)}.${String(raw % 1000).padStart(3, "0")}`));
          expect(Math.round(value * 1000)).toBe(raw);
        });
        expect(planned.total).toBe(kept.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it("counts amounts below 0 or above 1,000,000 as left out", () => {
    const planned = planHabit(
      measured(1, {
        days: days([
          ["2024-03-01", -5],
          ["2024-03-02", 1_000_000_001],
          ["2024-03-03", 1_000_000_000],
        ]),
      }),
      TODAY,
      unnamed,
    );
    expect(planned.values).toEqual([["2024-03-03", 1_000_000]]);
    expect(planned.notes).toEqual([{ kind: "outOfRange", days: 2 }]);
  });

  it.each([
    [1, 1, "day"],
    [1, 7, "week"],
    [1, 30, "month"],
    [1, 31, "month"],
    [7, 7, "day"],
  ] as const)("a target per %i in %i days is per %s", (freqNum, freqDen, per) => {
    const planned = planHabit(measured(20, { freqNum, freqDen }), TODAY, unnamed);
    expect(planned.rules[0].target).toEqual({ atMost: false, amount: 20, per, unit: "L" });
    expect(planned.notes).toEqual([]);
    expect(isHabitRules("measurable", planned.rules)).toBe(true);
  });

  it("a target per other days becomes Loop's own daily share of it, noted; at most stays at most", () => {
    const planned = planHabit(
      habit({ target: { type: "atMost", value: 10, unit: "cups" }, freqNum: 1, freqDen: 3 }),
      TODAY,
      unnamed,
    );
    expect(planned.rules[0].target).toEqual({ atMost: true, amount: 3.333, per: "day", unit: "cups" });
    expect(planned.notes).toEqual([{ kind: "targetPeriod", amount: 10, den: 3, daily: 3.333, unit: "cups" }]);
    expect(isHabitRules("measurable", planned.rules)).toBe(true);
  });

  it("rounds a target to 3 decimals and into 0 to 1,000,000, and cuts a unit to 20 characters, noted", () => {
    const planned = planHabit(
      habit({ target: { type: "atLeast", value: 2.0005, unit: "  millilitres of water a day  " } }),
      TODAY,
      unnamed,
    );
    expect(planned.rules[0].target).toEqual({
      atMost: false,
      amount: 2.001,
      per: "day",
      unit: "millilitres of water",
    });
    expect(planned.notes).toEqual([
      { kind: "targetRounded", from: 2.0005, to: 2.001 },
      { kind: "unitCut", original: "millilitres of water a day" },
    ]);
    expect(planHabit(measured(2e6), TODAY, unnamed).rules[0].target?.amount).toBe(1_000_000);
    expect(planHabit(measured(-1), TODAY, unnamed).rules[0].target?.amount).toBe(0);
  });
});

describe("notes and reminders", () => {
  it("keeps notes on any day, trimmed; leaves out blank ones; cuts long ones at 500 without splitting a character", () => {
    const long = `${"x".repeat(499)}😀 and more`;
    const planned = planHabit(
      habit({
        days: days([["2024-01-01", "manual"]]),
        notes: new Map([
          ["2024-01-01", "  First day  "],
          ["2024-01-02", "  "],
          ["2024-01-03", "On a day without an entry"],
          ["2024-01-04", long],
          ["2099-01-01", "After today"],
        ]),
      }),
      TODAY,
      unnamed,
    );
    expect(planned.dayNotes).toEqual([
      ["2024-01-01", "First day"],
      ["2024-01-03", "On a day without an entry"],
      ["2024-01-04", "x".repeat(499)],
    ]);
    expect(planned.last).toBe("2024-01-04");
    expect(planned.notes).toEqual([
      { kind: "dropped", days: 1 },
      { kind: "notesCut", days: 1 },
    ]);
  });

  it.each([
    [127, undefined],
    [0b1111100, [1, 2, 3, 4, 5]], // Monday to Friday
    [0b0000011, [0, 6]], // Saturday (bit 0) and Sunday (bit 1)
    [0b0000001, [6]],
    [0b0000010, [0]],
    [0b1000000, [5]], // Friday
  ])("Loop's day mask %i rings on our weekdays %j", (mask, weekdays) => {
    expect(reminderOf({ hour: 7, minute: 5, days: mask })).toEqual(
      weekdays ? { time: "07:05", weekdays } : { time: "07:05" },
    );
  });

  it("has no reminder without a time, or on no day", () => {
    expect(reminderOf(null)).toBeNull();
    expect(reminderOf({ hour: 7, minute: 0, days: 0 })).toBeNull();
    expect(reminderOf({ hour: 24, minute: 0, days: 127 })).toBeNull();
    expect(reminderOf({ hour: 23, minute: 59, days: 127 })).toEqual({ time: "23:59" });
  });
});

describe("names", () => {
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
        habit({
          name: "Zebra",
          position: 2,
          days: days([["2024-01-01", "manual"]]),
          reminder: { hour: 8, minute: 0, days: 0b1111100 },
        }),
        habit({
          name: "Apple",
          position: 0,
          archived: true,
          days: days([
            ["2024-01-01", "skip"],
            ["1990-01-01", "manual"],
          ]),
        }),
        measured(2, {
          name: "Water",
          position: 1,
          freqNum: 1,
          freqDen: 7,
          days: days([
            ["2024-01-01", 1500],
            ["2024-01-02", 250],
          ]),
          notes: new Map([["2024-01-02", "Hot"]]),
        }),
      ],
      TODAY,
      unnamed,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { plan } = result;
    expect(plan.habits.map((h) => [h.name, h.archived])).toEqual([
      ["Apple", true],
      ["Water", false],
      ["Zebra", false],
    ]);
    expect([plan.done, plan.skipped, plan.valueDays, plan.dayNotes, plan.dropped]).toEqual([1, 1, 2, 1, 1]);
    const items = importItems(plan);
    expect(items).toEqual([
      {
        name: "Apple",
        completedDates: [],
        skippedDates: ["2024-01-01"],
        archived: true,
        position: 0,
        schedule: null,
        kind: "yesNo",
        rules: [{ from: "2024-01-01", frequency: null, target: null }],
      },
      {
        name: "Water",
        completedDates: [],
        skippedDates: [],
        archived: false,
        position: 1,
        schedule: null,
        kind: "measurable",
        rules: [
          {
            from: "2024-01-01",
            frequency: null,
            target: { atMost: false, amount: 2, per: "week", unit: "L" },
          },
        ],
        values: [
          ["2024-01-01", 1.5],
          ["2024-01-02", 0.25],
        ],
        notes: [["2024-01-02", "Hot"]],
      },
      {
        name: "Zebra",
        completedDates: ["2024-01-01"],
        skippedDates: [],
        archived: false,
        position: 2,
        schedule: null,
        kind: "yesNo",
        rules: [{ from: "2024-01-01", frequency: null, target: null }],
        reminder: { time: "08:00", weekdays: [1, 2, 3, 4, 5] },
      },
    ]);
    // Each item is what the import's schema takes.
    for (const item of items) expect(BackupHabitSchema.safeParse(item).success).toBe(true);
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

describe("planHabit: what our Loop export writes comes back (docs/decisions/0071)", () => {
  it("a measured habit held at most 0 times a day is a quit habit; at most 0 of another unit stays measurable", () => {
    const quit = planHabit(
      habit({ target: { type: "atMost", value: 0, unit: "times" }, days: days([["2024-03-01", 2000]]) }),
      TODAY,
      unnamed,
    );
    expect([quit.kind, quit.rules[0].target, quit.values]).toEqual([
      "quit",
      { atMost: true, amount: 0, per: "day", unit: "times" },
      [["2024-03-01", 2]],
    ]);
    expect(isHabitRules("quit", quit.rules)).toBe(true);
    const cookies = planHabit(
      habit({ target: { type: "atMost", value: 0, unit: "cookies" } }),
      TODAY,
      unnamed,
    );
    expect(cookies.kind).toBe("measurable");
  });

  it("keeps a Loop uuid of lowercase hex; any other text gives the habit its own", () => {
    const uuid = (value: string | null) => planHabit(habit({ uuid: value }), TODAY, unnamed).uuid;
    expect(uuid("0123456789abcdef0123456789abcdef")).toBe("0123456789abcdef0123456789abcdef");
    expect(uuid(`${"ab".repeat(16)}3132`)).toBe(`${"ab".repeat(16)}3132`);
    expect([uuid("0123456789ABCDEF0123456789ABCDEF"), uuid("x"), uuid(null)]).toEqual([null, null, null]);
  });
});
