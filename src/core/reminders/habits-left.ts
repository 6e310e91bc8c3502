// Which habits a reminder names: those due on the user's day and not yet done. A skipped day, a day of
// a vacation and a day the habit's schedule does not include are not left; archived habits are never due.
import type { LocalDate } from "../local-date";
import { messages } from "../messages";
import { isDue, type Schedule } from "../schedule";
import { isOnVacation, type Vacation } from "../vacation";
import type { ReminderPush, ReminderPushHabit, TestPush } from "./push-payload";

/** What a reminder needs of a habit; the stored habit has these fields. */
export type ReminderHabit = {
  id: string;
  name: string;
  completedDates: readonly LocalDate[];
  skippedDates?: readonly LocalDate[];
  schedule?: Schedule | null;
  archived?: boolean;
};

/**
 * The habits left on `day`, in the order given (the user's order on Today). `habitId`: a habit's own reminder,
 * which names that habit alone when it is left; null: a daily reminder, which names every habit left.
 */
export function habitsLeft(
  habits: readonly ReminderHabit[],
  day: LocalDate,
  vacations: readonly Vacation[],
  habitId: string | null = null,
): ReminderPushHabit[] {
  if (isOnVacation(vacations, day)) return [];
  const left: ReminderPushHabit[] = [];
  for (const habit of habits) {
    if (habitId !== null && habit.id !== habitId) continue;
    if (habit.archived) continue;
    if (!isDue(habit.schedule, day)) continue;
    if (habit.completedDates.includes(day) || habit.skippedDates?.includes(day)) continue;
    left.push({ id: habit.id, name: habit.name });
  }
  return left;
}

/** The notification text of a reminder: "1 habit left today: Read", "3 habits left today: Read, Stretch, …". */
export const reminderText = (habits: readonly ReminderPushHabit[]): string =>
  messages.reminderDelivery.leftToday(habits.map((habit) => habit.name));

/** The push of reminder `reminderId` about `day`, or null when nothing is left (nothing is sent then). */
export function reminderPush(
  reminderId: string,
  day: LocalDate,
  habits: readonly ReminderPushHabit[],
): ReminderPush | null {
  if (habits.length === 0) return null;
  return {
    type: "reminder",
    title: messages.reminderDelivery.title,
    body: reminderText(habits),
    date: day,
    habits: habits.map(({ id, name }) => ({ id, name })),
    tag: `reminder-${day}-${reminderId}`,
  };
}

export const testPush = (): TestPush => ({
  type: "test",
  title: messages.reminderDelivery.title,
  body: messages.reminderDelivery.testBody,
});
