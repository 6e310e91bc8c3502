import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages/first-screen";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The streak line of a row on Today: the current streak, or 'Start your streak today'. */
export function streakLine(habit: Pick<Habit, "streakCount" | "bestStreak">): string {
  if (habit.streakCount === 0) {
    return habit.bestStreak > 1
      ? `${messages.today.startStreak} · best ${days(habit.bestStreak)}`
      : messages.today.startStreak;
  }
  const best = habit.bestStreak > habit.streakCount ? ` · best ${days(habit.bestStreak)}` : "";
  return `${habit.streakCount}-day streak${best}`;
}

// One formatter per locale asked for: Today's heading formats its date on every render (each tick), and making a
// formatter costs far more than formatting with it.
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/** "Saturday, 21 November" for a calendar day, whatever the browser's zone. */
export function formatDay(date: LocalDate, locale?: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const utc = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    });
    dayFormats.set(locale, format);
  }
  return format.format(utc);
}
