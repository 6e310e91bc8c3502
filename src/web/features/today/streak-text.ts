import type { Habit } from "../../../core/habit";
import { messages } from "../../../core/messages/first-screen";
import { todayRows } from "../../../core/messages/today-rows";

/** The streak line of a row on Today: the current streak, or 'Start your streak today'. */
export function streakLine(habit: Pick<Habit, "streakCount" | "bestStreak">): string {
  return todayRows.todayRow.streak(habit.streakCount, habit.bestStreak, "day", messages.today.startStreak);
}
