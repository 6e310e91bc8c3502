// The habit as stored and as shown: only the dates are stored, every other figure is derived for a given day.
// Its zod schemas live in habit-schema.ts, so that deriving figures does not load zod (docs/decisions/0007).
import type { LocalDate } from "./local-date";
import { completionRate } from "./completion-rate";
import { bestStreak, currentStreak, lastCompletedDate, normalizeDates } from "./streaks";

export type StoredHabit = {
  id: string;
  userId?: string;
  name: string;
  completedDates: LocalDate[];
  createdAt: string;
  updatedAt: string;
};

export type Habit = StoredHabit & {
  streakCount: number;
  bestStreak: number;
  lastCompletedDate: LocalDate | null;
  completedToday: boolean;
  completionRate: number;
};

export function deriveHabit(stored: StoredHabit, today: LocalDate): Habit {
  const completedDates = normalizeDates(stored.completedDates);
  return {
    ...stored,
    completedDates,
    streakCount: currentStreak(completedDates, today),
    bestStreak: bestStreak(completedDates),
    lastCompletedDate: lastCompletedDate(completedDates),
    completedToday: completedDates.includes(today),
    completionRate: completionRate(completedDates, today),
  };
}
