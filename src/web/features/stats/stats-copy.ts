// Labels of the Stats screen that the product does not fix; its fixed texts come from src/core/messages.
import type { TargetPer } from "../../../core/habit-kind";
import type { Trend } from "../../../core/stats";

export const statsCopy = {
  title: "Stats",
  subtitle: "How your habits are going",
  todayProgress: "Today's progress",
  progressOf: (done: number, total: number) => `${done} of ${total}`,
  progressLabel: "Habits completed today",
  averageStreak: "Average streak",
  averageHint: "Across all habits",
  longestStreak: "Longest streak",
  dayUnit: (n: number) => (n === 1 ? "day" : "days"),
  /** A streak's unit: what a habit counted by week or month (kind-view.ts) counts in. */
  streakUnit: (n: number, per: TargetPer) => (n === 1 ? per : `${per}s`),
  detailTitle: "Habit details",
  sortBy: "Sort by",
  streak: "Streak",
  completionRate: "Completion rate",
  totalCompletions: "Total completions",
  lastCompleted: "Last completed",
  bestStreak: "Best streak",
  emptyHint: "Add a habit on the Today screen to see your stats here.",
  goToday: "Go to Today",
  loading: "Loading stats…",
  retry: "Try again",
  trend: { up: "Trending up", down: "Trending down", neutral: "Holding steady" } satisfies Record<
    Trend,
    string
  >,
} as const;
