// Builders shared by the core tests: a derived Habit from a name and its dates, and generated days.
import fc from "fast-check";
import { deriveHabit, type Habit } from "./habit";
import { addDays, fromDayNumber, toDayNumber, type LocalDate } from "./local-date";

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
