import { describe, expect, it } from "vitest";
import {
  endVacation,
  inDayRanges,
  isOnVacation,
  isVacation,
  normalizeVacations,
  vacationDayRanges,
} from "./vacation";
import { toDayNumber } from "./local-date";

describe("vacations", () => {
  it("accepts a range of real dates with from <= to, and nothing else", () => {
    expect(isVacation({ from: "2026-12-20", to: "2026-12-20" })).toBe(true);
    expect(isVacation({ from: "2026-12-20", to: "2027-01-03" })).toBe(true);
    for (const bad of [
      null,
      { from: "2026-12-20" },
      { from: "2026-12-21", to: "2026-12-20" },
      { from: "2026-02-30", to: "2026-03-01" },
      { from: "2026-12-20", to: "2026-12-21", note: "x" },
    ])
      expect(isVacation(bad)).toBe(false);
  });

  it("includes both ends", () => {
    const vacations = [{ from: "2026-12-20", to: "2026-12-24" }];
    expect(
      ["2026-12-19", "2026-12-20", "2026-12-24", "2026-12-25"].map((d) => isOnVacation(vacations, d)),
    ).toEqual([false, true, true, false]);
  });

  it("merges overlapping and adjacent ranges, in order", () => {
    expect(
      normalizeVacations([
        { from: "2026-12-27", to: "2027-01-02" },
        { from: "2026-12-20", to: "2026-12-26" },
        { from: "2026-12-22", to: "2026-12-23" },
        { from: "2027-02-01", to: "2027-02-03" },
        { from: "2027-03-02", to: "2027-03-01" },
      ]),
    ).toEqual([
      { from: "2026-12-20", to: "2027-01-02" },
      { from: "2027-02-01", to: "2027-02-03" },
    ]);
  });

  it("finds days in the merged day-number ranges", () => {
    const ranges = vacationDayRanges([
      { from: "2026-12-20", to: "2026-12-24" },
      { from: "2027-01-10", to: "2027-01-10" },
    ]);
    const at = (d: string) => inDayRanges(ranges, toDayNumber(d));
    expect([
      at("2026-12-19"),
      at("2026-12-20"),
      at("2026-12-24"),
      at("2027-01-09"),
      at("2027-01-10"),
    ]).toEqual([false, true, true, false, true]);
    expect(inDayRanges(vacationDayRanges(undefined), 0)).toBe(false);
  });

  it("ends early by moving `to` to yesterday", () => {
    const vacation = { from: "2026-12-20", to: "2027-01-03" };
    expect(endVacation(vacation, "2026-12-28")).toEqual({ from: "2026-12-20", to: "2026-12-27" });
    expect(endVacation(vacation, "2026-12-21")).toEqual({ from: "2026-12-20", to: "2026-12-20" });
    expect(endVacation(vacation, "2026-12-20")).toBeNull(); // ended the day it began: never happened
    expect(endVacation(vacation, "2026-12-10")).toBeNull(); // not begun yet
    expect(endVacation(vacation, "2027-01-10")).toBe(vacation); // over already
  });
});
