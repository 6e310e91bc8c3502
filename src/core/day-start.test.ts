import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayFor,
  DEFAULT_DAY_START,
  isDayStart,
  MAX_DAY_START,
  minutesUntilNextDay,
  todayInZoneAt,
  wallClockInZone,
} from "./day-start";
import { addDays } from "./local-date";
import { anyToday } from "./test-habits";

const minute = fc.integer({ min: 0, max: 1439 });
const dayStart = fc.integer({ min: 0, max: MAX_DAY_START });

describe("dayFor", () => {
  it("gives a moment before the day start to the previous day (01:30 with 03:00)", () => {
    expect(dayFor("2026-11-21", 90, 180)).toBe("2026-11-20");
    expect(dayFor("2026-11-21", 180, 180)).toBe("2026-11-21");
    expect(dayFor("2026-03-01", 0, 1)).toBe("2026-02-28");
    expect(dayFor("2026-01-01", 359, 360)).toBe("2025-12-31");
  });
  it("changes nothing with the default day start, 00:00", () => {
    fc.assert(
      fc.property(anyToday, minute, (date, m) => {
        expect(dayFor(date, m, DEFAULT_DAY_START)).toBe(date);
      }),
    );
  });
  it("only shifts moments before the day start, and by one day", () => {
    fc.assert(
      fc.property(anyToday, minute, dayStart, (date, m, start) => {
        expect(dayFor(date, m, start)).toBe(m < start ? addDays(date, -1) : date);
      }),
    );
  });
  it("is monotonic: a later moment never belongs to an earlier day", () => {
    // A moment as minutes since 2000-01-01 00:00 local time, split into its date and minute of the day.
    const moment = fc.integer({ min: 0, max: 40 * 366 * 1440 });
    const day = (t: number, start: number) =>
      dayFor(addDays("2000-01-01", Math.floor(t / 1440)), t % 1440, start);
    fc.assert(
      fc.property(moment, moment, dayStart, (t1, t2, start) => {
        expect(day(Math.min(t1, t2), start) <= day(Math.max(t1, t2), start)).toBe(true);
      }),
    );
  });
  it("a later day start never moves a moment to a later day", () => {
    fc.assert(
      fc.property(anyToday, minute, dayStart, dayStart, (date, m, s1, s2) => {
        expect(dayFor(date, m, Math.max(s1, s2)) <= dayFor(date, m, Math.min(s1, s2))).toBe(true);
      }),
    );
  });
  it("refuses a minute or a day start out of range", () => {
    expect(() => dayFor("2026-11-21", 1440, 0)).toThrow(RangeError);
    expect(() => dayFor("2026-11-21", -1, 0)).toThrow(RangeError);
    expect(() => dayFor("2026-11-21", 0, 361)).toThrow(RangeError);
    expect([isDayStart(0), isDayStart(360), isDayStart(361), isDayStart(90.5), isDayStart("0")]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("minutesUntilNextDay", () => {
  it("counts to the next day start", () => {
    expect(minutesUntilNextDay(90, 180)).toBe(90);
    expect(minutesUntilNextDay(180, 180)).toBe(1440);
    expect(minutesUntilNextDay(1439, 0)).toBe(1);
    expect(minutesUntilNextDay(1380, 180)).toBe(240);
  });
  it("lands on the minute where dayFor turns to the next day", () => {
    fc.assert(
      fc.property(minute, dayStart, (m, start) => {
        const next = m + minutesUntilNextDay(m, start);
        const at = (t: number) => dayFor(addDays("2026-11-21", Math.floor(t / 1440)), t % 1440, start);
        expect(at(next)).toBe(addDays(at(m), 1));
        expect(at(next - 1)).toBe(at(m));
      }),
    );
  });
});

describe("wall clock in a zone", () => {
  it("reads the local date and minute, DST included", () => {
    // 2026-03-08 is the US spring-forward day: 07:30Z is 03:30 EDT, 06:30Z is 01:30 EST.
    expect(wallClockInZone(new Date("2026-03-08T07:30:00Z"), "America/New_York")).toEqual({
      date: "2026-03-08",
      minutes: 210,
    });
    expect(wallClockInZone(new Date("2026-03-08T06:30:00Z"), "America/New_York")).toEqual({
      date: "2026-03-08",
      minutes: 90,
    });
    expect(wallClockInZone(new Date("2026-11-21T00:00:00Z"), "UTC")).toEqual({
      date: "2026-11-21",
      minutes: 0,
    });
    expect(wallClockInZone(new Date("2026-11-21T10:30:00Z"), "Pacific/Kiritimati")).toEqual({
      date: "2026-11-22",
      minutes: 30,
    });
  });
  it("gives the user's today with the day start", () => {
    const at0130 = new Date("2026-11-21T01:30:00Z");
    expect(todayInZoneAt(at0130, "UTC", 180)).toBe("2026-11-20");
    expect(todayInZoneAt(at0130, "UTC")).toBe("2026-11-21");
    expect(todayInZoneAt(new Date("2026-11-21T03:00:00Z"), "UTC", 180)).toBe("2026-11-21");
    expect(() => todayInZoneAt(at0130, "Not/A_Zone")).toThrow(RangeError);
  });
});
