// The pure rules of the reminder controls: which reminders are the user's daily times, which is a
// habit's own, and the time a new daily reminder starts at.
import type { Reminder } from "../../../core/contract-schema";
import { REMINDER_TIMES_MAX } from "../../../core/reminders/limits";

export const DEFAULT_REMINDER_TIME = "20:00";

/** The daily times (no habit), earliest first. */
export const dailyReminders = (reminders: readonly Reminder[]): Reminder[] =>
  reminders
    .filter((r) => r.habitId === null)
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));

/** The habit's own reminder, if it has one. */
export const habitReminder = (reminders: readonly Reminder[], habitId: string): Reminder | null =>
  reminders.find((r) => r.habitId === habitId) ?? null;

export const canAddDaily = (reminders: readonly Reminder[]) =>
  dailyReminders(reminders).length < REMINDER_TIMES_MAX;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The time "Add a reminder time" proposes: 20:00 when free, else the next whole hour after the latest daily
 * time not taken yet (wrapping past midnight). The user changes it in its input at once.
 */
export function nextReminderTime(reminders: readonly Reminder[]): string {
  const taken = new Set(dailyReminders(reminders).map((r) => r.time));
  if (!taken.has(DEFAULT_REMINDER_TIME)) return DEFAULT_REMINDER_TIME;
  const latest = [...taken].sort().at(-1) ?? DEFAULT_REMINDER_TIME;
  const hour = Number(latest.slice(0, 2));
  for (let step = 1; step <= 24; step += 1) {
    const candidate = `${pad((hour + step) % 24)}:00`;
    if (!taken.has(candidate)) return candidate;
  }
  return DEFAULT_REMINDER_TIME;
}

/** An input's value as the API takes it ("HH:MM"); null while incomplete. Browsers may give seconds ("HH:MM:SS"). */
export function inputTime(value: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/.exec(value);
  return match ? `${match[1]}:${match[2]}` : null;
}
