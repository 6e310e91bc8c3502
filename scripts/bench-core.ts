// Budget check (docs/performance.md, "Core"): streaks, best streaks, completion rates and the Stats summary for
// 50 habits with 10 years of history, at most 3 ms. What is timed is what the app does per store change: the web
// store holds each habit's days as day numbers beside the date strings, read once when a day arrives
// (sync/replica-state.ts; docs/decisions/0061), and a tick changes one number of one habit (core withDay); every
// habit is derived from its numbers (deriveFromDays, as lib/habits/use-habits.ts deriveView does), then the Stats
// figures and the three sorts. The server, which reads new strings from the database per request, derives from the
// strings (deriveHabit: read each date, then the same figures): the "first derivation" cases.
//
// Cases, interleaved round by round so that other load on the machine falls on every case alike:
// - the implementation before skips, schedules and vacations (copied below) as the reference, daily habits;
// - first derivation: habits never derived before in this process, daily, then with skips, weekday schedules and
//   vacations;
// - per store change, with skips, schedules and vacations: one habit's today is ticked or unticked (as on Today),
//   its day numbers changed by that day, and every habit derived again from the day numbers the store holds. Core
//   keeps nothing between calls, so this is the work of all 50 habits' figures, the budget. (The web app derives
//   again only the rows that changed: web/lib/habits/use-habits.ts.)
// - the same change derived from new arrays of the same strings (deriveHabit), as before the store held day
//   numbers: for information.
// Each figure is the CPU time of this process over the timed call (process.cpuUsage), which time slices given to
// other processes on this shared machine do not inflate; the wall-clock minimum and median are printed beside it.
// The budget line gives the median CPU time per store change, and the exit code is 1 when it is over 3 ms.
// --before <dir> adds, interleaved in the same rounds, the first derivations of another checkout's src/core (for
// instance `git archive <commit> src/core | tar -x -C <dir>`), with its own Stats functions: before and after in
// one run.
// Usage: npx tsx scripts/bench-core.ts [--rounds 60] [--before <dir>]
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { deriveFromDays, deriveHabit, type Habit, type StoredHabit } from "../src/core/habit";
import { sortedDayNumbers, withDay } from "../src/core/habit-days";
import { addDays, type LocalDate, toDayNumber } from "../src/core/local-date";
import { scheduleMask, type Weekday } from "../src/core/schedule";
import * as stats from "../src/core/stats";
import { lastCompletedDate, normalizeDates } from "../src/core/streaks";
import { type Vacation, vacationDayRanges } from "../src/core/vacation";

const BUDGET_MS = 3;
const startLoad = loadavg()[0]!.toFixed(1);
const TODAY: LocalDate = "2026-11-21";
const HABITS = 50;
const DAYS = 3653;
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const ROUNDS = Number(option("--rounds") ?? 60);
const BEFORE = option("--before");
const WARMUP = 5; // rounds not counted: the JIT settles

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

// The date parsing of that implementation too (src/core/local-date.ts as it was then), so that the
// reference stays what it was while local-date.ts changes.
function referenceDigitAt(value: string, index: number): number {
  const digit = value.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : Number.NaN;
}

function referenceDayNumber(value: LocalDate): number {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45)
    throw new RangeError(value);
  const year =
    referenceDigitAt(value, 0) * 1000 +
    referenceDigitAt(value, 1) * 100 +
    referenceDigitAt(value, 2) * 10 +
    referenceDigitAt(value, 3);
  const month = referenceDigitAt(value, 5) * 10 + referenceDigitAt(value, 6);
  const day = referenceDigitAt(value, 8) * 10 + referenceDigitAt(value, 9);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (!(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= monthDays))
    throw new RangeError(value);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

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
  const todayNumber = referenceDayNumber(today);
  let i = sorted.length - 1;
  while (i >= 0 && (sorted[i] as LocalDate) > today) i--;
  if (i < 0) return 0;
  let expected = referenceDayNumber(sorted[i] as LocalDate);
  if (todayNumber - expected > 1) return 0;
  let streak = 0;
  for (; i >= 0 && referenceDayNumber(sorted[i] as LocalDate) === expected; i--) {
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
    const day = referenceDayNumber(date);
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
  const days = Math.max(1, referenceDayNumber(today) - referenceDayNumber(first) + 1);
  return Math.min(100, Math.round((done / days) * 100));
}

type Derive = (stored: StoredHabit) => Habit;
type Timing = { cpu: number; wall: number };

let sink = 0; // keeps the results alive, so that no work can be optimised away

type Stats = Pick<typeof stats, "todayProgress" | "averageStreak" | "longestStreak" | "sortHabits">;

/** One change's work: every habit derived, then the Stats screen's figures and sorts. */
function timed(stored: readonly StoredHabit[], derive: Derive, use: Stats = stats): Timing {
  return timedRun(() => stored.map(derive), use);
}

/** `run`'s work (the change, every habit derived), then the Stats screen's figures and sorts. */
function timedRun(run: () => Habit[], use: Stats = stats): Timing {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const derived = run();
  const progress = use.todayProgress(derived);
  const average = use.averageStreak(derived);
  const longest = use.longestStreak(derived);
  for (const by of ["streak", "completion", "az"] as const) sink += use.sortHabits(derived, by).length;
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  sink += progress.done + average + (longest?.streak ?? 0);
  return { cpu: (cpu.user + cpu.system) / 1000, wall };
}

/** New arrays holding the same date strings, as the web store gives them on every change. */
const newArrays = (list: readonly StoredHabit[], id: (h: StoredHabit) => string = (h) => h.id) =>
  list.map((h) => ({
    ...h,
    id: id(h),
    completedDates: h.completedDates.slice(),
    ...(h.skippedDates ? { skippedDates: h.skippedDates.slice() } : {}),
  }));

/** Today ticked, or unticked when it was done: a new array for that habit, the same arrays for the others. */
function tickToday(list: readonly StoredHabit[], index: number): StoredHabit[] {
  return list.map((h, i) => {
    if (i !== index) return h;
    const done = h.completedDates;
    const completedDates = done.at(-1) === TODAY ? done.slice(0, -1) : [...done, addDays(TODAY, 0)]; // a new string, as a tap makes
    return { ...h, completedDates };
  });
}

const figures = (list: readonly Habit[]) =>
  list.map((h) => [h.streakCount, h.bestStreak, h.completionRate, h.completedToday, h.lastCompletedDate]);

function check(label: string, actual: readonly Habit[], expected: readonly Habit[]) {
  if (JSON.stringify(figures(actual)) !== JSON.stringify(figures(expected)))
    throw new Error(`Figures differ: ${label}`);
}

const daily = habits(false);
const withRules = habits(true);
const derive: Derive = (h) => deriveHabit(h, TODAY);
const deriveWithRules: Derive = (h) => deriveHabit(h, TODAY, vacations);

// The figures must agree where they should before any time means anything.
for (const habit of daily) {
  const [a, b] = [referenceDerive(habit, TODAY), deriveHabit(habit, TODAY)];
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`Figures differ for ${habit.id}`);
}

type Case = { label: string; run: (round: number) => Timing; cpu: number[]; wall: number[] };
const cases: Case[] = [];
const addCase = (label: string, run: (round: number) => Timing) => {
  const c: Case = { label, run, cpu: [], wall: [] };
  cases.push(c);
  return c;
};

addCase("reference (before skips and schedules), daily", () =>
  timed(newArrays(daily), (h) => referenceDerive(h, TODAY)),
);
// Ids never seen before: nothing derived earlier in this process can be reused.
addCase("first derivation, daily, no skips", (round) =>
  timed(
    newArrays(daily, (h) => `${h.id}-daily-${round}`),
    derive,
  ),
);
addCase("first derivation, skips + schedules + vacations", (round) =>
  timed(
    newArrays(withRules, (h) => `${h.id}-rules-${round}`),
    deriveWithRules,
  ),
);
if (BEFORE) {
  const at = (file: string) => pathToFileURL(resolve(BEFORE, "src/core", file)).href;
  const before = (await import(at("habit.ts"))) as typeof import("../src/core/habit");
  const beforeStats = (await import(at("stats.ts"))) as Stats;
  const beforeDerive: Derive = (h) => before.deriveHabit(h, TODAY);
  const beforeWithRules: Derive = (h) => before.deriveHabit(h, TODAY, vacations);
  check(`before (${BEFORE}), daily`, daily.map(beforeDerive), daily.map(derive));
  check(`before (${BEFORE}), with rules`, withRules.map(beforeWithRules), withRules.map(deriveWithRules));
  addCase(`before (${BEFORE}): daily, no skips`, (round) =>
    timed(
      newArrays(daily, (h) => `${h.id}-before-daily-${round}`),
      beforeDerive,
      beforeStats,
    ),
  );
  addCase(`before (${BEFORE}): skips + schedules + vacations`, (round) =>
    timed(
      newArrays(withRules, (h) => `${h.id}-before-rules-${round}`),
      beforeWithRules,
      beforeStats,
    ),
  );
}
// The habits as the web store holds them: the dates and their day numbers (replica-state.ts storedHabits).
type Held = { habit: StoredHabit; done: Int32Array; skipped: Int32Array };
let held: Held[] = newArrays(withRules).map((habit) => ({
  habit,
  done: sortedDayNumbers(habit.completedDates),
  skipped: sortedDayNumbers(habit.skippedDates),
}));
/** One habit's view from its day numbers, as use-habits.ts deriveView makes it. */
const deriveHeld = ({ habit, done, skipped }: Held) =>
  deriveFromDays(
    habit,
    { done, skipped, vacations: vacationDayRanges(vacations), mask: scheduleMask(habit.schedule) },
    toDayNumber(TODAY),
  );
const perChange = addCase("per store change, skips + schedules + vacations, from day numbers", (round) => {
  const index = round % HABITS;
  let next: Held[] = [];
  const timing = timedRun(() => {
    // One tap on the state of the round before: that habit's dates and day numbers change by one day.
    next = held.map((h, i) => {
      if (i !== index) return h;
      const [habit] = tickToday([h.habit], 0);
      const done = withDay(h.done, toDayNumber(TODAY), h.habit.completedDates.at(-1) !== TODAY);
      return { habit: habit!, done, skipped: h.skipped };
    });
    return next.map(deriveHeld);
  });
  if (round < WARMUP) {
    const habits = next.map((h) => h.habit);
    check("per store change from day numbers", next.map(deriveHeld), habits.map(deriveWithRules));
  }
  held = next;
  return timing;
});
let state = newArrays(withRules);
addCase("per store change, skips + schedules + vacations, from strings (for information)", (round) => {
  // One tap on the state of the round before.
  const next = newArrays(tickToday(state, round % HABITS));
  const timing = timed(next, deriveWithRules);
  if (round < WARMUP)
    check(
      "per store change",
      next.map(deriveWithRules),
      newArrays(next, (h) => `${h.id}-check-${round}`).map(deriveWithRules),
    );
  state = next;
  return timing;
});

const measure = (list: readonly Case[]) => {
  for (let round = 0; round < ROUNDS + WARMUP; round++)
    for (const c of list) {
      const { cpu, wall } = c.run(round);
      if (round >= WARMUP) {
        c.cpu.push(cpu);
        c.wall.push(wall);
      }
    }
};
measure(cases);

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const median = (list: number[]) => {
  const s = sorted(list);
  return ((s[(s.length - 1) >> 1] ?? 0) + (s[s.length >> 1] ?? 0)) / 2;
};
const ms = (n: number) => n.toFixed(2);

const done = daily.reduce((n, habit) => n + habit.completedDates.length, 0);
const skipped = withRules.reduce((n, habit) => n + (habit.skippedDates?.length ?? 0), 0);
console.log(
  `core bench: ${HABITS} habits x ${DAYS} days, ${done} done days (with rules: ${skipped} skipped days too), ` +
    `${ROUNDS} interleaved rounds; ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ` +
    `load average ${startLoad} at the start, ${loadavg()[0]!.toFixed(1)} at the end; Node ${process.version}`,
);
const reference = median(cases[0]!.cpu);
for (const c of cases) {
  const m = median(c.cpu);
  console.log(
    `${c.label}: median ${ms(m)} ms CPU, ${(m / reference).toFixed(2)}x reference ` +
      `(wall: min ${ms(Math.min(...c.wall))} ms, median ${ms(median(c.wall))} ms)`,
  );
}
const figure = median(perChange.cpu);
const ok = figure <= BUDGET_MS;
console.log(
  `streaks+stats 50×10y: ${ms(figure)} ms (budget ${BUDGET_MS} ms) ${ok ? "OK" : "OVER"}` +
    ` (median CPU time per store change, with skips, schedules and vacations)`,
);
if (sink === 0) console.log(""); // never: the results were used
process.exitCode = ok ? 0 : 1;
