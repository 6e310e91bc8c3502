// The habit as stored and as shown: only the days are stored, every other figure is derived for a given day.
// Its zod schemas live in habit-schema.ts, so that deriving figures does not load zod (docs/decisions/0060).
import { type DayRules, type HabitDays, habitFigures, readDayNumbers, sortedDayNumbers } from "./habit-days";
import type { HabitKind, HabitRule } from "./habit-kind";
import { type LocalDate, toDayNumber } from "./local-date";
import { type Schedule, scheduleMask } from "./schedule";
import { normalizeDates } from "./streaks";
import { type Vacation, vacationDayRanges } from "./vacation";

export type StoredHabit = {
  id: string;
  userId?: string;
  name: string;
  completedDates: LocalDate[];
  /** Days skipped; never also done: a day in both lists counts as done. Absent: none. */
  skippedDates?: LocalDate[];
  /** When the habit is due (schedule.ts); `null` or absent: every day. */
  schedule?: Schedule | null;
  /** Archived habits leave Today and keep their history. */
  archived?: boolean;
  /** Order on Today, ascending. */
  position?: number;
  /** The quick-add suggestion's emoji, shown on the habit's row. */
  emoji?: string;
  /** What it counts (habit-kind.ts); absent: "yesNo". */
  kind?: HabitKind;
  /** Its dated rules, ascending by `from` (habit-kind.ts); absent: one rule, `schedule`, over every day. */
  rules?: HabitRule[];
  /** What "Add" raises a measurable day by; absent: 1. */
  step?: number;
  /** The days' numbers (measurable and quit habits), ascending by date; absent: none. */
  values?: [LocalDate, number][];
  /** The days' notes, ascending by date; absent: none. */
  notes?: [LocalDate, string][];
  /** The id of its group (core/sync.ts: HabitGroup); null or absent: ungrouped. */
  groupId?: string | null;
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
 * and the user's `vacations`. The dates come back distinct and ascending, skipped days without the done ones: the
 * stored lists themselves when they are so already (as stored), to be read and not changed.
 *
 * For callers that hold only the strings (the server's answers, through kind-habit.ts: deriveAnyHabit, which gives a
 * habit that counts by kind its own figures): each date is read once, then deriveFromDays. The web store holds the
 * day numbers already and calls deriveFromDays itself (docs/decisions/0061).
 */
export function deriveHabit(stored: StoredHabit, today: LocalDate, vacations?: readonly Vacation[]): Habit {
  const [completedDates, done] = normalized(stored.completedDates);
  const days: HabitDays = {
    done,
    skipped: EMPTY,
    vacations: vacationDayRanges(vacations),
    mask: scheduleMask(stored.schedule),
  };
  let skippedDates: LocalDate[] | undefined;
  if (stored.skippedDates) [skippedDates, days.skipped] = withoutDone(normalized(stored.skippedDates), done);
  return withFigures(stored, completedDates, skippedDates, days, toDayNumber(today));
}

/**
 * deriveHabit's habit from the days as day numbers, which nothing here parses: `days.done` holds the day numbers
 * of `habit.completedDates` and `days.skipped` those of `habit.skippedDates` (an empty array when it is absent),
 * index for index, both distinct and ascending (as the web store keeps them); `days.vacations` and `days.mask` are
 * the user's vacations and the habit's schedule (vacationDayRanges, scheduleMask). `today` is a day number. The
 * same habit as deriveHabit gives for the same days (habit.test.ts), its lists being the habit's own unless a day
 * is both done and skipped (done wins, and the skipped lists come back without it).
 */
export function deriveFromDays(habit: StoredHabit, days: HabitDays, today: number): Habit {
  let skippedDates = habit.skippedDates;
  let skipped = days.skipped;
  if (skippedDates && skipped.length > 0)
    [skippedDates, skipped] = withoutDone([skippedDates, skipped], days.done);
  const own = skipped === days.skipped ? days : { ...days, skipped };
  return withFigures(habit, habit.completedDates, skippedDates, own, today);
}

function withFigures(
  stored: StoredHabit,
  completedDates: LocalDate[],
  skippedDates: LocalDate[] | undefined,
  days: HabitDays,
  today: number,
): Habit {
  const figures = habitFigures(days, today);
  // A copy, then the figures set on it: on V8 an object literal that spreads a habit and adds six fields makes new
  // hidden classes each time and costs many times this (docs/performance.md, Write path).
  const habit = Object.assign({}, stored) as Habit;
  habit.completedDates = completedDates;
  habit.streakCount = figures.streak;
  habit.bestStreak = figures.best;
  habit.lastCompletedDate = completedDates.at(-1) ?? null; // the latest: the list is ascending
  habit.completedToday = figures.last >= 0 && days.done[figures.last] === today;
  habit.completionRate = figures.rate;
  if (skippedDates) habit.skippedDates = skippedDates;
  return habit;
}

const EMPTY = new Int32Array(0);

/**
 * `dates` distinct and ascending, with their day numbers. Stored lists are so already, and come back as they are:
 * a copy of 3,650 dates per habit on every change would be work for nothing, as the derived habit's lists are only
 * read.
 */
function normalized(dates: LocalDate[]): [LocalDate[], Int32Array] {
  const days = new Int32Array(dates.length);
  if (readDayNumbers(dates, days)) return [dates, days];
  const sorted = normalizeDates(dates);
  return [sorted, sortedDayNumbers(sorted)];
}

/**
 * The skipped days (distinct and ascending, with their day numbers) that are not done: done wins. The lists as
 * they are when none is done (as stored), else new ones (rare: the stores keep a day in one list).
 */
function withoutDone([dates, days]: [LocalDate[], Int32Array], done: Int32Array): [LocalDate[], Int32Array] {
  let kept: LocalDate[] | undefined; // once a done one is met: the others before it and after
  let keptDays: number[] = [];
  for (let i = 0, j = 0; i < days.length; i++) {
    const day = days[i]!;
    // Gallop to the first done day >= day: skipped days are few and far between among the done ones.
    let step = 1;
    while (j + step < done.length && done[j + step]! < day) {
      j += step;
      step *= 2;
    }
    let hi = Math.min(j + step, done.length); // done[hi] >= day, or the end
    while (j < hi) {
      const mid = (j + hi) >> 1;
      if (done[mid]! < day) j = mid + 1;
      else hi = mid;
    }
    if (j < done.length && done[j] === day) {
      if (!kept) [kept, keptDays] = [dates.slice(0, i), Array.from(days.subarray(0, i))];
    } else if (kept) {
      kept.push(dates[i]!);
      keptDays.push(day);
    }
  }
  return kept ? [kept, Int32Array.from(keptDays)] : [dates, days];
}
