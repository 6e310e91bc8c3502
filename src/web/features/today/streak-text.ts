import type { Habit } from "../../../core/habit";
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
