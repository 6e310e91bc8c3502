import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completionRate } from "./completion-rate";
import { addDays, daysBetween } from "./local-date";
import { TEST_TODAY as TODAY, todayAndDates } from "./test-habits";

const markEveryDay = (from: string, to: string) =>
  Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
const scenario = todayAndDates;

describe("completionRate", () => {
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
