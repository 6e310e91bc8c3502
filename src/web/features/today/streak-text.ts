import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages/first-screen";
import { formatDate } from "../../lib/format-locale";

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

/** "Saturday, November 21" for a calendar day, in the shown language's way, whatever the browser's zone. */
export const formatDay = (date: LocalDate): string =>
  formatDate(date, { weekday: "long", day: "numeric", month: "long" });
