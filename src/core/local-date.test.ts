import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  compareLocalDates,
  daysBetween,
  firstNotBefore,
  fromDayNumber,
  isLocalDate,
  isWithinOneDayOf,
  todayInZone,
  toDayNumber,
} from "./local-date";

const utc = (iso: string) => new Date(iso);
const localDate = fc
  .integer({ min: toDayNumber("1000-01-01"), max: toDayNumber("9999-12-31") })
  .map(fromDayNumber);

describe("isLocalDate", () => {
  it.each(["2026-11-21", "2024-02-29", "2000-02-29", "1000-01-01", "9999-12-31"])("accepts %s", (value) => {
    expect(isLocalDate(value)).toBe(true);
  });
  it.each([
    "2026-02-30",
    "2025-02-29",
    "1900-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-01-00",
    "2026-1-1",
    "0999-12-31",
    "999-12-31",
    "12026-01-01",
    " 2026-01-01",
    "2026-01-01T00:00",
    "2026/01/01",
    "",
  ])("rejects %j", (value) => {
    expect(isLocalDate(value)).toBe(false);
  });
  it.each([null, undefined, 20260101, new Date(0), ["2026-01-01"]])("rejects non-string %j", (value) => {
    expect(isLocalDate(value)).toBe(false);
  });
  it("property: accepts exactly the real dates of the years 1000 to 9999, read as the platform's UTC calendar", () => {
    const char = fc.constantFrom("0", "1", "2", "3", "4", "9", "-", "/", ":", "a", " ", "٣", "");
    fc.assert(
      fc.property(localDate, fc.nat(9), char, (date, position, c) => {
        const value = date.slice(0, position) + c + date.slice(position + 1);
        const ms = Date.parse(`${value}T00:00:00Z`);
        const real =
          /^\d{4}-\d{2}-\d{2}$/.test(value) &&
          value >= "1000" &&
          !Number.isNaN(ms) &&
          new Date(ms).toISOString().slice(0, 10) === value;
        expect(isLocalDate(value)).toBe(real);
        if (real) expect(toDayNumber(value)).toBe(ms / 86_400_000);
        else expect(() => toDayNumber(value)).toThrow(RangeError);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("addDays and daysBetween", () => {
  it("adds across the month end of a European DST change", () => {
    expect(addDays("2025-03-30", 1)).toBe("2025-03-31");
  });
  it("handles leap years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2000-02-28", 1)).toBe("2000-02-29");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(daysBetween("2025-01-01", "2026-01-01")).toBe(365);
  });
  it("crosses years both ways", () => {
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-01-01", 0)).toBe("2026-01-01");
    expect(daysBetween("2026-01-10", "2026-01-01")).toBe(-9);
  });
  it.each([
    ["2025-03-29", "2025-03-31"], // Europe/Berlin spring and autumn, then America/New_York
    ["2025-10-25", "2025-10-27"],
    ["2025-03-08", "2025-03-10"],
    ["2025-11-01", "2025-11-03"],
    ["2011-12-29", "2011-12-31"], // Samoa skipped 30 December 2011, but the calendar day still exists
    ["2025-04-05", "2025-04-07"], // Lord Howe's half-hour shift
  ])("counts exactly two days from %s to %s around a DST change", (from, to) => {
    expect(daysBetween(from, to)).toBe(2);
    expect(addDays(from, 2)).toBe(to);
  });
  it("throws on an impossible date rather than guessing", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
  });
  it("property: addDays and daysBetween are inverses", () => {
    fc.assert(
      fc.property(localDate, fc.integer({ min: -20_000, max: 20_000 }), (date, n) => {
        fc.pre(
          toDayNumber(date) + n >= toDayNumber("1000-01-01") &&
            toDayNumber(date) + n <= toDayNumber("9999-12-31"),
        );
        const later = addDays(date, n);
        expect(isLocalDate(later)).toBe(true);
        expect(daysBetween(date, later)).toBe(n);
        expect(addDays(later, -n)).toBe(date);
      }),
    );
  });
  it("property: the next day is always one day later and sorts after", () => {
    fc.assert(
      fc.property(localDate, (date) => {
        fc.pre(date !== "9999-12-31");
        const next = addDays(date, 1);
        expect(compareLocalDates(date, next)).toBe(-1);
        expect(daysBetween(date, next)).toBe(1);
      }),
    );
  });
  it("agrees with the platform's UTC calendar", () => {
    fc.assert(
      fc.property(fc.integer({ min: toDayNumber("1000-01-01"), max: toDayNumber("9999-12-31") }), (day) => {
        expect(fromDayNumber(day)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
      }),
    );
  });
});

describe("compareLocalDates", () => {
  it("orders chronologically", () => {
    expect(compareLocalDates("2025-12-31", "2026-01-01")).toBeLessThan(0);
    expect(compareLocalDates("2026-01-01", "2025-12-31")).toBeGreaterThan(0);
    expect(compareLocalDates("2026-01-01", "2026-01-01")).toBe(0);
  });
});

describe("todayInZone", () => {
  it.each([
    // Europe/Berlin: spring forward 2025-03-30 02:00, fall back 2025-10-26 03:00
    ["2025-03-29T23:30:00Z", "Europe/Berlin", "2025-03-30"],
    ["2025-03-30T21:59:00Z", "Europe/Berlin", "2025-03-30"],
    ["2025-03-30T22:00:00Z", "Europe/Berlin", "2025-03-31"],
    ["2025-10-26T22:59:00Z", "Europe/Berlin", "2025-10-26"],
    ["2025-10-26T23:00:00Z", "Europe/Berlin", "2025-10-27"],
    // America/New_York: spring forward 2025-03-09, fall back 2025-11-02
    ["2025-03-09T04:59:00Z", "America/New_York", "2025-03-08"],
    ["2025-03-09T05:00:00Z", "America/New_York", "2025-03-09"],
    ["2025-03-10T03:59:00Z", "America/New_York", "2025-03-09"],
    ["2025-11-02T04:30:00Z", "America/New_York", "2025-11-02"],
    ["2025-11-03T04:59:00Z", "America/New_York", "2025-11-02"],
    ["2025-11-03T05:00:00Z", "America/New_York", "2025-11-03"],
    // Pacific/Apia: jumped from UTC-10 to UTC+14 and skipped 2011-12-30 entirely
    ["2011-12-30T09:59:00Z", "Pacific/Apia", "2011-12-29"],
    ["2011-12-30T10:00:00Z", "Pacific/Apia", "2011-12-31"],
    // Australia/Lord_Howe: half-hour DST, back at 2025-04-06 02:00 (+11 -> +10:30)
    ["2025-04-05T12:59:00Z", "Australia/Lord_Howe", "2025-04-05"],
    ["2025-04-05T13:00:00Z", "Australia/Lord_Howe", "2025-04-06"],
    ["2025-04-06T13:29:00Z", "Australia/Lord_Howe", "2025-04-06"],
    ["2025-04-06T13:30:00Z", "Australia/Lord_Howe", "2025-04-07"],
    // The extremes of the zone range, and UTC
    ["2026-11-21T10:00:00Z", "Pacific/Kiritimati", "2026-11-22"],
    ["2026-11-21T11:59:00Z", "Etc/GMT+12", "2026-11-20"],
    ["2026-11-21T23:59:59Z", "UTC", "2026-11-21"],
  ])("%s in %s is %s", (instant, zone, expected) => {
    expect(todayInZone(utc(instant), zone)).toBe(expected);
  });
  it("never returns the skipped Samoan day", () => {
    const days = new Set<string>();
    for (let h = 0; h < 72; h++)
      days.add(todayInZone(utc(`2011-12-29T${String(h % 24).padStart(2, "0")}:00:00Z`), "Pacific/Apia"));
    expect(days.has("2011-12-30")).toBe(false);
  });
  it("rejects an unknown zone", () => {
    expect(() => todayInZone(utc("2026-01-01T00:00:00Z"), "Mars/Olympus")).toThrow(RangeError);
  });
  it("property: a day is always a real date at most one day from the UTC day", () => {
    const zones = [
      "Europe/Berlin",
      "America/New_York",
      "Pacific/Apia",
      "Australia/Lord_Howe",
      "Pacific/Kiritimati",
      "Etc/GMT+12",
    ];
    fc.assert(
      fc.property(
        fc.date({ min: utc("1990-01-01T00:00:00Z"), max: utc("2100-01-01T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (now, zone) => {
          const today = todayInZone(now, zone);
          expect(isLocalDate(today)).toBe(true);
          expect(isWithinOneDayOf(today, now)).toBe(true);
        },
      ),
    );
  });
});

describe("isWithinOneDayOf", () => {
  const now = utc("2026-11-21T12:00:00Z");
  it.each([
    ["2026-11-20", true],
    ["2026-11-21", true],
    ["2026-11-22", true],
    ["2026-11-19", false],
    ["2026-11-23", false],
    ["2026-02-30", false],
    ["nonsense", false],
  ])("%s -> %s", (date, expected) => {
    expect(isWithinOneDayOf(date, now)).toBe(expected);
  });
  it("uses the UTC day of now, at both edges of it", () => {
    expect(isWithinOneDayOf("2026-11-22", utc("2026-11-21T00:00:00Z"))).toBe(true);
    expect(isWithinOneDayOf("2026-11-20", utc("2026-11-21T23:59:59.999Z"))).toBe(true);
    expect(isWithinOneDayOf("2026-11-19", utc("2026-11-21T00:00:00Z"))).toBe(false);
  });
  it("is false for an invalid Date", () => {
    expect(isWithinOneDayOf("2026-11-21", new Date(Number.NaN))).toBe(false);
  });
});

describe("firstNotBefore", () => {
  const dates = ["2026-01-01", "2026-01-03", "2026-02-10"];
  it("finds the first date on or after the one asked for, or the end", () => {
    expect(firstNotBefore(dates, "2025-12-31")).toBe(0);
    expect(firstNotBefore(dates, "2026-01-01")).toBe(0);
    expect(firstNotBefore(dates, "2026-01-02")).toBe(1);
    expect(firstNotBefore(dates, "2026-02-10")).toBe(2);
    expect(firstNotBefore(dates, "2026-02-11")).toBe(3);
    expect(firstNotBefore([], "2026-01-01")).toBe(0);
  });
});
