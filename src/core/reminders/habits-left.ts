// Which habits a reminder names: those due on the user's day and not yet done, with what is left of a measured or
// "N times" habit (docs/product.md, "Reminders"; "Kinds of habit"). A skipped day, a day of a vacation and a day the
// habit's rule does not make due are not left; archived habits are never due; a habit to stay under ("at most", and
// every quit habit) is never a reminder's subject: there is nothing left to do for it.
import { type HabitKind, type HabitRule, type TargetPer, type WeekStart, ruleIndexOn } from "../habit-kind";
import type { StoredHabit } from "../habit";
import { nextPeriodStart, periodStart, unitOf } from "../kind-figures";
import { fromDayNumber, type LocalDate, toDayNumber } from "../local-date";
import { messages } from "../messages";
import { isDue } from "../schedule";
import { isOnVacation, type Vacation } from "../vacation";
import type { ReminderPush, ReminderPushHabit, TestPush } from "./push-payload";

/**
 * What a reminder needs of a habit, as the stored habit has it. Of its days, those of the day's calendar week and
 * month are enough (reminders.repo.ts reads no more).
 */
export type ReminderHabit = Pick<StoredHabit, "id" | "name" | "schedule" | "archived" | "kind" | "rules"> & {
  completedDates: readonly LocalDate[];
  skippedDates?: readonly LocalDate[] | undefined;
  values?: readonly (readonly [LocalDate, number])[] | undefined;
};

/** What is left of a habit's day, week or month: `done` of `of` (in `unit`; "" for days done). */
export type LeftProgress = { done: number; of: number; unit: string; per: TargetPer };

/** A habit a reminder names; `progress` for a measured or "N times" habit. */
export type LeftHabit = { id: string; name: string; kind?: HabitKind; progress?: LeftProgress };

/** A habit's rules; one rule of its schedule, over every day, for a habit stored before it had rules. */
const rulesOf = (habit: ReminderHabit): readonly HabitRule[] =>
  habit.rules && habit.rules.length > 0
    ? habit.rules
    : [{ from: "2000-01-01", frequency: habit.schedule ?? null, target: null }];

const round = (amount: number) => Math.round(amount * 1000) / 1000;

/**
 * What is left of `habit` on `day`, or null when nothing is: `{}` for a yes/no day, else its progress. Counted as
 * the habit's figures count (kind-figures.ts): a day meets a target of N when its number is at least N and above 0;
 * each skipped or vacation day of the period lowers an "N times" period's need by one.
 */
function leftOf(
  habit: ReminderHabit,
  day: LocalDate,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
): { progress?: LeftProgress } | null {
  const rules = rulesOf(habit);
  const rule = rules[ruleIndexOn(rules, day)]!;
  const { frequency, target } = rule;
  if (habit.kind === "quit" || target?.atMost) return null;
  if (habit.skippedDates?.includes(day)) return null;
  if (frequency !== null && "weekdays" in frequency && !isDue(frequency, day)) return null;
  const done = new Set(habit.completedDates);
  const values = new Map(habit.values);
  const hit = (date: LocalDate) => {
    if (!target) return done.has(date);
    const value = values.get(date) ?? 0;
    return value >= target.amount && value > 0;
  };
  if (hit(day)) return null;
  const per = unitOf(rule);
  if (per === "day") {
    if (!target) return {};
    return { progress: { done: values.get(day) ?? 0, of: target.amount, unit: target.unit, per } };
  }
  const today = toDayNumber(day);
  const start = periodStart(today, per, weekStart);
  const end = nextPeriodStart(today, per, weekStart) - 1;
  const skipped = new Set(habit.skippedDates);
  if (frequency !== null && "times" in frequency) {
    let [hits, excused] = [0, 0];
    for (let d = start; d <= end; d++) {
      const date = fromDayNumber(d);
      if (d <= today && hit(date)) hits++;
      else if (skipped.has(date) || isOnVacation(vacations, date)) excused++;
    }
    const need = frequency.times - excused;
    if (hits >= need) return null;
    return { progress: { done: hits, of: need, unit: "", per } };
  }
  // A target per week or month: the period's total so far.
  let total = 0;
  for (let d = start; d <= today; d++) total += values.get(fromDayNumber(d)) ?? 0;
  total = round(total);
  if (total >= target!.amount && total > 0) return null;
  return { progress: { done: total, of: target!.amount, unit: target!.unit, per } };
}

/**
 * The habits left on `day`, in the order given (the user's order on Today). `habitId`: a habit's own reminder,
 * which names that habit alone when it is left; null: a daily reminder, which names every habit left. `weekStart`:
 * the user's first day of the week, for "N times a week".
 */
export function habitsLeft(
  habits: readonly ReminderHabit[],
  day: LocalDate,
  vacations: readonly Vacation[],
  habitId: string | null = null,
  weekStart: WeekStart = 1,
): LeftHabit[] {
  if (isOnVacation(vacations, day)) return [];
  const left: LeftHabit[] = [];
  for (const habit of habits) {
    if (habitId !== null && habit.id !== habitId) continue;
    if (habit.archived) continue;
    const what = leftOf(habit, day, vacations, weekStart);
    if (what === null) continue;
    left.push({
      id: habit.id,
      name: habit.name,
      ...(habit.kind && habit.kind !== "yesNo" && { kind: habit.kind }),
      ...(what.progress && { progress: what.progress }),
    });
  }
  return left;
}

/** The texts of a reminder: the catalogue's, in English or in the account's language (the server passes
 * messagesIn(locale)). */
export type ReminderMessages = Pick<typeof messages, "reminderDelivery" | "reminderSettings">;
type ReminderTexts = ReminderMessages["reminderDelivery"];

/** A habit's line: its name, and what is left of a measured or "N times" habit ("Water: 3 of 8 glasses"). */
export const leftLine = (habit: LeftHabit, texts: ReminderTexts = messages.reminderDelivery): string =>
  habit.progress
    ? texts.progress(
        habit.name,
        habit.progress.done,
        habit.progress.of,
        habit.progress.unit,
        habit.progress.per,
      )
    : habit.name;

/**
 * The notification text of a reminder: "1 habit left today: Read", "3 habits left today: Read, Stretch, …"; with a
 * measured or "N times" habit among them, a line each ("Water: 3 of 8 glasses", "Run: 1 of 3 this week").
 */
export const reminderText = (
  habits: readonly LeftHabit[],
  texts: ReminderTexts = messages.reminderDelivery,
): string =>
  habits.some((habit) => habit.progress)
    ? texts.leftTodayLines(habits.map((habit) => leftLine(habit, texts)))
    : texts.leftToday(habits.map((habit) => habit.name));

/** The push of reminder `reminderId` about `day`, or null when nothing is left (nothing is sent then). */
export function reminderPush(
  reminderId: string,
  day: LocalDate,
  habits: readonly LeftHabit[],
  m: ReminderMessages = messages,
): ReminderPush | null {
  if (habits.length === 0) return null;
  return {
    type: "reminder",
    title: m.reminderDelivery.title,
    body: reminderText(habits, m.reminderDelivery),
    actions: { done: m.reminderSettings.doneAction, open: m.reminderSettings.openAction },
    date: day,
    habits: habits.map(({ id, name, kind }): ReminderPushHabit => ({ id, name, ...(kind && { kind }) })),
    tag: `reminder-${day}-${reminderId}`,
  };
}

export const testPush = (m: ReminderMessages = messages): TestPush => ({
  type: "test",
  title: m.reminderDelivery.title,
  body: m.reminderDelivery.testBody,
});
