import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandDayRanges, sortedDayRanges, toDayRanges } from "./day-ranges";
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
        expect(sortedDayRanges(dates)).toEqual(toDayRanges(dates));
      }),
    );
  });

  it("refuses items that are not days or ranges", () => {
    for (const bad of ["2026-02-30", "2026-01-02/2026-01-01", "2026-01-01/2026-01-02/2026-01-03", ""])
      expect(() => expandDayRanges([bad])).toThrow(RangeError);
  });
});
