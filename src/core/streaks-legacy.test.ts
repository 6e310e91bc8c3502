// A habit due every day with no skips and no vacation gives exactly the figures of the implementation before
// skips, schedules and vacations, copied here unchanged as the reference.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completionRate } from "./completion-rate";
import { deriveHabit } from "./habit";
import { addDays, daysBetween, type LocalDate, toDayNumber } from "./local-date";
import { bestStreak, currentStreak, type DayRules, normalizeDates } from "./streaks";
import { anyToday, todayAndDates } from "./test-habits";

function referenceCurrentStreak(dates: readonly LocalDate[], today: LocalDate): number {
  const sorted = normalizeDates(dates);
  const todayNumber = toDayNumber(today);
  let i = sorted.length - 1;
  while (i >= 0 && (sorted[i] as LocalDate) > today) i--;
  if (i < 0) return 0;
  let expected = toDayNumber(sorted[i] as LocalDate);
  if (todayNumber - expected > 1) return 0;
  let streak = 0;
  for (; i >= 0 && toDayNumber(sorted[i] as LocalDate) === expected; i--) {
    streak++;
    expected--;
  }
  return streak;
}

function referenceBestStreak(dates: readonly LocalDate[]): number {
  const sorted = normalizeDates(dates);
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const date of sorted) {
    const day = toDayNumber(date);
    run = day - previous === 1 ? run + 1 : 1;
    if (run > best) best = run;
    previous = day;
  }
  return best;
}

function referenceCompletionRate(dates: readonly LocalDate[], today: LocalDate): number {
  const sorted = normalizeDates(dates);
  let done = sorted.length;
  while (done > 0 && (sorted[done - 1] as LocalDate) > today) done--;
  const first = sorted[0];
  if (done === 0 || first === undefined) return 0;
  const days = Math.max(1, daysBetween(first, today) + 1);
  return Math.min(100, Math.round((done / days) * 100));
}

/** Dense days close to today, so long runs, short gaps and dates after today all happen often. */
const denseDates = anyToday.chain((t) =>
  fc.tuple(
    fc.constant(t),
    fc.array(
      fc.integer({ min: -30, max: 2 }).map((n) => addDays(t, n)),
      { maxLength: 40 },
    ),
  ),
);
const scenarios = fc.oneof(todayAndDates, denseDates);
/** Rules that change nothing: absent, empty, or a schedule naming every weekday. */
const noRules = fc.constantFrom<DayRules | undefined>(
  undefined,
  {},
  { skippedDates: [], schedule: null, vacations: [] },
  { schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6] } },
  { schedule: { weekdays: [6, 5, 4, 3, 2, 1, 0] }, skippedDates: [] },
);

describe("daily habit without skips (the reference's results exactly)", () => {
  it("currentStreak, bestStreak and completionRate equal the reference", () => {
    fc.assert(
      fc.property(scenarios, noRules, ([today, dates], rules) => {
        expect(currentStreak(dates, today, rules)).toBe(referenceCurrentStreak(dates, today));
        expect(bestStreak(dates, rules)).toBe(referenceBestStreak(dates));
        expect(completionRate(dates, today, rules)).toBe(referenceCompletionRate(dates, today));
      }),
      { numRuns: 500 },
    );
  });

  it("deriveHabit gives the reference figures and no new fields", () => {
    fc.assert(
      fc.property(scenarios, ([today, dates]) => {
        const stored = { id: "h", name: "Read", completedDates: dates, createdAt: "", updatedAt: "" };
        expect(deriveHabit(stored, today, [])).toEqual({
          ...stored,
          completedDates: normalizeDates(dates),
          streakCount: referenceCurrentStreak(dates, today),
          bestStreak: referenceBestStreak(dates),
          lastCompletedDate: normalizeDates(dates).at(-1) ?? null,
          completedToday: dates.includes(today),
          completionRate: referenceCompletionRate(dates, today),
        });
      }),
    );
  });
});
