// What Today and the figures show of a habit that counts a number, is due N times a period, or whose rules changed
// (docs/product.md, "Kinds of habit"): core/kind-figures.ts over the store's day numbers. Loaded with the store engine, after the
// first paint (the initial JavaScript budget, docs/decisions/0060); a yes/no habit under one rule, every day or on
// weekdays, keeps core/habit's figures (use-habits.ts), so they do not change.
import { type HabitKind, type Period, ruleIndexOn, type WeekStart } from "../../../core/habit-kind";
import {
  type KindDays,
  type KindFigures,
  kindFigures,
  kindFiguresWithMetDays,
  MET,
  type Progress,
} from "../../../core/kind-figures";
import { countsByKind, kindHabitFigures } from "../../../core/kind-habit";
import { fromDayNumber, type LocalDate, toDayNumber } from "../../../core/local-date";
import { type Vacation, vacationDayRanges } from "../../../core/vacation";
import { entryAt, type ReplicaHabit } from "../sync/replica-state";

/** A habit's figures and today, for a kind that core/habit does not count. */
export type KindToday = {
  kind: HabitKind;
  /** Today's number (measurable and quit habits); null without one. */
  amount: number | null;
  /** What Add raises today's number by. */
  step: number;
  /** The target's unit ("glasses"); "" without a target. */
  unit: string;
  /** The unit that holds today: what is done so far and what it needs (core/kind-figures.ts). */
  progress: Progress;
  /** The period of a yes/no habit due N times a week or month; null otherwise. */
  timesPer: Period | null;
  /** Today's unit has met its target: the same celebration as a tick. */
  met: boolean;
  /** Streak (in days, weeks or months), best streak and rate, as core/kind-figures.ts counts them. */
  figures: KindFigures;
};

/** The figures of a habit's view (use-habits.ts: HabitView) that core/kind-figures.ts gives, and its today. */
export type KindView = {
  /**
   * The days shown done (the 7-day strip, the calendars): a yes/no habit's done days; for a habit that counts a
   * number, the days that met their day's target (a quit habit's clean days), or had a number under a target per
   * week or month.
   */
  completedDates: LocalDate[];
  streakCount: number;
  bestStreak: number;
  completionRate: number;
  lastCompletedDate: LocalDate | null;
  completedToday: boolean;
  kindToday: KindToday;
};

/**
 * The view's figures of a habit that counts by kind (core/kind-habit.ts: countsByKind), at `today` for the user's
 * vacations and week start; null for a yes/no habit under one rule, every day or on weekdays, whose figures stay
 * core/habit's.
 */
export function kindView(
  habit: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
): KindView | null {
  if (!countsByKind(habit)) return null;
  const { now, metDays } = todayOf(
    habit,
    kindDaysOf(habit, vacations, weekStart),
    today,
    habit.kind !== "yesNo",
  );
  return {
    completedDates: metDays ? metDates(metDays) : habit.completedDates,
    ...kindHabitFigures(habit, now.figures),
    kindToday: now,
  };
}

const NO_DAYS = new Int32Array(0);
// The vacations as day ranges, read once per list of vacations rather than once per habit.
const rangesOf = new WeakMap<readonly Vacation[], Int32Array>();
function vacationRanges(vacations: readonly Vacation[]): Int32Array {
  let ranges = rangesOf.get(vacations);
  if (!ranges) rangesOf.set(vacations, (ranges = vacationDayRanges(vacations)));
  return ranges;
}

/** The habit's days as core/kind-figures.ts reads them: its numbers, or a yes/no habit's done days. */
export function kindDaysOf(
  habit: ReplicaHabit,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
): KindDays {
  const numbers = habit.kind !== "yesNo";
  return {
    kind: habit.kind,
    rules: habit.rules,
    days: numbers ? (habit.dayValues?.days ?? NO_DAYS) : (habit.dayNumbers?.done ?? NO_DAYS),
    values: numbers ? habit.dayValues?.items : undefined,
    skipped: habit.dayNumbers?.skipped,
    vacations: vacationRanges(vacations),
    weekStart,
  };
}

// Each day's date, made once: the days shown done are most of a habit's days (a quit habit's clean days), and making
// their strings again for every habit on every change cost more than the figures (docs/decisions/0065). A packed
// list from the first day asked for on: days are from 2000 on, a few thousand.
let firstDate = 0;
let dateList: LocalDate[] = [];
/** The list holds the dates from `from` to `to`. */
function holdDates(from: number, to: number) {
  if (dateList.length === 0 || from < firstDate) {
    const before: LocalDate[] = [];
    const end = dateList.length === 0 ? to + 1 : firstDate;
    for (let day = from; day < end; day++) before.push(fromDayNumber(day));
    dateList = dateList.length === 0 ? before : before.concat(dateList);
    firstDate = from;
  }
  for (let day = firstDate + dateList.length; day <= to; day++) dateList.push(fromDayNumber(day));
}

/** The days of a habit that counts a number that show done (KindView's completedDates), as dates, ascending. */
function metDates(days: Int32Array): LocalDate[] {
  const met: LocalDate[] = new Array<LocalDate>(days.length);
  if (days.length === 0) return met;
  holdDates(days[0]!, days[days.length - 1]!);
  for (let i = 0; i < days.length; i++) met[i] = dateList[days[i]! - firstDate]!;
  return met;
}

/** The habit's figures and today at `today`, for the user's vacations and week start. */
export function kindToday(
  habit: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
): KindToday {
  return todayOf(habit, kindDaysOf(habit, vacations, weekStart), today, false).now;
}

/** The habit's today and figures, and with `withMetDays` its days shown done (a habit that counts a number). */
function todayOf(
  habit: ReplicaHabit,
  days: KindDays,
  today: LocalDate,
  withMetDays: boolean,
): { now: KindToday; metDays: Int32Array | null } {
  const t = toDayNumber(today);
  const numbers = habit.kind !== "yesNo";
  const { figures, metDays } = withMetDays
    ? kindFiguresWithMetDays(days, t)
    : { figures: kindFigures(days, t), metDays: null };
  const rule = habit.rules[ruleIndexOn(habit.rules, today)];
  const frequency = rule?.frequency ?? null;
  const now: KindToday = {
    kind: habit.kind,
    amount: numbers ? (entryAt(habit.dayValues, t) ?? null) : null,
    step: habit.step,
    unit: rule?.target?.unit ?? "",
    progress: figures.progress,
    timesPer: frequency !== null && "times" in frequency ? frequency.per : null,
    met: figures.status === MET,
    figures,
  };
  return { now, metDays };
}
