import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wallClockInZone } from "../day-start";
import { instantOfWallTime, nextFiring, offsetAt } from "./next-fire";

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();
const HOUR = 3_600_000;

describe("instantOfWallTime", () => {
  it("turns a wall time into the instant in zones without DST", () => {
    expect(iso(instantOfWallTime("2026-06-01", 20 * 60, "Asia/Kolkata"))).toBe("2026-06-01T14:30:00.000Z");
    expect(iso(instantOfWallTime("2026-12-01", 20 * 60, "Asia/Kolkata"))).toBe("2026-12-01T14:30:00.000Z");
    // UTC+14: 08:00 local is 18:00 UTC of the day before
    expect(iso(instantOfWallTime("2026-06-01", 8 * 60, "Pacific/Kiritimati"))).toBe(
      "2026-05-31T18:00:00.000Z",
    );
    expect(iso(instantOfWallTime("2026-06-01", 20 * 60, "Pacific/Kiritimati"))).toBe(
      "2026-06-01T06:00:00.000Z",
    );
  });

  it("follows the offset of the season in zones with DST", () => {
    expect(iso(instantOfWallTime("2026-01-15", 20 * 60, "Europe/Berlin"))).toBe("2026-01-15T19:00:00.000Z");
    expect(iso(instantOfWallTime("2026-07-15", 20 * 60, "Europe/Berlin"))).toBe("2026-07-15T18:00:00.000Z");
    expect(iso(instantOfWallTime("2026-01-15", 20 * 60, "America/New_York"))).toBe(
      "2026-01-16T01:00:00.000Z",
    );
    expect(iso(instantOfWallTime("2026-07-15", 20 * 60, "America/New_York"))).toBe(
      "2026-07-16T00:00:00.000Z",
    );
    // Lord Howe: UTC+10:30 in the southern winter, UTC+11 in summer
    expect(iso(instantOfWallTime("2026-07-15", 20 * 60, "Australia/Lord_Howe"))).toBe(
      "2026-07-15T09:30:00.000Z",
    );
    expect(iso(instantOfWallTime("2026-01-15", 20 * 60, "Australia/Lord_Howe"))).toBe(
      "2026-01-15T09:00:00.000Z",
    );
  });

  it("in the spring-forward gap, gives the first instant after it (the transition)", () => {
    // Berlin 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 02:30 fires at 03:00 local
    expect(iso(instantOfWallTime("2026-03-29", 150, "Europe/Berlin"))).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(instantOfWallTime("2026-03-29", 120, "Europe/Berlin"))).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(instantOfWallTime("2026-03-29", 180, "Europe/Berlin"))).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(instantOfWallTime("2026-03-29", 181, "Europe/Berlin"))).toBe("2026-03-29T01:01:00.000Z");
    // New York 2026-03-08: 02:00 EST becomes 03:00 EDT at 07:00 UTC
    expect(iso(instantOfWallTime("2026-03-08", 150, "America/New_York"))).toBe("2026-03-08T07:00:00.000Z");
    // Lord Howe 2026-10-04: 02:00 (UTC+10:30) becomes 02:30 (UTC+11) at 15:30 UTC the day before; a 30-minute gap
    expect(iso(instantOfWallTime("2026-10-04", 135, "Australia/Lord_Howe"))).toBe("2026-10-03T15:30:00.000Z");
    expect(iso(instantOfWallTime("2026-10-04", 150, "Australia/Lord_Howe"))).toBe("2026-10-03T15:30:00.000Z");
    expect(iso(instantOfWallTime("2026-10-04", 119, "Australia/Lord_Howe"))).toBe("2026-10-03T15:29:00.000Z");
  });

  it("in the fall-back overlap, gives the first of the two instants", () => {
    // Berlin 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:30 happens at 00:30 and at 01:30 UTC
    expect(iso(instantOfWallTime("2026-10-25", 150, "Europe/Berlin"))).toBe("2026-10-25T00:30:00.000Z");
    // New York 2026-11-01: 01:30 happens at 05:30 (EDT) and 06:30 (EST) UTC
    expect(iso(instantOfWallTime("2026-11-01", 90, "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
    // Lord Howe 2026-04-05: 02:00 (UTC+11) becomes 01:30 (UTC+10:30); 01:45 happens at 14:45 and 15:15 UTC
    expect(iso(instantOfWallTime("2026-04-05", 105, "Australia/Lord_Howe"))).toBe("2026-04-04T14:45:00.000Z");
  });

  it("reads back as the wall time wherever the wall time exists", () => {
    const zones = [
      "Europe/Berlin",
      "America/New_York",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
      "Pacific/Kiritimati",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 3 * 366 }),
        fc.integer({ min: 0, max: 1439 }),
        (zone, dayIndex, minutes) => {
          const date = new Date(Date.UTC(2025, 0, 1 + dayIndex)).toISOString().slice(0, 10);
          const instant = instantOfWallTime(date, minutes, zone);
          const wall = wallClockInZone(instant, zone);
          if (wall.date === date && wall.minutes === minutes) {
            // the first occurrence: an hour earlier never reads the same wall time
            const earlier = wallClockInZone(new Date(instant.getTime() - HOUR), zone);
            expect(earlier.date === date && earlier.minutes === minutes).toBe(false);
          } else {
            // a gap: the minute before the instant reads earlier than the wall time, the instant later
            const before = wallClockInZone(new Date(instant.getTime() - 60_000), zone);
            expect(before.date < date || (before.date === date && before.minutes < minutes)).toBe(true);
            expect(wall.date > date || (wall.date === date && wall.minutes > minutes)).toBe(true);
            expect(offsetAt(instant.getTime(), zone)).not.toBe(offsetAt(instant.getTime() - 60_000, zone));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("nextFiring", () => {
  it("fires at the local time in each zone (20:00 in Berlin and in New York)", () => {
    const now = at("2026-11-22T12:00:00Z");
    expect(nextFiring("20:00", "Europe/Berlin", 0, now)).toEqual({
      at: at("2026-11-22T19:00:00Z"),
      day: "2026-11-22",
    });
    expect(nextFiring("20:00", "America/New_York", 0, now)).toEqual({
      at: at("2026-11-23T01:00:00Z"),
      day: "2026-11-22",
    });
    expect(nextFiring("20:00", "Asia/Kolkata", 0, now)).toEqual({
      at: at("2026-11-22T14:30:00Z"),
      day: "2026-11-22",
    });
    expect(nextFiring("20:00", "Pacific/Kiritimati", 0, now)).toEqual({
      at: at("2026-11-23T06:00:00Z"),
      day: "2026-11-23",
    });
    expect(nextFiring("20:00", "Australia/Lord_Howe", 0, now)).toEqual({
      at: at("2026-11-23T09:00:00Z"),
      day: "2026-11-23",
    });
  });

  it("is strictly after the given instant: the firing that just happened is not repeated", () => {
    const fired = at("2026-11-22T19:00:00Z");
    expect(nextFiring("20:00", "Europe/Berlin", 0, fired).at).toEqual(at("2026-11-23T19:00:00Z"));
    expect(nextFiring("20:00", "Europe/Berlin", 0, new Date(fired.getTime() - 1)).at).toEqual(fired);
  });

  it("fires once on a spring-forward day, at the end of the gap, and on the next day at the time again", () => {
    const first = nextFiring("02:30", "Europe/Berlin", 0, at("2026-03-28T12:00:00Z"));
    expect(first).toEqual({ at: at("2026-03-29T01:00:00Z"), day: "2026-03-29" });
    expect(nextFiring("02:30", "Europe/Berlin", 0, first.at)).toEqual({
      at: at("2026-03-30T00:30:00Z"),
      day: "2026-03-30",
    });
    const lordHowe = nextFiring("02:15", "Australia/Lord_Howe", 0, at("2026-10-03T00:00:00Z"));
    expect(lordHowe).toEqual({ at: at("2026-10-03T15:30:00Z"), day: "2026-10-04" });
    expect(nextFiring("02:15", "Australia/Lord_Howe", 0, lordHowe.at).at).toEqual(at("2026-10-04T15:15:00Z"));
  });

  it("fires once on a fall-back day, at the first of the two instants", () => {
    const firings: Date[] = [];
    let cursor = at("2026-10-24T12:00:00Z");
    for (let i = 0; i < 3; i += 1) {
      const next = nextFiring("02:30", "Europe/Berlin", 0, cursor);
      firings.push(next.at);
      cursor = next.at;
    }
    expect(firings.map(iso)).toEqual([
      "2026-10-25T00:30:00.000Z", // 02:30 CEST; the second 02:30 (CET, 01:30 UTC) is not a firing
      "2026-10-26T01:30:00.000Z",
      "2026-10-27T01:30:00.000Z",
    ]);
    const newYork = nextFiring("01:30", "America/New_York", 0, at("2026-11-01T05:30:00Z"));
    expect(newYork.at).toEqual(at("2026-11-02T06:30:00Z")); // not 06:30 UTC of 11-01, the repeated 01:30
  });

  it("gives one firing per local date over years of DST changes", () => {
    for (const zone of ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"]) {
      for (const time of ["02:30", "01:45", "00:00"]) {
        let cursor = at("2025-01-01T00:00:00Z");
        let previous: string | null = null;
        for (let i = 0; i < 400; i += 1) {
          const next = nextFiring(time, zone, 0, cursor);
          expect(next.at.getTime()).toBeGreaterThan(cursor.getTime());
          if (previous !== null) expect(next.day, `${zone} ${time} after ${previous}`).toBe(addOne(previous));
          previous = next.day;
          cursor = next.at;
        }
      }
    }
  });

  it("gives a firing before the day start to the previous day", () => {
    // 00:30 with day start 03:00: the firing on the 23rd is about the 22nd
    expect(nextFiring("00:30", "Europe/Berlin", 180, at("2026-11-22T12:00:00Z"))).toEqual({
      at: at("2026-11-22T23:30:00Z"),
      day: "2026-11-22",
    });
    expect(nextFiring("03:00", "Europe/Berlin", 180, at("2026-11-22T12:00:00Z")).day).toBe("2026-11-23");
    expect(nextFiring("00:30", "Europe/Berlin", 0, at("2026-11-22T12:00:00Z")).day).toBe("2026-11-23");
  });

  it("refuses a time that is not HH:MM", () => {
    expect(() => nextFiring("24:00", "Europe/Berlin", 0, at("2026-11-22T12:00:00Z"))).toThrow(RangeError);
    expect(() => nextFiring("7:00", "Europe/Berlin", 0, at("2026-11-22T12:00:00Z"))).toThrow(RangeError);
  });
});

function addOne(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
