import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { averageStreak, longestStreak, sortHabits, todayProgress, trend } from "./stats";
import { makeHabit, TEST_TODAY as TODAY, todayAndDates } from "./test-habits";

const scenario = todayAndDates;

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
  it("property: A-Z orders as localeCompare with accent sensitivity, keeping equal names in their order", () => {
    const name = fc.stringMatching(/^[aAáÁeEéÉoOöÖ ß-]{0,4}$/);
    fc.assert(
      fc.property(fc.array(name, { maxLength: 12 }), (habitNames) => {
        const habits = habitNames.map((n, i) => makeHabit(n, [], TODAY, `h${i}`));
        const expected = [...habits].sort((x, y) =>
          x.name.localeCompare(y.name, undefined, { sensitivity: "accent" }),
        );
        expect(sortHabits(habits, "az").map((h) => h.id)).toEqual(expected.map((h) => h.id));
      }),
    );
  });
  it("returns a new array and leaves the input alone", () => {
    const sorted = sortHabits(list, "az");
    expect(sorted).not.toBe(list);
    expect(list.map((h) => h.name)).toEqual(["cherry", "Date", "Banana", "apple"]);
  });
});
