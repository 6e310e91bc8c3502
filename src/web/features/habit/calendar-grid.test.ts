import { describe, expect, it } from "vitest";
import { weekdayOf } from "../../../core/schedule";
import {
  canSetDay,
  dayForKey,
  heatmapRange,
  HEATMAP_WEEKS,
  inWeeks,
  lastDayOfMonth,
  monthLabelColumns,
  monthStartOf,
  monthWeeks,
  shiftMonth,
  weekOrder,
  weekStartOf,
} from "./calendar-grid";
import { daysBetween } from "../../../core/local-date";

describe("the month calendar's days", () => {
  it("moves between months across years", () => {
    expect(monthStartOf("2026-11-20")).toBe("2026-11-01");
    expect(shiftMonth("2026-11-01", 1)).toBe("2026-12-01");
    expect(shiftMonth("2026-12-01", 1)).toBe("2027-01-01");
    expect(shiftMonth("2000-01-01", -1)).toBe("1999-12-01");
    expect(shiftMonth("2026-03-01", -14)).toBe("2025-01-01");
    expect(lastDayOfMonth("2024-02-01")).toBe("2024-02-29");
    expect(lastDayOfMonth("2026-02-01")).toBe("2026-02-28");
  });

  it("lays a month out in weeks from Sunday, blank outside the month", () => {
    // November 2026 begins on a Sunday and ends on a Monday: five weeks, the last with one day.
    const weeks = monthWeeks("2026-11-01");
    expect(weeks).toHaveLength(6 - 1);
    expect(weeks[0]).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
    expect(weeks[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);
    // January 2000 begins on a Saturday: six rows.
    const january = monthWeeks("2000-01-01");
    expect(january).toHaveLength(6);
    expect(january[0]).toEqual([null, null, null, null, null, null, "2000-01-01"]);
    expect(january.flat().filter(Boolean)).toHaveLength(31);
  });

  it("lets days from 2000-01-01 up to today be set, no later and no earlier", () => {
    expect(canSetDay("2026-11-20", "2026-11-20")).toBe(true);
    expect(canSetDay("2026-11-21", "2026-11-20")).toBe(false);
    expect(canSetDay("2000-01-01", "2026-11-20")).toBe(true);
    expect(canSetDay("1999-12-31", "2026-11-20")).toBe(false);
  });

  it("moves the focus by day, week, week edge and month", () => {
    expect(dayForKey("2026-11-20", "ArrowLeft")).toBe("2026-11-19");
    expect(dayForKey("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(dayForKey("2026-11-03", "ArrowUp")).toBe("2026-10-27");
    expect(dayForKey("2026-11-20", "ArrowDown")).toBe("2026-11-27");
    expect(dayForKey("2026-11-20", "Home")).toBe("2026-11-15");
    expect(dayForKey("2026-11-20", "End")).toBe("2026-11-21");
    expect(dayForKey("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(dayForKey("2026-01-31", "PageDown")).toBe("2026-02-28");
    expect(dayForKey("2026-11-20", "PageDown")).toBe("2026-12-20");
    expect(dayForKey("2026-11-20", "Enter")).toBeNull();
  });

  it("right to left, moves the side arrows the way they point: the week runs leftwards", () => {
    expect(dayForKey("2026-11-20", "ArrowLeft", 0, true)).toBe("2026-11-21");
    expect(dayForKey("2026-12-01", "ArrowRight", 0, true)).toBe("2026-11-30");
    expect(dayForKey("2026-11-20", "ArrowUp", 0, true)).toBe("2026-11-13");
    expect(dayForKey("2026-11-20", "Home", 0, true)).toBe("2026-11-15");
  });
});

describe("a week that starts on Monday", () => {
  it("orders the grids' columns and moves Home and End within it", () => {
    expect(weekOrder(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    // November 2026 begins on a Sunday: the last day of a week that starts on Monday, October 26.
    const weeks = monthWeeks("2026-11-01", 1);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(weeks[1]![0]).toBe("2026-11-02");
    expect(weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(dayForKey("2026-11-20", "Home", 1)).toBe("2026-11-16");
    expect(dayForKey("2026-11-20", "End", 1)).toBe("2026-11-22");
  });
});

describe("the year heatmap's days", () => {
  it("holds 53 whole weeks, Sunday to Saturday, the last holding today", () => {
    const { from, to } = heatmapRange("2026-11-20");
    expect(to).toBe("2026-11-21");
    expect(weekdayOf(from)).toBe(0);
    expect(daysBetween(from, to) + 1).toBe(HEATMAP_WEEKS * 7);
    expect(heatmapRange("2026-11-21").to).toBe("2026-11-21"); // a Saturday ends its own week
    expect(weekStartOf("2026-11-22")).toBe("2026-11-22");
  });

  it("starts its weeks on Monday for a user whose week starts on Monday", () => {
    const { from, to } = heatmapRange("2026-11-20", 1);
    expect(to).toBe("2026-11-22"); // the Sunday that ends Friday's week
    expect(weekdayOf(from)).toBe(1);
    expect(daysBetween(from, to) + 1).toBe(HEATMAP_WEEKS * 7);
    expect(weekStartOf("2026-11-22", 1)).toBe("2026-11-16");
    expect(weekStartOf("2026-11-23", 1)).toBe("2026-11-23");
  });

  it("splits days into weeks", () => {
    expect(inWeeks([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([[1, 2, 3, 4, 5, 6, 7], [8]]);
  });

  it("labels the week holding each month's first day, skipping one too close to the last label", () => {
    // From Sunday 2025-11-16: the 1st of December falls in week 2, of January 2026 in week 6.
    const labels = monthLabelColumns("2025-11-16", HEATMAP_WEEKS);
    expect(labels[0]).toEqual({ column: 2, month: "2025-12-01" });
    expect(labels[1]).toEqual({ column: 6, month: "2026-01-01" });
    expect(labels).toHaveLength(12);
    // From Sunday 2025-11-30: December 1st in week 0, January 1st in week 4, February 1st in week 9.
    expect(monthLabelColumns("2025-11-30", 10).map((l) => l.column)).toEqual([0, 4, 9]);
    expect(monthLabelColumns("2025-11-30", 10, 5).map((l) => l.column)).toEqual([0, 9]);
  });
});
