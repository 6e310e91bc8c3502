import { describe, expect, it } from "vitest";
import type { DayStatus } from "../../core/day-state";
import {
  dateList,
  dayName,
  dayStateWords,
  fullDate,
  monthAndYear,
  shortMonth,
  weekdayName,
} from "./day-names";

describe("day names", () => {
  it("writes a day in full, whatever the zone (UTC midnight of the day, read in UTC)", () => {
    expect(fullDate("2026-11-20")).toBe("Friday, November 20, 2026");
    expect(fullDate("2000-01-01")).toBe("Saturday, January 1, 2000");
    expect(fullDate("2024-02-29")).toBe("Thursday, February 29, 2024");
  });

  it("names the month and lists days as a sentence", () => {
    expect(monthAndYear("2026-11-20")).toBe("November 2026");
    expect(shortMonth("2026-01-31")).toBe("Jan");
    expect(([0, 1, 6] as const).map((day) => weekdayName(day))).toEqual(["Sunday", "Monday", "Saturday"]);
    expect(dateList(["2026-11-17", "2026-11-18"])).toBe(
      "Tuesday, November 17, 2026 and Wednesday, November 18, 2026",
    );
  });

  it("puts done, skipped or not done first in a day's name, then why a day does not count", () => {
    const names: Record<DayStatus, string> = {
      done: "Friday, November 20, 2026: done",
      skipped: "Friday, November 20, 2026: skipped",
      vacation: "Friday, November 20, 2026: not done, on vacation",
      "not-due": "Friday, November 20, 2026: not done, not due",
      open: "Friday, November 20, 2026: not done",
      missed: "Friday, November 20, 2026: not done",
      future: "Friday, November 20, 2026: not done",
    };
    for (const [status, name] of Object.entries(names) as [DayStatus, string][])
      expect(dayName("2026-11-20", status)).toBe(name);
    expect(dayStateWords("done")).toBe("done");
  });
});
