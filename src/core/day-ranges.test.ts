import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandDayRanges, joinedDayRanges, toDayRanges } from "./day-ranges";
import { fromDayNumber, toDayNumber } from "./local-date";

describe("day ranges", () => {
  it("joins consecutive days, across month and year ends", () => {
    expect(toDayRanges(["2026-01-02", "2025-12-31", "2026-01-01", "2026-01-05", "2026-01-01"])).toEqual([
      "2025-12-31/2026-01-02",
      "2026-01-05",
    ]);
    expect(toDayRanges([])).toEqual([]);
  });

  it("expands what it joined", () => {
    const start = toDayNumber("2016-01-01");
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 4000 }), { maxLength: 300 }), (offsets) => {
        const dates = offsets.map((o) => fromDayNumber(start + o)).sort();
        expect(expandDayRanges(toDayRanges(dates))).toEqual(dates);
      }),
    );
  });

  it("reads days joined by commas in any order as toDayRanges does", () => {
    // Around month ends, the end of February in leap and common years, and year ends.
    const start = toDayNumber("2023-12-20");
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 900 }), { maxLength: 300 }),
        fc.boolean(),
        (offsets, sort) => {
          const dates = offsets.map((o) => fromDayNumber(start + o));
          if (sort) dates.sort();
          expect(joinedDayRanges(dates.join(","))).toEqual(toDayRanges(dates));
        },
      ),
    );
    expect(joinedDayRanges("")).toEqual([]);
    expect(joinedDayRanges("2024-02-28,2024-02-29,2024-03-01,2023-02-28,2023-03-01")).toEqual([
      "2023-02-28/2023-03-01",
      "2024-02-28/2024-03-01",
    ]);
    expect(joinedDayRanges("2026-12-31,2027-01-01,2026-11-30,2026-12-01")).toEqual([
      "2026-11-30/2026-12-01",
      "2026-12-31/2027-01-01",
    ]);
  });

  it("refuses items that are not days or ranges", () => {
    for (const bad of ["2026-02-30", "2026-01-02/2026-01-01", "2026-01-01/2026-01-02/2026-01-03", ""])
      expect(() => expandDayRanges([bad])).toThrow(RangeError);
    for (const bad of [
      "2026-02-29",
      "2026-02-28,2026-02-29",
      "2026-13-01",
      "2026-01-1x",
      "2026-01-01;2026-01-02",
    ])
      expect(() => joinedDayRanges(bad), bad).toThrow(RangeError);
  });
});
