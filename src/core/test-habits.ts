// Builders shared by the core tests: a derived Habit from a name and its dates, generated days and histories.
import fc from "fast-check";
import { deriveHabit, type Habit } from "./habit";
import { addDays, fromDayNumber, toDayNumber, type LocalDate } from "./local-date";
import type { Schedule, Weekday } from "./schedule";
import type { Vacation } from "./vacation";

export const TEST_TODAY = "2026-11-21";

export function makeHabit(
  name: string,
  completedDates: LocalDate[] = [],
  today: LocalDate = TEST_TODAY,
  id = name,
): Habit {
  return deriveHabit(
    {
      id,
      name,
      completedDates,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
    today,
  );
}

/** A generated today between 2000 and 2040. */
export const anyToday = fc
  .integer({ min: toDayNumber("2000-03-01"), max: toDayNumber("2040-12-31") })
  .map(fromDayNumber);

/** A generated today with up to 80 completions from 400 days before it to 3 days after. */
export const todayAndDates = anyToday.chain((t) =>
  fc.tuple(
    fc.constant(t),
    fc.array(
      fc.integer({ min: -400, max: 3 }).map((n) => addDays(t, n)),
      { maxLength: 80 },
    ),
  ),
);

/** A generated schedule: `null` (every day) half of the time, else 1 to 7 weekdays in any order. */
export const anySchedule: fc.Arbitrary<Schedule | null> = fc.option(
  fc.record({
    weekdays: fc.uniqueArray(fc.constantFrom<Weekday>(0, 1, 2, 3, 4, 5, 6), { minLength: 1, maxLength: 7 }),
  }),
  { freq: 2 },
);

/** A generated history: today, done and skipped days (they may overlap), a schedule and vacations near today. */
export const anyHistory = anyToday.chain((today) => {
  const near = fc.integer({ min: -60, max: 2 }).map((n) => addDays(today, n));
  const vacation = fc
    .tuple(fc.integer({ min: -70, max: 2 }), fc.integer({ min: 0, max: 12 }))
    .map(([start, length]): Vacation => ({
      from: addDays(today, start),
      to: addDays(today, start + length),
    }));
  return fc.record({
    today: fc.constant(today),
    done: fc.array(near, { maxLength: 50 }),
    skipped: fc.array(near, { maxLength: 20 }),
    schedule: anySchedule,
    vacations: fc.array(vacation, { maxLength: 3 }),
  });
});
