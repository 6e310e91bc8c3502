import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, fromDayNumber, toDayNumber } from "./local-date";
import {
  dueDayCount,
  isDue,
  isSchedule,
  normalizeSchedule,
  type Schedule,
  scheduleMask,
  weekdayOf,
  weekdayOfDayNumber,
} from "./schedule";
import { anySchedule, anyToday } from "./test-habits";

describe("weekdays", () => {
  it("numbers weekdays as Date#getUTCDay, 0 = Sunday", () => {
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(weekdayOf("2026-11-21")).toBe(6);
    expect(weekdayOf("1970-01-01")).toBe(4);
    expect(weekdayOf("1969-12-28")).toBe(0);
  });
  it("agrees with Date#getUTCDay on any day", () => {
    fc.assert(
      fc.property(anyToday, (date) => {
        expect(weekdayOfDayNumber(toDayNumber(date))).toBe(new Date(`${date}T12:00:00Z`).getUTCDay());
      }),
    );
  });
});

describe("isDue", () => {
  it("is due every day without a schedule", () => {
    expect(isDue(null, "2026-11-21")).toBe(true);
    expect(isDue(undefined, "2026-11-22")).toBe(true);
  });
  it("is due on the chosen weekdays only", () => {
    const monWedFri: Schedule = { weekdays: [1, 3, 5] };
    const due = Array.from({ length: 7 }, (_, i) => isDue(monWedFri, addDays("2026-11-22", i)));
    expect(due).toEqual([false, true, false, true, false, true, false]);
  });
});

describe("the schedule's one form", () => {
  it("accepts 1 to 7 distinct weekdays, and nothing else", () => {
    expect(isSchedule({ weekdays: [1, 3, 5] })).toBe(true);
    expect(isSchedule({ weekdays: [5, 0] })).toBe(true);
    for (const bad of [
      null,
      [],
      { weekdays: [] },
      { weekdays: [7] },
      { weekdays: [1, 1] },
      { weekdays: [1.5] },
      { weekdays: ["1"] },
      { weekdays: [1], extra: true },
      { days: [1] },
    ])
      expect(isSchedule(bad)).toBe(false);
  });
  it("normalizes to ascending weekdays, and every weekday to null (every day)", () => {
    expect(normalizeSchedule({ weekdays: [5, 1, 3] })).toEqual({ weekdays: [1, 3, 5] });
    expect(normalizeSchedule({ weekdays: [6, 5, 4, 3, 2, 1, 0] })).toBeNull();
    expect(normalizeSchedule(null)).toBeNull();
    expect(JSON.stringify(normalizeSchedule({ weekdays: [3, 1] }))).toBe('{"weekdays":[1,3]}');
  });
  it("keeps isDue when normalized", () => {
    fc.assert(
      fc.property(anySchedule, anyToday, (schedule, date) => {
        expect(isDue(normalizeSchedule(schedule), date)).toBe(isDue(schedule, date));
      }),
    );
  });
});

describe("dueDayCount", () => {
  it("counts the due days of a range, both ends included", () => {
    fc.assert(
      fc.property(anySchedule, anyToday, fc.integer({ min: -1, max: 40 }), (schedule, from, length) => {
        const start = toDayNumber(from);
        let expected = 0;
        for (let day = start; day < start + length; day++)
          if (isDue(schedule, fromDayNumber(day))) expected++;
        expect(dueDayCount(scheduleMask(schedule), start, start + length - 1)).toBe(expected);
      }),
    );
  });
});
