// Trends across all habits, against small histories worked out by hand. Today is Saturday 2026-11-21; weeks start
// on Monday unless a test says otherwise.
import { describe, expect, it } from "vitest";
import type { HabitKind, HabitRule, WeekStart } from "./habit-kind";
import { kindDayStatuses } from "./kind-days";
import { addDays, type LocalDate } from "./local-date";
import {
  rateChanges,
  shareByMonth,
  shareByWeek,
  type TrendHabit,
  trendsBetween,
  trendsOf,
  weekdayShares,
  weeklyTotals,
} from "./trends";

const T = "2026-11-21";

function habit(
  name: string,
  createdOn: LocalDate,
  extras: Partial<TrendHabit> & { kind?: HabitKind; rules?: HabitRule[] } = {},
): TrendHabit {
  return {
    id: name,
    name,
    createdOn,
    kind: "yesNo",
    rules: [{ from: createdOn, frequency: null, target: null }],
    completedDates: [],
    weekStart: 1,
    ...extras,
  };
}

/** `n` days from `from`, ascending. */
const run = (from: LocalDate, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

const last = <X>(list: readonly X[], n: number) => list.slice(-n);

// Quit from Thu 19: clean on the 19th, slipped on the 20th, today open.
const smokeFrom19 = habit("Smoke", "2026-11-19", {
  kind: "quit",
  rules: [
    {
      from: "2026-11-19",
      frequency: null,
      target: { atMost: true, amount: 0, per: "day", unit: "times" },
    },
  ],
  values: [["2026-11-20", 1]],
});

// Created 10 days ago (2026-11-12, a Thursday), due every day: done Thu 12 to Mon 16, missed Tue 17 to Fri 20,
// today still open. Due 9 days, met 5.
const tenDays = habit("Read", "2026-11-12", { completedDates: run("2026-11-12", 5) });

describe("shareByWeek", () => {
  it("counts the due days met in each week of the last 12 months, and nothing before a habit existed", () => {
    const weeks = shareByWeek([tenDays], T, 1);
    expect(weeks).toHaveLength(52);
    expect(weeks.at(-1)).toEqual({ from: "2026-11-16", to: "2026-11-22", met: 1, due: 5, share: 0.2 });
    expect(weeks.at(-2)).toEqual({ from: "2026-11-09", to: "2026-11-15", met: 4, due: 4, share: 1 });
    // No due day: no figure, not 0 %.
    expect(weeks.slice(0, -2).every((week) => week.share === null && week.due === 0)).toBe(true);
    expect(weeks[0]!.from).toBe("2025-11-24");
  });

  it("counts from the day a habit was created, or its first entry if earlier, whatever its first rule's day", () => {
    // Stored before habits had rules: one rule from 2000-01-01 (kind-days.ts: rulesOrSchedule).
    const legacy = { ...tenDays, rules: [{ from: "2000-01-01", frequency: null, target: null }] };
    expect(shareByMonth([legacy], T)).toEqual(shareByMonth([tenDays], T));
    expect(shareByMonth([legacy], T)).toHaveLength(1);
    // Imported with days from before it was created here: counted from its first day done.
    const imported = { ...legacy, createdOn: T, completedDates: ["2026-11-19", "2026-11-20"] };
    expect(shareByWeek([imported], T, 1).at(-1)).toMatchObject({ met: 2, due: 2 });
  });

  it("starts weeks on the user's first weekday", () => {
    const weeks = shareByWeek([tenDays], T, 0);
    // Sun 15 to Sat 21: done 15, 16; missed 17 to 20; today open.
    expect(weeks.at(-1)).toEqual({ from: "2026-11-15", to: "2026-11-21", met: 2, due: 6, share: 2 / 6 });
    expect(weeks.at(-2)).toMatchObject({ from: "2026-11-08", met: 3, due: 3 });
  });

  it("leaves skipped days and vacations out of what was due", () => {
    const rested = habit("Run", "2026-11-16", {
      completedDates: ["2026-11-16"],
      skippedDates: ["2026-11-17"],
      vacations: [{ from: "2026-11-18", to: "2026-11-19" }],
    });
    // Mon 16 done, Tue 17 skipped, Wed 18 and Thu 19 on vacation, Fri 20 missed, today open.
    expect(shareByWeek([rested], T, 1).at(-1)).toMatchObject({ met: 1, due: 2, share: 0.5 });
  });

  it("counts a week or month habit's period once, on its last day, or today once met", () => {
    const twice = habit("Swim", "2026-11-02", {
      rules: [{ from: "2026-11-02", frequency: { times: 2, per: "week" }, target: null }],
      // Week of the 2nd: 3rd and 5th, met. Week of the 9th: the 10th only, missed. This week: 17th and 18th, met.
      completedDates: ["2026-11-03", "2026-11-05", "2026-11-10", "2026-11-17", "2026-11-18"],
    });
    const weeks = shareByWeek([twice], T, 1);
    expect(last(weeks, 3).map(({ met, due }) => [met, due])).toEqual([
      [1, 1],
      [0, 1],
      [1, 1],
    ]);
    // A period still open and not met yet is not decided: not due yet.
    const open = habit("Swim", "2026-11-16", {
      rules: [{ from: "2026-11-16", frequency: { times: 2, per: "week" }, target: null }],
      completedDates: ["2026-11-17"],
    });
    expect(shareByWeek([open], T, 1).at(-1)).toMatchObject({ met: 0, due: 0, share: null });
  });

  it("judges each day by the rule in force on it", () => {
    // Weekdays from Mon 9, every day from Mon 16: Sat 14 and Sun 15 were not due. Done 9 to 13, 16 and 17.
    const changed = habit("Walk", "2026-11-09", {
      rules: [
        { from: "2026-11-09", frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null },
        { from: "2026-11-16", frequency: null, target: null },
      ],
      completedDates: [...run("2026-11-09", 5), "2026-11-16", "2026-11-17"],
    });
    const weeks = shareByWeek([changed], T, 1);
    expect(weeks.at(-2)).toMatchObject({ met: 5, due: 5 });
    expect(weeks.at(-1)).toMatchObject({ met: 2, due: 5 });
  });

  it("sums across habits and kinds", () => {
    // At least 5 glasses a day from Wed 18: 6 met, 3 missed, 5 met, today open.
    const water = habit("Water", "2026-11-18", {
      kind: "measurable",
      rules: [
        {
          from: "2026-11-18",
          frequency: null,
          target: { atMost: false, amount: 5, per: "day", unit: "glasses" },
        },
      ],
      values: [
        ["2026-11-18", 6],
        ["2026-11-19", 3],
        ["2026-11-20", 5],
        ["2026-11-21", 2],
      ],
    });
    const quit = smokeFrom19;
    expect(shareByWeek([water], T, 1).at(-1)).toMatchObject({ met: 2, due: 3 });
    expect(shareByWeek([quit], T, 1).at(-1)).toMatchObject({ met: 1, due: 2 });
    expect(shareByWeek([tenDays, water, quit], T, 1).at(-1)).toMatchObject({ met: 4, due: 10, share: 0.4 });
  });

  it("gives no figure for a habit created today", () => {
    const fresh = habit("New", T);
    expect(shareByWeek([fresh], T, 1).every((week) => week.share === null)).toBe(true);
    expect(shareByMonth([fresh], T)).toEqual([
      { from: "2026-11-01", to: "2026-11-30", met: 0, due: 0, share: null },
    ]);
    expect(weekdayShares([fresh], T, 1)).toMatchObject({ best: null, worst: null });
    expect(shareByWeek([], T, 1)).toHaveLength(52);
  });

  it("counts a day as kind-days.ts shows it: done as met, missed as due", () => {
    const mixed = habit("Mixed", "2026-10-01", {
      rules: [
        { from: "2026-10-01", frequency: { weekdays: [1, 3, 5] }, target: null },
        { from: "2026-10-20", frequency: null, target: null },
      ],
      completedDates: ["2026-10-02", "2026-10-05", "2026-10-06", "2026-10-21", "2026-10-25", "2026-11-03"],
      skippedDates: ["2026-10-22", "2026-11-04"],
      vacations: [{ from: "2026-11-08", to: "2026-11-12" }],
    });
    const statuses = kindDayStatuses(mixed, "2026-10-01", T, T);
    const done = statuses.filter((day) => day.status === "done").length;
    const missed = statuses.filter((day) => day.status === "missed").length;
    const months = shareByMonth([mixed], T);
    expect(months.map((m) => m.from)).toEqual(["2026-10-01", "2026-11-01"]);
    expect(months.reduce((sum, m) => sum + m.met, 0)).toBe(done);
    expect(months.reduce((sum, m) => sum + m.due - m.met, 0)).toBe(missed);
  });
});

describe("shareByMonth", () => {
  it("covers every month from the first a habit existed in", () => {
    const old = habit("Old", "2026-09-29", { completedDates: ["2026-09-29", "2026-09-30", "2026-10-01"] });
    const months = shareByMonth([old, tenDays], T);
    // September: 2 of 2. October: 1 of 31. November: old misses 1 to 20 (20), Read 5 of 9.
    expect(months).toEqual([
      { from: "2026-09-01", to: "2026-09-30", met: 2, due: 2, share: 1 },
      { from: "2026-10-01", to: "2026-10-31", met: 1, due: 31, share: 1 / 31 },
      { from: "2026-11-01", to: "2026-11-30", met: 5, due: 29, share: 5 / 29 },
    ]);
  });
});

describe("weekdayShares", () => {
  it("finds the best and worst weekday, the first in the user's week on a tie", () => {
    // Done Thu 12, Fri 13, Sat 14, Sun 15, Mon 16; missed Tue 17, Wed 18, Thu 19, Fri 20.
    const monday = weekdayShares([tenDays], T, 1);
    expect(monday.days.map((d) => [d.weekday, d.met, d.due])).toEqual([
      [1, 1, 1],
      [2, 0, 1],
      [3, 0, 1],
      [4, 1, 2],
      [5, 1, 2],
      [6, 1, 1],
      [0, 1, 1],
    ]);
    expect(monday.best?.weekday).toBe(1);
    expect(monday.worst?.weekday).toBe(2);
    const sunday = weekdayShares([tenDays], T, 0);
    expect(sunday.days[0]!.weekday).toBe(0);
    expect(sunday.best?.weekday).toBe(0);
    expect(sunday.worst?.weekday).toBe(2);
  });

  it("leaves periods out: they have no weekday", () => {
    const twice = habit("Swim", "2026-11-02", {
      rules: [{ from: "2026-11-02", frequency: { times: 2, per: "week" }, target: null }],
      completedDates: ["2026-11-03", "2026-11-05"],
    });
    expect(weekdayShares([twice], T, 1).days.every((d) => d.due === 0)).toBe(true);
  });
});

describe("rateChanges", () => {
  // The last 30 days are Fri 2026-10-23 to today; the 30 before, Wed 2026-09-23 to Thu 2026-10-22.
  const earlier = "2026-09-23";
  const recent = "2026-10-23";

  it("compares the last 30 days with the 30 before, in rounded percent", () => {
    // Before: all 30 days (100 %). After: 15 done, 14 missed, today open: 15 of 29 = 52 %.
    const falling = habit("Falling", earlier, { completedDates: [...run(earlier, 30), ...run(recent, 15)] });
    // Before: 10 of 30 (33 %). After: 30 of 30, today done (100 %).
    const rising = habit("Rising", earlier, { completedDates: [...run(earlier, 10), ...run(recent, 30)] });
    const steady = habit("Steady", earlier, { completedDates: [...run(earlier, 30), ...run(recent, 30)] });
    // Created 10 days ago: nothing due in the 30 days before, so no change.
    expect(rateChanges([falling, rising, steady, tenDays], T)).toEqual({
      rising: [{ id: "Rising", name: "Rising", before: 33, after: 100, change: 67 }],
      falling: [{ id: "Falling", name: "Falling", before: 100, after: 52, change: -48 }],
    });
  });

  it("keeps the 5 largest changes, then by name", () => {
    // Before: i + 1 of 30 done; after: all done. Habits 0 to 6 rise by 97, 93, 90, 87, 83, 80, 77 points.
    const habits = Array.from({ length: 7 }, (_, i) =>
      habit(`H${6 - i}`, earlier, { completedDates: [...run(earlier, i + 1), ...run(recent, 30)] }),
    );
    const twin = habit("A twin", earlier, { completedDates: [...run(earlier, 2), ...run(recent, 30)] });
    const { rising, falling } = rateChanges([...habits, twin], T);
    expect(rising.map((c) => [c.name, c.change])).toEqual([
      ["H6", 97],
      ["A twin", 93],
      ["H5", 93],
      ["H4", 90],
      ["H3", 87],
    ]);
    expect(falling).toEqual([]);
  });
});

describe("weeklyTotals", () => {
  it("sums each measurable habit's numbers per week, with the unit in force today", () => {
    const water = habit("Water", "2026-11-01", {
      kind: "measurable",
      rules: [
        {
          from: "2026-11-01",
          frequency: null,
          target: { atMost: false, amount: 5, per: "day", unit: "cups" },
        },
        {
          from: "2026-11-15",
          frequency: null,
          target: { atMost: false, amount: 2, per: "day", unit: "litres" },
        },
      ],
      values: [
        ["2026-11-01", 4],
        ["2026-11-10", 1.5],
        ["2026-11-11", 0.25],
        ["2026-11-20", 2],
        ["2026-11-21", 1],
      ],
    });
    const quit = smokeFrom19;
    const totals = weeklyTotals([tenDays, water, quit], T, 1 as WeekStart);
    expect(totals.map((t) => [t.name, t.unit])).toEqual([["Water", "litres"]]);
    const weeks = totals[0]!.weeks;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.from).toBe("2026-08-31");
    expect(last(weeks, 4).map((w) => [w.from, w.total])).toEqual([
      ["2026-10-26", 4],
      ["2026-11-02", 0],
      ["2026-11-09", 1.75],
      ["2026-11-16", 3],
    ]);
  });
});

describe("trendsOf", () => {
  it("gives the same figures as each function alone", () => {
    const all = [tenDays, habit("Run", "2026-11-16", { completedDates: ["2026-11-16"] })];
    const trends = trendsOf(all, T, 1);
    expect(trends.byWeek).toEqual(shareByWeek(all, T, 1));
    expect(trends.byMonth).toEqual(shareByMonth(all, T));
    expect(trends.weekdays).toEqual(weekdayShares(all, T, 1));
    expect(trends.changes).toEqual(rateChanges(all, T));
    expect(trends.totals).toEqual(weeklyTotals(all, T, 1));
  });
});

describe("trendsBetween", () => {
  // Twice a week from Mon 2 Nov: done Tue 3 and Thu 5 (that week met), and Tue 10 only (the week to Sun 15 missed).
  const gym = habit("Gym", "2026-11-02", {
    rules: [{ from: "2026-11-02", frequency: { times: 2, per: "week" }, target: null }],
    completedDates: ["2026-11-03", "2026-11-05", "2026-11-10"],
  });

  it("counts a week where it was decided: one ending after the range is not counted yet", () => {
    expect(trendsBetween([gym], "2026-11-02", "2026-11-14", T, 1).share).toEqual({
      met: 1,
      due: 1,
      share: 1,
    });
    expect(trendsBetween([gym], "2026-11-02", "2026-11-15", T, 1).share).toEqual({
      met: 1,
      due: 2,
      share: 0.5,
    });
  });

  it("cuts the first and last week and month to the range, and leaves days outside it out", () => {
    const trends = trendsBetween([tenDays], "2026-11-14", "2026-11-18", T, 1);
    expect(trends.byWeek).toEqual([
      { from: "2026-11-14", to: "2026-11-15", met: 2, due: 2, share: 1 },
      { from: "2026-11-16", to: "2026-11-18", met: 1, due: 3, share: 1 / 3 },
    ]);
    expect(trends.byMonth).toEqual([{ from: "2026-11-14", to: "2026-11-18", met: 3, due: 5, share: 0.6 }]);
    expect(trends.habits).toEqual([
      { id: "Read", name: "Read", share: { met: 3, due: 5, share: 0.6 }, strength: expect.any(Number) },
    ]);
    // Weekdays from Sat 14 to Wed 18 only: Thursday and Friday have no figure.
    expect(trends.weekdays.days.map((d) => d.share)).toEqual([1, 0, 0, null, null, 1, 1]);
  });

  it("gives each habit's strength on the range's last day, 0 before it began", () => {
    const m = 0.5 ** (1 / 13);
    const strengthOn = (to: LocalDate) =>
      trendsBetween([tenDays], "2026-11-01", to, T, 1).habits[0]!.strength;
    expect(strengthOn("2026-11-11")).toBe(0);
    expect(strengthOn("2026-11-12")).toBeCloseTo(1 - m, 12);
    expect(strengthOn("2026-11-18")).toBeCloseTo((1 - m ** 5) * m ** 2, 12);
  });

  it("adds each measurable habit's numbers per week, within the range only", () => {
    const water = habit("Water", "2026-11-01", {
      kind: "measurable",
      rules: [
        {
          from: "2026-11-01",
          frequency: null,
          target: { atMost: false, amount: 8, per: "day", unit: "glasses" },
        },
      ],
      values: [
        ["2026-11-13", 5],
        ["2026-11-14", 3],
        ["2026-11-17", 2.5],
        ["2026-11-19", 4],
      ],
    });
    expect(trendsBetween([water], "2026-11-14", "2026-11-18", T, 1).totals[0]!.weeks).toEqual([
      { from: "2026-11-14", to: "2026-11-15", total: 3 },
      { from: "2026-11-16", to: "2026-11-18", total: 2.5 },
    ]);
  });
});
