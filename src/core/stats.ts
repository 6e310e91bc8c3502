// Figures of the Stats screen and its trend arrow (docs/product.md, "Streaks"), derived from habits already computed
// for today.
import type { Habit } from "./habit";

export type Trend = "up" | "down" | "neutral";

export function trend(streak: number, completedToday: boolean): Trend {
  if (streak === 0) return "down";
  return completedToday ? "up" : "neutral";
}

export function todayProgress(habits: readonly Habit[]): { done: number; total: number; percent: number } {
  const total = habits.length;
  const done = habits.filter((habit) => habit.completedToday).length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** Mean current streak, to one decimal. */
export function averageStreak(habits: readonly Habit[]): number {
  if (habits.length === 0) return 0;
  const sum = habits.reduce((total, habit) => total + habit.streakCount, 0);
  return Math.round((sum / habits.length) * 10) / 10;
}

/** The habit with the highest current streak; the first one wins a tie. */
export function longestStreak(habits: readonly Habit[]): { name: string; streak: number } | null {
  let best: Habit | null = null;
  for (const habit of habits) if (best === null || habit.streakCount > best.streakCount) best = habit;
  return best === null ? null : { name: best.name, streak: best.streakCount };
}

export type StatsSort = "streak" | "completion" | "az";

// a.name.localeCompare(b.name, undefined, { sensitivity: "accent" }) makes a collator on every call, which
// dominates a sort; one made on first use compares the same way.
let names: Intl.Collator | undefined;

function compareNames(a: Habit, b: Habit): number {
  names ??= new Intl.Collator(undefined, { sensitivity: "accent" });
  return names.compare(a.name, b.name);
}

const comparators: Record<StatsSort, (a: Habit, b: Habit) => number> = {
  streak: (a, b) => b.streakCount - a.streakCount || compareNames(a, b),
  completion: (a, b) => b.completionRate - a.completionRate || compareNames(a, b),
  az: compareNames,
};

/** A new, sorted array; equal habits keep their order. */
export function sortHabits<H extends Habit>(habits: readonly H[], by: StatsSort): H[] {
  return [...habits].sort(comparators[by]);
}
