// How a streak figure came about (docs/decisions/0028): the run it counts, the days inside it
// that neither broke nor extended it, and the day it broke. Data only; the words are the web app's.
import { type DayStatus, dayStatusOf } from "./day-state";
import {
  currentRun,
  type DayRules,
  habitDays,
  type HabitDays,
  isTransparentDay,
  joinsPrevious,
  latestBreak,
} from "./habit-days";
import { fromDayNumber, type LocalDate, toDayNumber } from "./local-date";

/** A run of done days joined by days that did not break it. Every list is ascending. */
export type StreakRun = {
  /** The streak it gives: the number of done days. */
  length: number;
  /** Its first and last done day ("began on Monday, November 16"). */
  first: LocalDate;
  last: LocalDate;
  doneDays: LocalDate[];
  /** Days from `first` on that did not break it (for the current run up to today, today included). */
  skippedDays: LocalDate[];
  vacationDays: LocalDate[];
  notDueDays: LocalDate[];
  /** The first due day after it that was neither done, skipped nor on vacation; null for a run still going. */
  brokeOn: LocalDate | null;
};

export type StreakExplanation = {
  /** The current streak, equal to currentStreak for the same arguments. */
  streak: number;
  /** The run that streak counts; null when it is 0. */
  run: StreakRun | null;
  /** Today is due and neither done, skipped nor on vacation: ticking it extends the run (or starts one). */
  todayOpen: boolean;
  /**
   * The most recent due day before today that was neither done, skipped nor on vacation: where the walk back from
   * today stopped ("Your streak broke on Thursday, November 19"). Null when no such day follows the first
   * completion (the run reaches back to it, or nothing was ever done).
   */
  brokeOn: LocalDate | null;
  /** The latest run that ended before `brokeOn`, with its own `brokeOn` (the first day it was missed). */
  previousRun: StreakRun | null;
};

/** Explains currentStreak(completedDates, today, rules): same arguments, same walk. */
export function explainStreak(
  completedDates: readonly LocalDate[],
  today: LocalDate,
  rules?: DayRules,
): StreakExplanation {
  const days = habitDays(completedDates, rules);
  const t = toDayNumber(today);
  const { start, end } = currentRun(days, t);
  const streak = end - start + 1;
  // The walk back stopped in the gap before the run, or (no run) between the latest done day and today.
  const previousEnd = streak > 0 ? start - 1 : end;
  const gapEnd = streak > 0 ? days.done[start]! - 1 : t - 1;
  const stop = previousEnd < 0 ? Number.NaN : latestBreak(days, days.done[previousEnd]! + 1, gapEnd);
  return {
    streak,
    run: streak > 0 ? describeRun(days, start, end, t, t) : null,
    todayOpen: dayStatusOf(days, t, t) === "open",
    brokeOn: Number.isNaN(stop) ? null : fromDayNumber(stop),
    previousRun:
      previousEnd < 0 ? null : describeRun(days, runStart(days, previousEnd), previousEnd, Number.NaN, t),
  };
}

function runStart(days: HabitDays, end: number): number {
  let start = end;
  while (joinsPrevious(days, start)) start--;
  return start;
}

/** The run done[start..end]; its transparent days are listed up to `through` (NaN: up to its last done day). */
function describeRun(days: HabitDays, start: number, end: number, through: number, today: number): StreakRun {
  const run: StreakRun = {
    length: end - start + 1,
    first: fromDayNumber(days.done[start]!),
    last: fromDayNumber(days.done[end]!),
    doneDays: [],
    skippedDays: [],
    vacationDays: [],
    notDueDays: [],
    brokeOn: null,
  };
  const lists: Partial<Record<DayStatus, LocalDate[]>> = {
    done: run.doneDays,
    skipped: run.skippedDays,
    vacation: run.vacationDays,
    "not-due": run.notDueDays,
  };
  const last = Number.isNaN(through) ? days.done[end]! : through;
  for (let day = days.done[start]!; day <= last; day++)
    lists[dayStatusOf(days, day, today)]?.push(fromDayNumber(day));
  if (Number.isNaN(through)) {
    // The run ended: find the first day after it that broke it (there is one before today, or it would go on).
    for (let day = days.done[end]! + 1; day < today; day++)
      if (!isTransparentDay(days, day)) {
        run.brokeOn = fromDayNumber(day);
        break;
      }
  }
  return run;
}
