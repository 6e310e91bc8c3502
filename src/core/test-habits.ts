// Builders shared by the core tests: a derived Habit from a name and its dates.
import { deriveHabit, type Habit } from "./habit";
import type { LocalDate } from "./local-date";

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
