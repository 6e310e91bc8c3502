// The fast paths of habit-days.ts against the plain walks and toDayNumber they stand in for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestStreakOf,
  currentStreakOf,
  type DayRules,
  habitDays,
  habitFigures,
  promisedUnchanged,
  readDayNumbers,
  rememberedDayNumbers,
  rememberedFigures,
  sortedDayNumbers,
  willNotChange,
} from "./habit-days";
import { completionRateOf } from "./completion-rate";
import { addDays, fromDayNumber, isLocalDate, type LocalDate, toDayNumber } from "./local-date";
import { anyHistory, anySchedule } from "./test-habits";
import type { Vacation } from "./vacation";

const ascending = (days: readonly number[]) => days.every((day, i) => i === 0 || days[i - 1]! < day);

/** Day numbers around 2000-01-01 and 2099-12-31 (where readDayNumbers' table of next dates begins and ends). */
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

function read(
  dates: readonly LocalDate[],
  start = 0,
  end = dates.length,
  out = new Int32Array(dates.length),
) {
  const isAscending = readDayNumbers(dates, out, start, end);
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

  it("property: reads a part of the list in place, after the day before it", () => {
    fc.assert(
      fc.property(anyDayList, fc.nat(), fc.nat(), (days, a, b) => {
        const dates = days.map(fromDayNumber);
        const [start, end] = [a % (days.length + 1), b % (days.length + 1)].sort((x, y) => x - y) as [
          number,
          number,
        ];
        const out = new Int32Array(days);
        out.fill(-7, start, end);
        const { days: got, isAscending } = read(dates, start, end, out);
        expect(got).toEqual(days);
        expect(isAscending).toBe(ascending(days.slice(Math.max(0, start - 1), end)));
      }),
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

  it("rememberedFigures sees a change of the vacations or of the schedule alone", () => {
    const today = toDayNumber("2026-11-21"); // a Saturday
    const done = sortedDayNumbers(["2026-11-18", "2026-11-20"]);
    const days = habitDays([], { skippedDates: [] });
    expect(rememberedFigures({ ...days, done }, today).streak).toBe(1);
    const away = habitDays([], { vacations: [{ from: "2026-11-19", to: "2026-11-19" }] }).vacations;
    expect(rememberedFigures({ ...days, done, vacations: away }, today).streak).toBe(2);
    expect(rememberedFigures({ ...days, done, mask: 0b010_1010 }, today).streak).toBe(2); // Mon, Wed, Fri
    expect(rememberedFigures({ ...days, done }, today).streak).toBe(1);
  });

  it("property: rememberedFigures gives habitFigures as today, the skipped days, schedule and vacations change", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(anyHistory, longHistory), { minLength: 1, maxLength: 4 }),
        (histories) => {
          const done = sortedDayNumbers(histories[0]!.done); // one done list, read once, as deriveHabit keeps it
          for (const h of histories) {
            const days = { ...daysOf(h), done };
            expect(rememberedFigures(days, toDayNumber(h.today))).toEqual(
              habitFigures(days, toDayNumber(h.today)),
            );
          }
        },
      ),
    );
  });
});

let keys = 0;

describe("rememberedDayNumbers", () => {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), at: fc.nat(), day: fc.integer({ min: -3, max: 900 }) }),
    fc.record({ kind: fc.constant("remove" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 5 }) }),
    fc.record({
      kind: fc.constant("replace" as const),
      at: fc.nat(),
      day: fc.integer({ min: -3, max: 900 }),
    }),
    fc.record({ kind: fc.constant("swap" as const), at: fc.nat() }),
  );

  it("property: a list read again after edits anywhere reads as a new list would", () => {
    fc.assert(
      // Promised unchanged or not: such a list is held as it is, any other copied.
      fc.property(anyDayList, fc.array(edit, { maxLength: 6 }), fc.boolean(), (days, edits, promised) => {
        const key = `test ${keys++}`;
        let dates = days.map(fromDayNumber);
        const base = Math.min(days[0] ?? toDayNumber("2026-01-01"), toDayNumber("9000-01-01"));
        for (const e of [null, null, ...edits]) {
          // New arrays of the same strings, as the web store gives them, with one edit.
          dates = dates.slice();
          const at = e ? e.at % (dates.length + 1) : 0;
          if (e?.kind === "add") dates.splice(at, 0, fromDayNumber(base + e.day));
          if (e?.kind === "remove") dates.splice(at, e.count);
          if (e?.kind === "replace" && at < dates.length) dates[at] = fromDayNumber(base + e.day);
          if (e?.kind === "swap" && at + 1 < dates.length)
            [dates[at], dates[at + 1]] = [dates[at + 1]!, dates[at]!];
          const expected = dates.map(toDayNumber);
          if (promised) willNotChange(dates);
          const got = rememberedDayNumbers(key, dates);
          expect(got && [...got]).toEqual(ascending(expected) ? expected : null);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps its own copy: a list changed in place after it was read is read again", () => {
    const key = `test ${keys++}`;
    const dates = ["2026-11-01", "2026-11-02", "2026-11-03"];
    rememberedDayNumbers(key, dates);
    rememberedDayNumbers(key, dates); // the second reading is kept
    dates[1] = "2026-11-01"; // no longer ascending
    expect(rememberedDayNumbers(key, dates)).toBeNull();
    dates[1] = "2026-11-02";
    dates.push("2026-11-05");
    expect([...rememberedDayNumbers(key, dates)!].map(fromDayNumber)).toEqual(dates);
  });

  it("reads a list promised unchanged, given again one day longer or shorter at its end, as a new list would", () => {
    // The server's kept days: a REST mark of today gives a new list one day longer or shorter.
    const key = `test ${keys++}`;
    let dates = ["2026-11-01", "2026-11-02", "2026-11-03"];
    willNotChange(dates);
    rememberedDayNumbers(key, dates);
    rememberedDayNumbers(key, dates);
    for (const next of [["2026-11-04"], [], ["2026-11-05"], ["2026-11-05", "2026-11-06"]]) {
      dates = [...dates.slice(0, 3), ...next];
      willNotChange(dates);
      expect([...rememberedDayNumbers(key, dates)!].map(fromDayNumber)).toEqual(dates);
    }
  });

  it("holds a list promised unchanged as it is, not a copy", () => {
    const key = `test ${keys++}`;
    const dates = ["2026-11-01", "2026-11-02"];
    willNotChange(dates);
    expect(promisedUnchanged(dates)).toBe(true);
    expect(promisedUnchanged(dates.slice())).toBe(false);
    rememberedDayNumbers(key, dates);
    rememberedDayNumbers(key, dates); // kept from the second reading
    // The promise broken, only to see what is held: a copy would tell the new list from the old one.
    dates[1] = "2026-11-05";
    expect([...rememberedDayNumbers(key, dates.slice())!].map(fromDayNumber)).toEqual([
      "2026-11-01",
      "2026-11-02",
    ]);
  });

  it("gives the same day numbers again for the same dates, and new ones when they changed", () => {
    const key = `test ${keys++}`;
    const dates = ["2026-11-01", "2026-11-02"];
    rememberedDayNumbers(key, dates);
    const kept = rememberedDayNumbers(key, dates.slice());
    expect(rememberedDayNumbers(key, dates.slice())).toBe(kept);
    expect(rememberedDayNumbers(key, [...dates, "2026-11-03"])).not.toBe(kept);
  });
});
