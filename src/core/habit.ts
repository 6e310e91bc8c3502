// The habit as stored and as shown: only the dates are stored, every other figure is derived for a given day.
import { z } from "zod";
import { MAX_HABIT_NAME_LENGTH } from "./constants";
import type { LocalDate } from "./local-date";
import { completionRate } from "./stats";
import { bestStreak, currentStreak, lastCompletedDate, normalizeDates } from "./streaks";

const hasControlCharacter = (s: string) =>
  [...s].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

export const HabitNameSchema = z
  .string()
  .trim()
  .min(1, "Habit name cannot be empty")
  .max(MAX_HABIT_NAME_LENGTH, `Habit name must be at most ${MAX_HABIT_NAME_LENGTH} characters`)
  // Control characters (NUL above all) cannot be shown and break some databases.
  .refine((name) => !hasControlCharacter(name), "Habit name cannot contain control characters");

/** Body of creating and of renaming a habit. */
export const NewHabitSchema = z.strictObject({ name: HabitNameSchema });

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
