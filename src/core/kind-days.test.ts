// The calendar's days of every kind (docs/product.md, "Kinds of habit"): a yes/no habit under one rule gives
// exactly day-state.ts's statuses; a changed rule judges each day by the rule in force on it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayStatuses } from "./day-state";
import { type HabitRule, QUIT_TARGET, type Target } from "./habit-kind";
import { type KindHistory, kindDayStatuses, kindSummary, rulesOrSchedule } from "./kind-days";
import { addDays, type LocalDate } from "./local-date";
import { normalizeSchedule } from "./schedule";
import { anyHistory } from "./test-habits";

const TODAY = "2026-11-20"; // a Friday; weeks start on Monday, November 16
const rule = (from: LocalDate, frequency: HabitRule["frequency"] = null, target: Target | null = null) => ({
  from,
  frequency,
  target,
});
const history = (fields: Partial<KindHistory>): KindHistory => ({
  kind: "yesNo",
  rules: [rule("2026-01-01")],
  completedDates: [],
  weekStart: 1,
  ...fields,
});
/** Each day's status from `from` to `to`, by date. */
const statusByDate = (h: KindHistory, from: LocalDate, to: LocalDate, today = TODAY) =>
  Object.fromEntries(kindDayStatuses(h, from, to, today).map(({ date, status }) => [date, status]));
const glasses = (amount: number, atMost = false, per: Target["per"] = "day"): Target => ({
  atMost,
  amount,
  per,
  unit: "glasses",
});

describe("a yes/no habit", () => {
  it("under one daily or weekday rule gives exactly day-state.ts's statuses", () => {
    fc.assert(
      fc.property(anyHistory, ({ today, done, skipped, schedule, vacations }) => {
        const from = addDays(today, -70);
        const to = addDays(today, 3);
        const expected = dayStatuses(done, from, to, today, { skippedDates: skipped, schedule, vacations });
        const got = kindDayStatuses(
          history({
            rules: [rule(addDays(today, -30), normalizeSchedule(schedule))],
            completedDates: done,
            skippedDates: skipped,
            vacations,
          }),
          from,
          to,
          today,
        );
        expect(got.map(({ date, status }) => ({ date, status }))).toEqual(expected);
        expect(got.every(({ amount }) => amount === null)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps its past weekends missed after a change to weekdays from today", () => {
    const monday = "2026-11-23";
    const weekdays: LocalDate[] = [];
    for (let week = 0; week < 4; week++)
      for (let day = 0; day < 5; day++) weekdays.push(addDays("2026-10-26", week * 7 + day));
    const habit = history({
      rules: [rule("2026-10-26"), rule(monday, { weekdays: [1, 2, 3, 4, 5] })],
      completedDates: weekdays,
    });
    const days = statusByDate(habit, "2026-10-26", "2026-11-29", monday);
    for (const weekend of ["2026-10-31", "2026-11-01", "2026-11-14", "2026-11-21", "2026-11-22"])
      expect(days[weekend]).toBe("missed");
    expect(days["2026-11-20"]).toBe("done");
    expect(days[monday]).toBe("open");
    expect(days["2026-11-28"]).toBe("future");
    // The current schedule alone would have excused them.
    const current = dayStatuses(weekdays, "2026-11-21", "2026-11-21", monday, {
      schedule: { weekdays: [1, 2, 3, 4, 5] },
    });
    expect(current[0]!.status).toBe("not-due");
  });

  it("shows a habit stored before rules by its schedule", () => {
    expect(rulesOrSchedule({ schedule: { weekdays: [5, 1] } })).toEqual([
      rule("2000-01-01", { weekdays: [1, 5] }),
    ]);
    expect(rulesOrSchedule({ schedule: null })).toEqual([rule("2000-01-01")]);
  });
});

describe("a measurable habit with a target per day", () => {
  it("is done on a day that meets it, missed below it, open today, and says its number", () => {
    const habit = history({
      kind: "measurable",
      rules: [rule("2026-11-01", null, glasses(8))],
      values: [
        ["2026-11-16", 8],
        ["2026-11-17", 5],
        ["2026-11-19", 0],
        [TODAY, 3],
      ],
      skippedDates: ["2026-11-18"],
    });
    expect(kindDayStatuses(habit, "2026-11-16", "2026-11-21", TODAY)).toEqual([
      { date: "2026-11-16", status: "done", amount: 8 },
      { date: "2026-11-17", status: "missed", amount: 5 },
      { date: "2026-11-18", status: "skipped", amount: null },
      { date: "2026-11-19", status: "missed", amount: 0 },
      { date: TODAY, status: "open", amount: 3 },
      { date: "2026-11-21", status: "future", amount: null },
    ]);
  });

  it("meets a target to stay under once the day is over, and misses it over the limit", () => {
    const habit = history({
      kind: "measurable",
      rules: [rule("2026-11-01", { weekdays: [1, 2, 3, 4, 5] }, glasses(2, true))],
      values: [
        ["2026-11-17", 1],
        ["2026-11-18", 3],
        [TODAY, 1],
      ],
    });
    expect(statusByDate(habit, "2026-11-15", TODAY)).toEqual({
      "2026-11-15": "not-due",
      "2026-11-16": "done",
      "2026-11-17": "done",
      "2026-11-18": "missed",
      "2026-11-19": "done",
      [TODAY]: "open",
    });
  });

  it("judges a quit habit at 0 a day: clean days done, a slip missed, today over once slipped", () => {
    const habit = history({
      kind: "quit",
      rules: [rule("2026-11-01", null, QUIT_TARGET)],
      values: [
        ["2026-11-18", 2],
        [TODAY, 1],
      ],
    });
    expect(statusByDate(habit, "2026-10-31", "2026-11-01")).toEqual({
      "2026-10-31": "not-due", // before the habit's first rule
      "2026-11-01": "done",
    });
    expect(statusByDate(habit, "2026-11-17", "2026-11-21")).toEqual({
      "2026-11-17": "done",
      "2026-11-18": "missed",
      "2026-11-19": "done",
      [TODAY]: "missed",
      "2026-11-21": "future",
    });
  });
});

describe("a habit counted by week or month", () => {
  const threeAWeek = rule("2026-11-02", { times: 3, per: "week" });

  it("shows the days done, the other days of a missed week missed, and of a met or open week not due", () => {
    const habit = history({
      rules: [threeAWeek],
      completedDates: ["2026-11-02", "2026-11-04", "2026-11-06", "2026-11-10", "2026-11-17"],
      skippedDates: ["2026-11-18"],
    });
    const days = statusByDate(habit, "2026-11-02", "2026-11-22");
    // A met week.
    expect(days["2026-11-02"]).toBe("done");
    expect(days["2026-11-03"]).toBe("not-due");
    // A missed week: one day done.
    expect(days["2026-11-10"]).toBe("done");
    expect(days["2026-11-11"]).toBe("missed");
    expect(days["2026-11-15"]).toBe("missed");
    // The week in progress.
    expect(days["2026-11-16"]).toBe("not-due");
    expect(days["2026-11-17"]).toBe("done");
    expect(days["2026-11-18"]).toBe("skipped");
    expect(days[TODAY]).toBe("open");
    expect(days["2026-11-21"]).toBe("future");
  });

  it("judges each day by its rule: daily days before a change to 3 times a week", () => {
    const habit = history({
      rules: [rule("2026-11-01"), rule("2026-11-16", { times: 3, per: "week" })],
      completedDates: ["2026-11-13", "2026-11-17"],
    });
    const days = statusByDate(habit, "2026-11-12", TODAY);
    expect(days["2026-11-12"]).toBe("missed");
    expect(days["2026-11-13"]).toBe("done");
    expect(days["2026-11-14"]).toBe("missed");
    expect(days["2026-11-16"]).toBe("not-due");
    expect(days[TODAY]).toBe("open");
  });

  it("shows the days with a number of a target per week done, and a month over a limit missed", () => {
    const perWeek = history({
      kind: "measurable",
      rules: [rule("2026-11-02", null, glasses(10, false, "week"))],
      values: [
        ["2026-11-03", 4],
        ["2026-11-17", 2],
      ],
    });
    const week = statusByDate(perWeek, "2026-11-02", TODAY);
    expect(week["2026-11-03"]).toBe("done");
    expect(week["2026-11-04"]).toBe("missed"); // the week had 4 of 10
    expect(week["2026-11-17"]).toBe("done");
    expect(week["2026-11-18"]).toBe("not-due");
    expect(week[TODAY]).toBe("open");

    const perMonth = history({
      kind: "measurable",
      rules: [rule("2026-10-01", null, glasses(5, true, "month"))],
      values: [
        ["2026-10-03", 4],
        ["2026-10-04", 3],
        ["2026-11-02", 1],
      ],
    });
    const month = statusByDate(perMonth, "2026-10-01", TODAY);
    expect(month["2026-10-03"]).toBe("missed");
    expect(month["2026-10-20"]).toBe("missed");
    expect(month["2026-11-02"]).toBe("not-due");
    expect(month[TODAY]).toBe("open");
  });
});

describe("kindSummary", () => {
  it("gives where the streak began, the units met by what they are and the sum of the numbers", () => {
    const habit = history({
      kind: "measurable",
      rules: [rule("2026-11-01", null, glasses(8)), rule("2026-11-09", null, glasses(20, false, "week"))],
      values: [
        ["2026-11-01", 8],
        ["2026-11-02", 9],
        ["2026-11-10", 25],
        ["2026-11-16", 21],
        ["2026-11-23", 3],
      ],
    });
    expect(kindSummary(habit, TODAY)).toEqual({
      since: "2026-11-09",
      met: { day: 2, week: 2, month: 0 },
      amount: 63,
    });
  });

  it("counts a quit habit's clean days since the last slip", () => {
    const habit = history({
      kind: "quit",
      rules: [rule("2026-11-01", null, QUIT_TARGET)],
      values: [["2026-11-16", 1]],
    });
    expect(kindSummary(habit, TODAY)).toMatchObject({ since: "2026-11-17", amount: 1 });
  });
});
