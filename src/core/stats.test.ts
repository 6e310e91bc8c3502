import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, fromDayNumber, toDayNumber } from "./local-date";
import { averageStreak, completionRate, longestStreak, sortHabits, todayProgress, trend } from "./stats";
import { makeHabit, TEST_TODAY as TODAY } from "./test-habits";

const today = fc
  .integer({ min: toDayNumber("2000-03-01"), max: toDayNumber("2040-12-31") })
  .map(fromDayNumber);
const markEveryDay = (from: string, to: string) =>
  Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
const scenario = today.chain((t) =>
  fc.tuple(
    fc.constant(t),
    fc.array(
      fc.integer({ min: -400, max: 3 }).map((n) => addDays(t, n)),
      { maxLength: 80 },
    ),
  ),
);

describe("completionRate (SPEC §4)", () => {
  it("is 0 with no completions", () => expect(completionRate([], TODAY)).toBe(0));
  it("is 100 when the first completion is today", () => expect(completionRate([TODAY], TODAY)).toBe(100));
  it("divides completions by days since the first, inclusive", () => {
    expect(completionRate(["2026-11-12", TODAY], TODAY)).toBe(20); // 2 of 10 days
    expect(completionRate(["2026-11-19", "2026-11-20"], TODAY)).toBe(67); // 2 of 3 days, rounded
    expect(completionRate(["2026-11-20", TODAY], TODAY)).toBe(100);
  });
  it("counts each day once", () =>
    expect(completionRate(["2026-11-20", "2026-11-20", TODAY, TODAY], TODAY)).toBe(100));
  it("ignores days after today", () => {
    expect(completionRate(["2026-11-22"], TODAY)).toBe(0);
    expect(completionRate(["2026-11-20", "2026-11-22"], TODAY)).toBe(50);
  });
  it("property: always a whole number from 0 to 100", () => {
    fc.assert(
      fc.property(scenario, ([t, dates]) => {
        const rate = completionRate(dates, t);
        expect(Number.isInteger(rate)).toBe(true);
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(100);
      }),
    );
  });
  it("property: 0 when nothing is done up to today, 100 when every day since the first is done", () => {
    fc.assert(
      fc.property(scenario, ([t, dates]) => {
        const done = dates.filter((d) => d <= t);
        if (done.length === 0) expect(completionRate(dates, t)).toBe(0);
        const first = done.sort()[0];
        if (first !== undefined) expect(completionRate(markEveryDay(first, t), t)).toBe(100);
      }),
    );
  });
});

describe("trend", () => {
  it("is down at streak 0, up when done today, else neutral", () => {
    expect(trend(0, false)).toBe("down");
    expect(trend(0, true)).toBe("down");
    expect(trend(3, true)).toBe("up");
    expect(trend(3, false)).toBe("neutral");
  });
});

describe("todayProgress, averageStreak, longestStreak", () => {
  const habits = [
    makeHabit("Read", ["2026-11-19", "2026-11-20", TODAY]),
    makeHabit("Run", ["2026-11-20"]),
    makeHabit("Walk", ["2026-11-19", "2026-11-20", TODAY]),
  ];
  it("gives done, total and a rounded percent", () => {
    expect(todayProgress(habits)).toEqual({ done: 2, total: 3, percent: 67 });
    expect(todayProgress([])).toEqual({ done: 0, total: 0, percent: 0 });
  });
  it("averages current streaks to one decimal", () => {
    expect(averageStreak(habits)).toBe(2.3); // (3 + 1 + 3) / 3
    expect(averageStreak([])).toBe(0);
  });
  it("names the habit with the longest current streak, the first on a tie", () => {
    expect(longestStreak(habits)).toEqual({ name: "Read", streak: 3 });
    expect(longestStreak([makeHabit("Old", ["2026-01-01", "2026-01-02"]), makeHabit("New")])).toEqual({
      name: "Old",
      streak: 0,
    });
    expect(longestStreak([])).toBeNull();
  });
  it("property: done <= total and percent 0..100", () => {
    fc.assert(
      fc.property(
        fc.array(
          scenario.map(([, dates]) => dates),
          { maxLength: 8 },
        ),
        (lists) => {
          const progress = todayProgress(lists.map((dates, i) => makeHabit(`h${i}`, dates, TODAY)));
          expect(progress.done).toBeLessThanOrEqual(progress.total);
          expect(progress.percent).toBeGreaterThanOrEqual(0);
          expect(progress.percent).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe("sortHabits", () => {
  const a = makeHabit("apple", ["2026-11-20", TODAY]); // streak 2, rate 100
  const b = makeHabit("Banana", ["2026-11-12", "2026-11-20", TODAY]); // streak 2, rate 30
  const c = makeHabit("cherry", ["2026-11-01"]); // streak 0, rate 5
  const d = makeHabit("Date", [TODAY]); // streak 1, rate 100
  const list = [c, d, b, a];
  const names = (by: "streak" | "completion" | "az") => sortHabits(list, by).map((h) => h.name);

  it("by streak, highest first, then by name", () =>
    expect(names("streak")).toEqual(["apple", "Banana", "Date", "cherry"]));
  it("by completion, highest first, then by name", () =>
    expect(names("completion")).toEqual(["apple", "Date", "Banana", "cherry"]));
  it("A-Z ignores case", () => expect(names("az")).toEqual(["apple", "Banana", "cherry", "Date"]));
  it("returns a new array and leaves the input alone", () => {
    const sorted = sortHabits(list, "az");
    expect(sorted).not.toBe(list);
    expect(list.map((h) => h.name)).toEqual(["cherry", "Date", "Banana", "apple"]);
  });
});
