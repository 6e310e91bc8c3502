// The habit as stored and as shown: only the days are stored, every other figure is derived for a given day.
// Its zod schemas live in habit-schema.ts, so that deriving figures does not load zod (docs/decisions/0007).
import { completionRateOf } from "./completion-rate";
import { bestStreakOf, currentStreakOf, type DayRules, habitDays, includesDay } from "./habit-days";
import { type LocalDate, toDayNumber } from "./local-date";
import type { Schedule } from "./schedule";
import { normalizeDates } from "./streaks";
import type { Vacation } from "./vacation";

export type StoredHabit = {
  id: string;
  userId?: string;
  name: string;
  completedDates: LocalDate[];
  /** Days skipped (issue 10); never also done: a day in both lists counts as done. Absent: none. */
  skippedDates?: LocalDate[];
  /** When the habit is due (schedule.ts); `null` or absent: every day. */
  schedule?: Schedule | null;
  /** Archived habits leave Today and keep their history. */
  archived?: boolean;
  /** Order on Today, ascending. */
  position?: number;
  /** The quick-add suggestion's emoji, shown on the habit's row. */
  emoji?: string;
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

/** The habit's own rules for the streak walks, with the user's vacations. */
export function dayRulesOf(stored: StoredHabit, vacations?: readonly Vacation[]): DayRules {
  return { skippedDates: stored.skippedDates, schedule: stored.schedule, vacations };
}

/**
 * Every figure of the habit at `today` (the user's today, day start included), with its skipped days, schedule
 * and the user's `vacations`. The dates come back distinct and ascending, skipped days without the done ones.
 */
export function deriveHabit(stored: StoredHabit, today: LocalDate, vacations?: readonly Vacation[]): Habit {
  const completedDates = normalizeDates(stored.completedDates);
  const days = habitDays(completedDates, dayRulesOf(stored, vacations));
  const todayNumber = toDayNumber(today);
  const habit: Habit = {
    ...stored,
    completedDates,
    streakCount: currentStreakOf(days, todayNumber),
    bestStreak: bestStreakOf(days),
    lastCompletedDate: completedDates.at(-1) ?? null, // the latest: the list is ascending
    completedToday: includesDay(days.done, todayNumber),
    completionRate: completionRateOf(days, todayNumber),
  };
  if (stored.skippedDates)
    habit.skippedDates = withoutDates(normalizeDates(stored.skippedDates), completedDates);
  return habit;
}

/** `dates` without those in `remove`; both distinct and ascending. */
function withoutDates(dates: LocalDate[], remove: readonly LocalDate[]): LocalDate[] {
  let j = 0;
  return dates.filter((date) => {
    while (j < remove.length && remove[j]! < date) j++;
    return remove[j] !== date;
  });
}
