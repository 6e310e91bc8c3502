import { describe, expect, it } from "vitest";
import { dayStateOf, dayStatuses, dayTotals, nextDayState, withDayState } from "./day-state";

describe("the state of a (habit, day)", () => {
  it("cycles not done → done → skipped → not done", () => {
    expect(nextDayState("none")).toBe("done");
    expect(nextDayState("done")).toBe("skipped");
    expect(nextDayState("skipped")).toBe("none");
  });

  it("reads done, skipped or none, done first", () => {
    const habit = { completedDates: ["2026-11-20"], skippedDates: ["2026-11-19", "2026-11-20"] };
    expect(dayStateOf(habit, "2026-11-20")).toBe("done");
    expect(dayStateOf(habit, "2026-11-19")).toBe("skipped");
    expect(dayStateOf({ completedDates: [] }, "2026-11-19")).toBe("none");
  });

  it("sets a day in one list at most, keeping both sorted", () => {
    let habit = { completedDates: ["2026-11-21", "2026-11-18"], skippedDates: ["2026-11-17"] };
    habit = withDayState(habit, "2026-11-19", nextDayState(dayStateOf(habit, "2026-11-19")));
    expect(habit).toEqual({
      completedDates: ["2026-11-18", "2026-11-19", "2026-11-21"],
      skippedDates: ["2026-11-17"],
    });
    habit = withDayState(habit, "2026-11-19", nextDayState(dayStateOf(habit, "2026-11-19")));
    expect(habit).toEqual({
      completedDates: ["2026-11-18", "2026-11-21"],
      skippedDates: ["2026-11-17", "2026-11-19"],
    });
    habit = withDayState(habit, "2026-11-19", nextDayState(dayStateOf(habit, "2026-11-19")));
    expect(habit).toEqual({ completedDates: ["2026-11-18", "2026-11-21"], skippedDates: ["2026-11-17"] });
    expect(withDayState({ completedDates: ["2026-11-18"] }, "2026-11-18", "done")).toEqual({
      completedDates: ["2026-11-18"],
      skippedDates: [],
    });
  });
});

describe("dayStatuses", () => {
  it("tells each day of a week apart, oldest first", () => {
    // Mon 16 … Sun 22 with today Saturday 21; due Mon to Fri; vacation on Thursday 19.
    const statuses = dayStatuses(["2026-11-16", "2026-11-21"], "2026-11-16", "2026-11-22", "2026-11-21", {
      skippedDates: ["2026-11-17"],
      schedule: { weekdays: [1, 2, 3, 4, 5] },
      vacations: [{ from: "2026-11-19", to: "2026-11-19" }],
    });
    expect(statuses).toEqual([
      { date: "2026-11-16", status: "done" },
      { date: "2026-11-17", status: "skipped" },
      { date: "2026-11-18", status: "missed" },
      { date: "2026-11-19", status: "vacation" },
      { date: "2026-11-20", status: "missed" },
      { date: "2026-11-21", status: "done" },
      { date: "2026-11-22", status: "future" },
    ]);
  });

  it("says open for today while it is due and not done, and not-due on other weekdays", () => {
    const week = dayStatuses([], "2026-11-20", "2026-11-21", "2026-11-21", { schedule: { weekdays: [6] } });
    expect(week.map((d) => d.status)).toEqual(["not-due", "open"]);
  });
});

describe("dayTotals", () => {
  it("counts done, skipped and vacation days up to today, each day once", () => {
    const totals = dayTotals(["2026-11-10", "2026-11-12", "2026-11-12", "2026-11-22"], "2026-11-21", {
      skippedDates: ["2026-11-11", "2026-11-12", "2026-11-15", "2026-11-23"],
      vacations: [
        { from: "2026-11-01", to: "2026-11-03" }, // before the first done or skipped day
        { from: "2026-11-12", to: "2026-11-16" }, // the 12th done, the 15th skipped
        { from: "2026-11-21", to: "2026-11-30" }, // after today from the 22nd
      ],
    });
    expect(totals).toEqual({ done: 2, skipped: 2, vacation: 4 }); // vacation: 13, 14, 16 and 21
    expect(dayTotals([], "2026-11-21", { vacations: [{ from: "2026-11-01", to: "2026-11-03" }] })).toEqual({
      done: 0,
      skipped: 0,
      vacation: 0,
    });
  });
});
