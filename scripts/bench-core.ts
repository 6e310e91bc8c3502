// Budget check (GUIDE §8): streaks and stats for 50 habits with 10 years of history in well under 50 ms.
import { deriveHabit, type StoredHabit } from "../src/core/habit";
import { addDays, type LocalDate } from "../src/core/local-date";
import { averageStreak, longestStreak, sortHabits, todayProgress } from "../src/core/stats";

const TODAY: LocalDate = "2026-11-21";
const HABITS = 50;
const DAYS = 3653;
const RUNS = 20;

// A fixed-seed generator so every run measures the same data.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;

const stored: StoredHabit[] = Array.from({ length: HABITS }, (_, h) => {
  const completedDates: LocalDate[] = [];
  for (let d = DAYS - 1; d >= 0; d--) if (random() < 0.85) completedDates.push(addDays(TODAY, -d));
  return {
    id: `h${h}`,
    name: `Habit ${h}`,
    completedDates,
    createdAt: "2016-11-21T00:00:00.000Z",
    updatedAt: "2026-11-21T00:00:00.000Z",
  };
});

function once(): number {
  const start = performance.now();
  const habits = stored.map((habit) => deriveHabit(habit, TODAY));
  const summary = [todayProgress(habits), averageStreak(habits), longestStreak(habits)];
  for (const by of ["streak", "completion", "az"] as const) sortHabits(habits, by);
  const elapsed = performance.now() - start;
  if (summary.length !== 3) throw new Error("unreachable");
  return elapsed;
}

for (let i = 0; i < 3; i++) once(); // warm up the JIT so the figure reflects steady state
const times = Array.from({ length: RUNS }, once).sort((a, b) => a - b);
const median = ((times[RUNS / 2 - 1] ?? 0) + (times[RUNS / 2] ?? 0)) / 2;
const total = stored.reduce((n, habit) => n + habit.completedDates.length, 0);
console.log(`core bench: ${HABITS} habits, ${total} completions, ${RUNS} runs`);
console.log(
  `median ${median.toFixed(2)} ms (min ${times[0]?.toFixed(2)} ms, max ${times.at(-1)?.toFixed(2)} ms)`,
);
