import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, fromDayNumber, type LocalDate, toDayNumber } from "./local-date";
import {
  bestStreak,
  currentStreak,
  lastCompletedDate,
  markDone,
  normalizeDates,
  unmarkDone,
} from "./streaks";

const TODAY = "2026-11-21";
const YESTERDAY = "2026-11-20";
/** The n days ending at `end`, oldest first. */
const run = (end: LocalDate, n: number) => Array.from({ length: n }, (_, i) => addDays(end, i - n + 1));

const today = fc
  .integer({ min: toDayNumber("2000-03-01"), max: toDayNumber("2040-12-31") })
  .map(fromDayNumber);
/** A day near `today`, so runs and gaps happen often. */
const datesAround = (center: LocalDate, maxLength = 60) =>
  fc.array(
    fc.integer({ min: -40, max: 3 }).map((n) => addDays(center, n)),
    { maxLength },
  );
const scenario = today.chain((t) => fc.tuple(fc.constant(t), datesAround(t)));

describe("normalizeDates", () => {
  it("removes duplicates and sorts ascending", () => {
    expect(normalizeDates(["2026-01-03", "2026-01-01", "2026-01-03", "2025-12-31"])).toEqual([
      "2025-12-31",
      "2026-01-01",
      "2026-01-03",
    ]);
  });
  it("returns a copy of an already normalized list", () => {
    const dates = ["2026-01-01", "2026-01-02"];
    const result = normalizeDates(dates);
    expect(result).toEqual(dates);
    expect(result).not.toBe(dates);
  });
});

describe("currentStreak", () => {
  it("is 0 with no completions", () => expect(currentStreak([], TODAY)).toBe(0));
  it("counts the run ending today", () => expect(currentStreak(run(TODAY, 4), TODAY)).toBe(4));
  it("counts the run ending yesterday while today is not done", () =>
    expect(currentStreak(run(YESTERDAY, 3), TODAY)).toBe(3));
  it("is 0 when the last completion is two days ago", () =>
    expect(currentStreak(run("2026-11-19", 5), TODAY)).toBe(0));
  it("stops at a gap", () => expect(currentStreak(["2026-11-17", ...run(TODAY, 2)], TODAY)).toBe(2));
  it("ignores dates after today", () => {
    expect(currentStreak([...run(TODAY, 2), "2026-11-22"], TODAY)).toBe(2);
    expect(currentStreak(["2026-11-22"], TODAY)).toBe(0);
  });
  it("ignores duplicates and order", () =>
    expect(currentStreak([TODAY, YESTERDAY, TODAY, YESTERDAY], TODAY)).toBe(2));
  it("runs across a DST change and a leap day", () => {
    expect(currentStreak(run("2025-03-31", 4), "2025-03-31")).toBe(4);
    expect(currentStreak(["2024-02-28", "2024-02-29", "2024-03-01"], "2024-03-01")).toBe(3);
  });
});

describe("bestStreak and lastCompletedDate", () => {
  it("finds the longest run anywhere", () => {
    expect(bestStreak([])).toBe(0);
    expect(bestStreak(["2026-01-01"])).toBe(1);
    expect(bestStreak([...run("2026-01-10", 5), ...run(TODAY, 2)])).toBe(5);
    expect(bestStreak(["2025-12-31", "2026-01-01", "2026-01-01", "2026-01-02"])).toBe(3);
  });
  it("gives the latest date or null", () => {
    expect(lastCompletedDate([])).toBeNull();
    expect(lastCompletedDate(["2026-01-02", "2026-03-01", "2026-01-05"])).toBe("2026-03-01");
  });
});

describe("marking complete", () => {
  it("adds today and sets lastCompletedDate to today", () => {
    const dates = markDone(["2026-11-10"], TODAY);
    expect(dates).toEqual(["2026-11-10", TODAY]);
    expect(lastCompletedDate(dates)).toBe(TODAY);
  });
  it("increases the streak by 1 when the last completion was yesterday", () => {
    const before = run(YESTERDAY, 4);
    expect(currentStreak(before, TODAY)).toBe(4);
    expect(currentStreak(markDone(before, TODAY), TODAY)).toBe(5);
  });
  it("increases the streak by 1 when the streak was 0 (first ever completion)", () => {
    expect(currentStreak(markDone([], TODAY), TODAY)).toBe(1);
  });
  it("resets the streak to 1 otherwise", () => {
    const before = run("2026-11-15", 6);
    expect(currentStreak(before, TODAY)).toBe(0);
    expect(currentStreak(markDone(before, TODAY), TODAY)).toBe(1);
  });
  it("changes nothing when today is already done (idempotent)", () => {
    const before = run(TODAY, 3);
    expect(markDone(before, TODAY)).toEqual(before);
    expect(currentStreak(markDone(markDone(before, TODAY), TODAY), TODAY)).toBe(3);
  });
});

describe("unmarking", () => {
  it("removes today and lastCompletedDate becomes the latest remaining date", () => {
    const after = unmarkDone(["2026-11-10", TODAY], TODAY);
    expect(after).toEqual(["2026-11-10"]);
    expect(lastCompletedDate(after)).toBe("2026-11-10");
  });
  it("leaves no lastCompletedDate and a 0 streak when no dates remain", () => {
    const after = unmarkDone([TODAY], TODAY);
    expect(after).toEqual([]);
    expect(lastCompletedDate(after)).toBeNull();
    expect(currentStreak(after, TODAY)).toBe(0);
  });
  it("continues the streak when the latest remaining date is yesterday", () => {
    const after = unmarkDone(run(TODAY, 5), TODAY);
    expect(lastCompletedDate(after)).toBe(YESTERDAY);
    expect(currentStreak(after, TODAY)).toBe(4);
  });
  it("shows 0 as current and the longest run as best when the latest remaining is older (decision 0001)", () => {
    const after = unmarkDone([...run("2026-11-12", 5), "2026-11-17", TODAY], TODAY);
    expect(lastCompletedDate(after)).toBe("2026-11-17");
    expect(currentStreak(after, TODAY)).toBe(0);
    expect(bestStreak(after)).toBe(5);
  });
  it("changes nothing when the day is not there (idempotent)", () => {
    const before = run(YESTERDAY, 3);
    expect(unmarkDone(before, TODAY)).toEqual(before);
  });
});

describe("properties", () => {
  it("currentStreak <= bestStreak", () => {
    fc.assert(fc.property(scenario, ([t, dates]) => currentStreak(dates, t) <= bestStreak(dates)));
  });
  it("currentStreak does not depend on duplicates or order", () => {
    const withShuffle = scenario.chain(([t, dates]) => {
      const doubled = [...dates, ...dates];
      const all = { minLength: doubled.length, maxLength: doubled.length };
      return fc.tuple(fc.constant(t), fc.constant(dates), fc.shuffledSubarray(doubled, all));
    });
    fc.assert(
      fc.property(withShuffle, ([t, dates, shuffled]) => {
        expect(currentStreak(shuffled, t)).toBe(currentStreak(dates, t));
        expect(bestStreak(shuffled)).toBe(bestStreak(dates));
      }),
    );
  });
  it("markDone(today) gives currentStreak >= 1", () => {
    fc.assert(fc.property(scenario, ([t, dates]) => currentStreak(markDone(dates, t), t) >= 1));
  });
  it("mark then unmark of today restores the original when today was not in it", () => {
    fc.assert(
      fc.property(scenario, ([t, dates]) => {
        fc.pre(!dates.includes(t));
        expect(unmarkDone(markDone(dates, t), t)).toEqual(normalizeDates(dates));
      }),
    );
  });
  it("marking follows the plain rule: +1 after yesterday, else 1", () => {
    fc.assert(
      fc.property(scenario, ([t, dates]) => {
        const before = normalizeDates(dates).filter((d) => d < t);
        const last = lastCompletedDate(before);
        const expected = last === addDays(t, -1) ? currentStreak(before, t) + 1 : 1;
        expect(currentStreak(markDone(before, t), t)).toBe(expected);
      }),
    );
  });
  it("unmarking follows the plain rule: latest remaining, 0 if none, continues from yesterday, else 0 now and best kept", () => {
    fc.assert(
      fc.property(scenario, ([t, dates]) => {
        const before = markDone(
          dates.filter((d) => d < t),
          t,
        );
        const after = unmarkDone(before, t);
        const last = lastCompletedDate(after);
        expect(last).toBe(after.at(-1) ?? null);
        if (last === null) expect(currentStreak(after, t)).toBe(0);
        else if (last === addDays(t, -1)) expect(currentStreak(after, t)).toBe(currentStreak(before, t) - 1);
        else expect(currentStreak(after, t)).toBe(0);
        expect(bestStreak(after)).toBeLessThanOrEqual(bestStreak(before));
      }),
    );
  });
  it("markDone and unmarkDone return normalized lists", () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), ([t, dates], mark) => {
        const result = mark ? markDone(dates, t) : unmarkDone(dates, t);
        expect(result).toEqual(normalizeDates(result));
        expect(new Set(result).size).toBe(result.length);
      }),
    );
  });
});
