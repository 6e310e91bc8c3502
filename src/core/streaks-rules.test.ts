// Streaks with skipped days, schedules and vacations (docs/decisions/0028).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completionRate } from "./completion-rate";
import { addDays, fromDayNumber, type LocalDate, toDayNumber } from "./local-date";
import { isDue, type Schedule } from "./schedule";
import { bestStreak, currentStreak, type DayRules, normalizeDates } from "./streaks";
import { anyHistory } from "./test-habits";
import { isOnVacation, type Vacation } from "./vacation";

const TODAY = "2026-11-21"; // a Saturday
const MON_WED_FRI: Schedule = { weekdays: [1, 3, 5] };
const days = (...offsets: number[]) => offsets.map((n) => addDays(TODAY, n));

describe("skipped days", () => {
  it("done 3 days, skip, done today gives 4", () => {
    expect(currentStreak(days(-4, -3, -2, 0), TODAY, { skippedDates: days(-1) })).toBe(4);
    expect(bestStreak(days(-4, -3, -2, 0), { skippedDates: days(-1) })).toBe(4);
  });
  it("a skipped today keeps yesterday's run, and a skip after a miss does not mend it", () => {
    expect(currentStreak(days(-2, -1), TODAY, { skippedDates: days(0) })).toBe(2);
    expect(currentStreak(days(-3), TODAY, { skippedDates: days(-1) })).toBe(0);
  });
  it("a done day wins over a skip of the same day", () => {
    expect(currentStreak(days(-1, 0), TODAY, { skippedDates: days(-1, 0) })).toBe(2);
    expect(completionRate(days(-1, 0), TODAY, { skippedDates: days(-1) })).toBe(100);
  });
  it("leaves skipped days out of the completion rate", () => {
    expect(completionRate(days(-4, -3, 0), TODAY, { skippedDates: days(-2) })).toBe(75); // 3 of 4
    expect(completionRate(days(-4, -3, -2, 0), TODAY, { skippedDates: days(-1) })).toBe(100);
  });
});

describe("schedules", () => {
  it("passes over days that are not due", () => {
    // Mon 16, Wed 18, Fri 20 done; today Saturday is not due.
    expect(currentStreak(["2026-11-16", "2026-11-18", "2026-11-20"], TODAY, { schedule: MON_WED_FRI })).toBe(
      3,
    );
    // Wednesday missed: the run is Friday alone.
    expect(currentStreak(["2026-11-16", "2026-11-20"], TODAY, { schedule: MON_WED_FRI })).toBe(1);
  });
  it("counts a done day that was not due", () => {
    expect(currentStreak(["2026-11-18", "2026-11-19", "2026-11-20"], TODAY, { schedule: MON_WED_FRI })).toBe(
      3,
    );
    expect(
      completionRate(["2026-11-16", "2026-11-17", "2026-11-18"], "2026-11-18", { schedule: MON_WED_FRI }),
    ).toBe(100);
  });
  it("counts due days only in the completion rate", () => {
    // From Monday 16 to Saturday 21: due Mon, Wed, Fri; done Mon and Fri.
    expect(completionRate(["2026-11-16", "2026-11-20"], TODAY, { schedule: MON_WED_FRI })).toBe(67);
  });
});

describe("vacations", () => {
  const vacations: Vacation[] = [{ from: addDays(TODAY, -5), to: addDays(TODAY, -2) }];
  it("counts each vacation day as skipped", () => {
    expect(currentStreak(days(-7, -6, -1), TODAY, { vacations })).toBe(3);
    expect(completionRate(days(-7, -6, -1, 0), TODAY, { vacations })).toBe(100);
  });
  it("lets a day done on vacation count", () => {
    expect(currentStreak(days(-6, -3, -1), TODAY, { vacations })).toBe(3);
    expect(completionRate(days(-7, -3), TODAY, { vacations })).toBe(40); // 2 of -7, -6, -3, -1 and today
  });
});

/** The rules as the test sees them, by brute force and without the code under test. */
function transparentDay(date: LocalDate, done: Set<LocalDate>, rules: DayRules): boolean {
  if (done.has(date)) return false;
  return (
    !isDue(rules.schedule, date) ||
    (rules.skippedDates ?? []).includes(date) ||
    isOnVacation(rules.vacations ?? [], date)
  );
}

/** The done days (up to `until`) and `until` itself on a calendar from which the transparent days were removed. */
function compress(
  dates: LocalDate[],
  until: LocalDate,
  rules: DayRules,
): { dates: LocalDate[]; until: LocalDate } {
  const done = new Set(dates.filter((d) => d <= until));
  const sorted = [...done].sort();
  const from = toDayNumber(sorted[0] ?? until) - 8;
  const base = toDayNumber("2000-01-01");
  const out: LocalDate[] = [];
  let removed = 0;
  let position = base;
  for (let day = from; day <= toDayNumber(until); day++) {
    const date = fromDayNumber(day);
    position = base + (day - from) - removed;
    if (done.has(date)) out.push(fromDayNumber(position));
    if (transparentDay(date, done, rules)) removed++;
  }
  return { dates: out, until: fromDayNumber(position) };
}

const rulesOf = (h: {
  skipped: LocalDate[];
  schedule: Schedule | null;
  vacations: Vacation[];
}): DayRules => ({
  skippedDates: h.skipped,
  schedule: h.schedule,
  vacations: h.vacations,
});

describe("properties", () => {
  it("transparent days count as if removed from the calendar: a daily streak of the remaining days", () => {
    fc.assert(
      fc.property(anyHistory, (h) => {
        const rules = rulesOf(h);
        const now = compress(h.done, h.today, rules);
        expect(currentStreak(h.done, h.today, rules)).toBe(currentStreak(now.dates, now.until));
        const last = normalizeDates([...h.done, h.today]).at(-1)!;
        expect(bestStreak(h.done, rules)).toBe(bestStreak(compress(h.done, last, rules).dates));
      }),
      { numRuns: 300 },
    );
  });

  it("skipping more days that were not done never lowers a streak", () => {
    fc.assert(
      fc.property(anyHistory, fc.array(fc.integer({ min: -60, max: 2 })), (h, extra) => {
        const rules = rulesOf(h);
        const more = { ...rules, skippedDates: [...h.skipped, ...extra.map((n) => addDays(h.today, n))] };
        expect(currentStreak(h.done, h.today, more)).toBeGreaterThanOrEqual(
          currentStreak(h.done, h.today, rules),
        );
        expect(bestStreak(h.done, more)).toBeGreaterThanOrEqual(bestStreak(h.done, rules));
      }),
    );
  });

  it("a streak never exceeds the done days, and best >= current", () => {
    fc.assert(
      fc.property(anyHistory, (h) => {
        const rules = rulesOf(h);
        const current = currentStreak(h.done, h.today, rules);
        const best = bestStreak(h.done, rules);
        expect(current).toBeLessThanOrEqual(new Set(h.done.filter((d) => d <= h.today)).size);
        expect(best).toBeLessThanOrEqual(new Set(h.done).size);
        expect(best).toBeGreaterThanOrEqual(current);
      }),
    );
  });

  it("completion rate is a whole number from 0 to 100, and 0 with nothing done up to today", () => {
    fc.assert(
      fc.property(anyHistory, (h) => {
        const rate = completionRate(h.done, h.today, rulesOf(h));
        expect(Number.isInteger(rate) && rate >= 0 && rate <= 100).toBe(true);
        if (!h.done.some((d) => d <= h.today)) expect(rate).toBe(0);
      }),
    );
  });

  it("not-due days and vacation days behave exactly like skipped days", () => {
    fc.assert(
      fc.property(anyHistory, (h) => {
        const rules = rulesOf(h);
        const span = normalizeDates([...h.done, ...h.skipped, h.today, addDays(h.today, -80)]);
        const asSkips: LocalDate[] = [...h.skipped];
        for (let day = toDayNumber(span[0]!) - 7; day <= toDayNumber(span.at(-1)!); day++) {
          const date = fromDayNumber(day);
          if (!isDue(h.schedule, date) || isOnVacation(h.vacations, date)) asSkips.push(date);
        }
        const skipsOnly = { skippedDates: asSkips };
        expect(currentStreak(h.done, h.today, rules)).toBe(currentStreak(h.done, h.today, skipsOnly));
        expect(bestStreak(h.done, rules)).toBe(bestStreak(h.done, skipsOnly));
        expect(completionRate(h.done, h.today, rules)).toBe(completionRate(h.done, h.today, skipsOnly));
      }),
    );
  });
});
