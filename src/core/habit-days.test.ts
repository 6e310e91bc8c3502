// habitFigures' one walk against the plain walks it stands in for, and the dates read as toDayNumber reads them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestStreakOf,
  currentStreakOf,
  type DayRules,
  habitDays,
  habitFigures,
  readDayNumbers,
  sortedDayNumbers,
  withDay,
} from "./habit-days";
import { completionRateOf } from "./completion-rate";
import { addDays, fromDayNumber, isLocalDate, type LocalDate, toDayNumber } from "./local-date";
import { anyHistory, anySchedule } from "./test-habits";
import type { Vacation } from "./vacation";

const ascending = (days: readonly number[]) => days.every((day, i) => i === 0 || days[i - 1]! < day);

/** Day numbers around the ends of months, years and centuries. */
const anyStart = fc.constantFrom("1999-10-01", "2026-01-15", "2099-10-01", "1970-01-01").map(toDayNumber);

/** Lists as stored (runs of days with gaps, over month, year and leap-day ends) and lists in any order. */
const anyDayList = fc.oneof(
  fc
    .tuple(anyStart, fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 200 }))
    .map(([start, steps]) =>
      steps.map((step, i) => start + steps.slice(0, i).reduce((a, b) => a + b, 0) + step),
    ),
  fc
    .tuple(anyStart, fc.array(fc.constantFrom(1, 1, 1, 1, 2, 3, 30), { maxLength: 400 }))
    .map(([start, steps]) => {
      let day = start;
      return steps.map((step) => (day += step));
    }),
  fc.array(fc.integer({ min: toDayNumber("1000-01-01"), max: toDayNumber("9999-12-31") }), { maxLength: 30 }),
  fc
    .tuple(anyStart, fc.array(fc.integer({ min: -5, max: 60 }), { maxLength: 80 }))
    .map(([start, offsets]) => offsets.map((n) => start + n)),
);

function read(dates: readonly LocalDate[]) {
  const out = new Int32Array(dates.length);
  const isAscending = readDayNumbers(dates, out);
  return { days: [...out], isAscending };
}

describe("readDayNumbers", () => {
  it("property: reads each date as toDayNumber does, and tells whether they are distinct and ascending", () => {
    fc.assert(
      fc.property(anyDayList, (days) => {
        const dates = days.map(fromDayNumber);
        expect(read(dates)).toEqual({ days, isAscending: ascending(days) });
        // Strings as JSON.parse makes them (internalised) read the same.
        expect(read(JSON.parse(JSON.stringify(dates)) as LocalDate[]).days).toEqual(days);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [["2026-02-01", "2026-02-29"]],
    [["2024-02-01", "2024-02-30"]],
    [["2026-04-01", "2026-04-31"]],
    [["2026-11-01", "2026-11-00"]],
    [["2026-11-01", "2026-11-0a"]],
    [["2026-11-01", "2026-11x02"]],
    [["2026-11-01", "2026-11-2"]],
    [["2026-11-01", "2026-11-022"]],
    [["2026-11-01", "2026-11-02", "2026-11-3"]],
    [["2026-11-01", "2026-11-02", "2026-11-03 "]],
    [["2026-11-30", "2026-11-31"]],
    [["1999-12-31", "2000-01-01T00:00"]],
    [["2026-11-01", ""]],
  ])("throws RangeError on a date that is not real: %j", (dates) => {
    expect(() => read(dates)).toThrow(RangeError);
  });

  it("property: a list with one date spoiled reads it as toDayNumber does, or throws as toDayNumber does", () => {
    const spoil = fc.constantFrom("0", "1", "2", "3", "9", "-", "/", ":", "a", " ", "٣", "");
    fc.assert(
      fc.property(anyDayList, fc.nat(), fc.nat(9), spoil, (days, at, position, char) => {
        fc.pre(days.length > 0);
        const dates = days.map(fromDayNumber);
        const i = at % dates.length;
        const date = dates[i]!;
        dates[i] = date.slice(0, position) + char + date.slice(position + 1);
        if (isLocalDate(dates[i])) expect(read(dates).days[i]).toBe(toDayNumber(dates[i]!));
        else expect(() => read(dates)).toThrow(RangeError);
      }),
      { numRuns: 300 },
    );
  });

  it("sortedDayNumbers sorts and drops repeats when the list is not stored that way", () => {
    const days = sortedDayNumbers(["2026-11-03", "2026-11-01", "2026-11-03", "2026-11-02"]);
    expect([...days].map(fromDayNumber)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
  });
});

/** Longer histories than anyHistory's: a year or two of mostly done days, some skipped, a schedule, vacations. */
const longHistory = fc
  .record({
    today: fc.integer({ min: toDayNumber("1999-06-01"), max: toDayNumber("2101-06-01") }),
    length: fc.integer({ min: 0, max: 800 }),
    done: fc.integer({ min: 0, max: 100 }),
    skipped: fc.integer({ min: 0, max: 30 }),
    seed: fc.integer(),
    schedule: anySchedule,
    vacations: fc.array(fc.tuple(fc.integer({ min: -800, max: 3 }), fc.integer({ min: 0, max: 30 })), {
      maxLength: 4,
    }),
  })
  .map(({ today, length, done, skipped, seed, schedule, vacations }) => {
    let state = seed;
    const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) + 2_147_483_648) % 100;
    const doneDates: LocalDate[] = [];
    const skippedDates: LocalDate[] = [];
    for (let day = today - length; day <= today + 2; day++) {
      const r = next();
      if (r < done) doneDates.push(fromDayNumber(day));
      else if (r < done + skipped) skippedDates.push(fromDayNumber(day));
    }
    const t = fromDayNumber(today);
    return {
      today: t,
      done: doneDates,
      skipped: skippedDates,
      schedule,
      vacations: vacations.map(([from, days]): Vacation => ({
        from: addDays(t, from),
        to: addDays(t, from + days),
      })),
    };
  });

type History = {
  today: LocalDate;
  done: LocalDate[];
  skipped: LocalDate[];
  schedule: DayRules["schedule"];
  vacations: Vacation[];
};

const daysOf = (h: History) =>
  habitDays(h.done, { skippedDates: h.skipped, schedule: h.schedule, vacations: h.vacations });

describe("habitFigures", () => {
  it("property: gives currentStreakOf, bestStreakOf and completionRateOf", () => {
    fc.assert(
      fc.property(fc.oneof(anyHistory, longHistory), (h) => {
        const days = daysOf(h);
        const today = toDayNumber(h.today);
        const figures = habitFigures(days, today);
        expect(figures).toEqual({
          streak: currentStreakOf(days, today),
          best: bestStreakOf(days),
          rate: completionRateOf(days, today),
          last: days.done.findLastIndex((day) => day <= today),
        });
      }),
      { numRuns: 500 },
    );
  });

  it("gives 0 for every figure without a done day, whatever the rules", () => {
    const days = habitDays([], { skippedDates: ["2026-11-20"], schedule: { weekdays: [1] } });
    expect(habitFigures(days, toDayNumber("2026-11-21"))).toEqual({ streak: 0, best: 0, rate: 0, last: -1 });
  });
});

describe("withDay", () => {
  it("property: the sorted day numbers with one day set or cleared, a new array only when that changes them", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { maxLength: 30 }),
        fc.integer({ min: -52, max: 52 }),
        fc.boolean(),
        (list, day, present) => {
          const sorted = Int32Array.from(list.sort((a, b) => a - b));
          const copy = sorted.slice();
          const expected = list
            .filter((d) => d !== day)
            .concat(present ? [day] : [])
            .sort((a, b) => a - b);
          const out = withDay(sorted, day, present);
          expect(Array.from(out)).toEqual(expected);
          expect(out === sorted).toBe(list.includes(day) === present);
          expect(sorted).toEqual(copy); // the input is not changed
        },
      ),
    );
  });
});
