// Budget check (GUIDE §8): streaks and stats for 50 habits with 10 years of history. Prints the figures of the
// implementation before issue 10 (copied below as the reference) and of today's, measured in the same run, for
// daily habits without skips (the same work) and for habits with skips, weekday schedules and vacations.
import { deriveHabit, type Habit, type StoredHabit } from "../src/core/habit";
import { addDays, daysBetween, type LocalDate, toDayNumber } from "../src/core/local-date";
import type { Weekday } from "../src/core/schedule";
import { averageStreak, longestStreak, sortHabits, todayProgress } from "../src/core/stats";
import { lastCompletedDate, normalizeDates } from "../src/core/streaks";
import type { Vacation } from "../src/core/vacation";

const TODAY: LocalDate = "2026-11-21";
const HABITS = 50;
const DAYS = 3653;
const RUNS = 20;

// A fixed-seed generator so every run measures the same data.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;

function habits(withRules: boolean): StoredHabit[] {
  return Array.from({ length: HABITS }, (_, h) => {
    const completedDates: LocalDate[] = [];
    const skippedDates: LocalDate[] = [];
    for (let d = DAYS - 1; d >= 0; d--) {
      const r = random();
      if (r < 0.85) completedDates.push(addDays(TODAY, -d));
      else if (withRules && r < 0.9) skippedDates.push(addDays(TODAY, -d));
    }
    const weekdays: Weekday[] =
      h % 3 === 0 ? [1, 3, 5] : h % 3 === 1 ? [1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6];
    return {
      id: `h${h}`,
      name: `Habit ${h}`,
      completedDates,
      ...(withRules ? { skippedDates, schedule: { weekdays } } : {}),
      createdAt: "2016-11-21T00:00:00.000Z",
      updatedAt: "2026-11-21T00:00:00.000Z",
    };
  });
}

// A fortnight away every year.
const vacations: Vacation[] = Array.from({ length: 10 }, (_, y) => ({
  from: addDays(TODAY, -365 * y - 200),
  to: addDays(TODAY, -365 * y - 187),
}));

function referenceDerive(stored: StoredHabit, today: LocalDate): Habit {
  const completedDates = normalizeDates(stored.completedDates);
  return {
    ...stored,
    completedDates,
    streakCount: referenceCurrentStreak(completedDates, today),
    bestStreak: referenceBestStreak(completedDates),
    lastCompletedDate: lastCompletedDate(completedDates),
    completedToday: completedDates.includes(today),
    completionRate: referenceCompletionRate(completedDates, today),
  };
}

function referenceCurrentStreak(dates: readonly LocalDate[], today: LocalDate): number {
  const sorted = normalizeDates(dates);
  const todayNumber = toDayNumber(today);
  let i = sorted.length - 1;
  while (i >= 0 && (sorted[i] as LocalDate) > today) i--;
  if (i < 0) return 0;
  let expected = toDayNumber(sorted[i] as LocalDate);
  if (todayNumber - expected > 1) return 0;
  let streak = 0;
  for (; i >= 0 && toDayNumber(sorted[i] as LocalDate) === expected; i--) {
    streak++;
    expected--;
  }
  return streak;
}

function referenceBestStreak(dates: readonly LocalDate[]): number {
  const sorted = normalizeDates(dates);
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const date of sorted) {
    const day = toDayNumber(date);
    run = day - previous === 1 ? run + 1 : 1;
    if (run > best) best = run;
    previous = day;
  }
  return best;
}

function referenceCompletionRate(dates: readonly LocalDate[], today: LocalDate): number {
  const sorted = normalizeDates(dates);
  let done = sorted.length;
  while (done > 0 && (sorted[done - 1] as LocalDate) > today) done--;
  const first = sorted[0];
  if (done === 0 || first === undefined) return 0;
  const days = Math.max(1, daysBetween(first, today) + 1);
  return Math.min(100, Math.round((done / days) * 100));
}

type Derive = (stored: StoredHabit) => Habit;

function once(stored: readonly StoredHabit[], derive: Derive): number {
  const start = performance.now();
  const derived = stored.map(derive);
  const summary = [todayProgress(derived), averageStreak(derived), longestStreak(derived)];
  for (const by of ["streak", "completion", "az"] as const) sortHabits(derived, by);
  const elapsed = performance.now() - start;
  if (summary.length !== 3) throw new Error("unreachable");
  return elapsed;
}

const cases: [string, StoredHabit[], Derive][] = [];
const daily = habits(false);
const withRules = habits(true);
cases.push(["reference (before issue 10), daily", daily, (h) => referenceDerive(h, TODAY)]);
cases.push(["today's deriveHabit, daily, no skips", daily, (h) => deriveHabit(h, TODAY)]);
cases.push([
  "today's deriveHabit, skips + schedules + vacations",
  withRules,
  (h) => deriveHabit(h, TODAY, vacations),
]);

// The figures must agree where they should before any time means anything.
for (const habit of daily) {
  const [a, b] = [referenceDerive(habit, TODAY), deriveHabit(habit, TODAY)];
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`Figures differ for ${habit.id}`);
}

// Interleaved rounds, so that other load on the machine falls on every case alike.
const times = cases.map(() => [] as number[]);
for (let round = 0; round < RUNS + 3; round++)
  cases.forEach(([, stored, derive], i) => {
    const elapsed = once(stored, derive);
    if (round >= 3) times[i]!.push(elapsed); // the first rounds warm up the JIT
  });

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return ((sorted[RUNS / 2 - 1] ?? 0) + (sorted[RUNS / 2] ?? 0)) / 2;
};
const total = daily.reduce((n, habit) => n + habit.completedDates.length, 0);
console.log(`core bench: ${HABITS} habits x ${DAYS} days, ${total} completions, ${RUNS} interleaved runs`);
const reference = median(times[0]!);
cases.forEach(([label], i) => {
  const m = median(times[i]!);
  const ratio = (m / reference).toFixed(2);
  console.log(
    `${label}: median ${m.toFixed(2)} ms, min ${Math.min(...times[i]!).toFixed(2)} ms, ${ratio}x reference`,
  );
});
