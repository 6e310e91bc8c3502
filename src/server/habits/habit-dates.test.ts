// The days kept per habit (habit-dates.repo.ts): a day set in or out of a kept list gives the list the database
// would answer, never changing the one given, and a kept list is promised unchanged (core's remembered day numbers
// then hold it as it is, docs/performance.md, Write path).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { promisedUnchanged } from "../../core/habit-days";
import { fromDayNumber, toDayNumber } from "../../core/local-date";
import type { Db } from "../db/database";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type DayCode } from "../db/schema";
import { keptDates, withDay, type HabitDates } from "./habit-dates.repo";

const BASE = toDayNumber("2026-01-01");
const anyDays = fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 });
const sorted = (days: Iterable<number>) =>
  [...days].sort((a, b) => a - b).map((d) => fromDayNumber(BASE + d));

describe("withDay", () => {
  it("property: sets one day of a habit's days as the database would list them after the write", () => {
    fc.assert(
      fc.property(
        anyDays,
        anyDays,
        fc.integer({ min: 0, max: 61 }),
        fc.constantFrom<DayCode>(DAY_DONE, DAY_SKIPPED, DAY_NONE),
        (doneDays, skippedDays, day, state) => {
          const skippedOnly = skippedDays.filter((d) => !doneDays.includes(d));
          const given: HabitDates = { done: sorted(doneDays), skipped: sorted(skippedOnly) };
          const copy = { done: given.done.slice(), skipped: given.skipped.slice() };
          const done = new Set(doneDays);
          const skipped = new Set(skippedOnly);
          done.delete(day);
          skipped.delete(day);
          if (state === DAY_DONE) done.add(day);
          if (state === DAY_SKIPPED) skipped.add(day);
          const got = withDay(given, fromDayNumber(BASE + day), state);
          expect(got).toEqual({ done: sorted(done), skipped: sorted(skipped) });
          expect(given).toEqual(copy); // the lists given are never changed
          // A list that did not change is the one given; one that did is a new array.
          for (const list of ["done", "skipped"] as const)
            expect(got[list] === given[list]).toBe(JSON.stringify(got[list]) === JSON.stringify(copy[list]));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("keptDates", () => {
  it("promises core that the lists it keeps will not change, and changes none of them", () => {
    const kept = keptDates({} as Db);
    const dates: HabitDates = { done: ["2026-11-01", "2026-11-02"], skipped: ["2026-11-03"] };
    kept.set("user", "habit", 7, 7, dates);
    const entry = kept.entry("user", "habit")!;
    expect(promisedUnchanged(entry.dates.done)).toBe(true);
    expect(promisedUnchanged(entry.dates.skipped)).toBe(true);
    // The next write's days: a new list, the kept one as it was; promised in its turn once kept.
    const after = kept.after("user", "habit", 7, "2026-11-04", DAY_DONE)!;
    expect(after.done).toEqual(["2026-11-01", "2026-11-02", "2026-11-04"]);
    expect(entry.dates.done).toEqual(["2026-11-01", "2026-11-02"]);
    expect(after.skipped).toBe(entry.dates.skipped);
    kept.set("user", "habit", 9, 8, after);
    expect(promisedUnchanged(kept.entry("user", "habit")!.dates.done)).toBe(true);
  });
});
