// Budget check (docs/performance.md, "Core"): streaks, best streaks, completion rates and the Stats summary for
// 50 habits with 10 years of history, at most 3 ms. The habits mix every kind (docs/product.md, "Kinds of habit"):
// yes/no every day, on weekdays and N times a week, measurable with a target per day, per week and to stay under,
// quit, several of them with rules changed over the years, with numbers, skipped days and vacations, all generated
// from a fixed seed. The habits are held as the web store holds them (web/lib/sync/replica-state.ts: opChanges,
// applyChanges, storedHabits, which keep each habit's days as day numbers).
//
// Cases, interleaved round by round so that other load on the machine falls on every case alike:
// - the implementation before skips, schedules and vacations (copied below) as the reference, daily yes/no habits;
// - first derivation, as the server's answers do from the strings it reads (core/kind-habit.ts deriveAnyHabit):
//   daily yes/no habits, then the mix of kinds;
// - per store change, the budget: one habit's today ticked, raised by its step or unticked, then every habit's
//   figures by src/core from the day numbers (core/kind-figures.ts for a habit that counts by kind, core/habit.ts
//   deriveFromDays for the others) and the Stats figures (decision 0065);
// - the same with the web store's views (web/lib/habits/habit-views.ts deriveAll with a new context, as a new day or
//   a change of the settings makes it), for information; deriveAll keeps the views of the rows that did not change,
//   so a tick alone derives one habit: that is the next case, for information.
// Each figure is the CPU time of this process over the timed call (process.cpuUsage), which time slices given to
// other processes on this shared machine do not inflate; the wall-clock minimum and median are printed beside it.
// The budget line gives the median CPU time per store change by core, and the exit code is 1 when it is over 3 ms.
// --before <dir> adds, interleaved in the same rounds, the first derivation of the daily habits by another
// checkout's src/core (for instance `git archive <commit> src/core | tar -x -C <dir>`), with its own Stats
// functions: before and after in one run.
// Usage: npx tsx scripts/bench-core.ts [--rounds 60] [--before <dir>]
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { toDayRanges } from "../src/core/day-ranges";
import { DEFAULT_DAY_START } from "../src/core/day-start";
import { deriveFromDays, deriveHabit, type Habit, type StoredHabit } from "../src/core/habit";
import type { Frequency, HabitKind, HabitRule, Target, WeekStart } from "../src/core/habit-kind";
import { countsByKind, deriveAnyHabit, kindHabitFigures } from "../src/core/kind-habit";
import { kindFigures } from "../src/core/kind-figures";
import { scheduleMask } from "../src/core/schedule";
import { toDayNumber } from "../src/core/local-date";
import { vacationDayRanges } from "../src/core/vacation";
import { addDays, type LocalDate } from "../src/core/local-date";
import * as stats from "../src/core/stats";
import { lastCompletedDate, normalizeDates } from "../src/core/streaks";
import type { SyncHabit, SyncHabitDays, SyncOp } from "../src/core/sync";
import type { Vacation } from "../src/core/vacation";
import { kindDaysOf, kindView } from "../src/web/lib/habits/kind-view";
import { deriveAll } from "../src/web/lib/habits/habit-views";
import type { HabitView } from "../src/web/lib/habits/use-habits";
import {
  applyChanges,
  emptyReplica,
  opChanges,
  pullChanges,
  type Replica,
  type ReplicaHabit,
  storedHabits,
} from "../src/web/lib/sync/replica-state";

const BUDGET_MS = 3;
const startLoad = loadavg()[0]!.toFixed(1);
const TODAY: LocalDate = "2026-11-21";
const NOW = "2026-11-21T08:00:00.000Z";
const HABITS = 50;
const DAYS = 3653;
const FIRST_DAY = addDays(TODAY, -(DAYS - 1));
const WEEK_START: WeekStart = 1;
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
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Daily yes/no habits, 85 % of days done: the reference's data. */
function dailyHabits(): StoredHabit[] {
  return Array.from({ length: HABITS }, (_, h) => {
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
}

// A fortnight away every year.
const vacations: Vacation[] = Array.from({ length: 10 }, (_, y) => ({
  from: addDays(TODAY, -365 * y - 200),
  to: addDays(TODAY, -365 * y - 187),
}));

const WEEKDAYS: Frequency = { weekdays: [1, 2, 3, 4, 5] };
const target = (atMost: boolean, amount: number, per: Target["per"], unit: string): Target => ({
  atMost,
  amount,
  per,
  unit,
});
/** The kinds of habit the mix cycles through: its kind, and the rules it may change between over the years. */
const KINDS: { name: string; kind: HabitKind; rules: Omit<HabitRule, "from">[]; changes: boolean }[] = [
  { name: "yes/no daily", kind: "yesNo", rules: [{ frequency: null, target: null }], changes: false },
  { name: "yes/no weekdays", kind: "yesNo", rules: [{ frequency: WEEKDAYS, target: null }], changes: false },
  {
    name: "yes/no 3 a week",
    kind: "yesNo",
    rules: [{ frequency: { times: 3, per: "week" }, target: null }],
    changes: false,
  },
  {
    name: "at least N a day (then on weekdays)",
    kind: "measurable",
    rules: [
      { frequency: null, target: target(false, 8, "day", "glasses") },
      { frequency: WEEKDAYS, target: target(false, 6, "day", "glasses") },
    ],
    changes: true,
  },
  {
    name: "at least N a week or a month",
    kind: "measurable",
    rules: [
      { frequency: null, target: target(false, 20, "week", "km") },
      { frequency: null, target: target(false, 80, "month", "km") },
    ],
    changes: true,
  },
  {
    name: "at most N a day",
    kind: "measurable",
    rules: [
      { frequency: null, target: target(true, 2, "day", "cups") },
      { frequency: WEEKDAYS, target: target(true, 1, "day", "cups") },
    ],
    changes: true,
  },
  {
    name: "quit",
    kind: "quit",
    rules: [{ frequency: null, target: target(true, 0, "day", "times") }],
    changes: false,
  },
  {
    name: "yes/no daily, weekdays, N a week or a month",
    kind: "yesNo",
    rules: [
      { frequency: null, target: null },
      { frequency: WEEKDAYS, target: null },
      { frequency: { times: 4, per: "week" }, target: null },
      { frequency: { times: 12, per: "month" }, target: null },
    ],
    changes: true,
  },
];

/** A habit's rules: its first one from the first day, then for a habit that changes one every year or two. */
function rulesOf(choices: readonly Omit<HabitRule, "from">[], changes: boolean): HabitRule[] {
  const rules: HabitRule[] = [{ from: FIRST_DAY, ...choices[0]! }];
  if (!changes) return rules;
  for (let d = 300 + Math.floor(random() * 400); d < DAYS - 30; d += 365 + Math.floor(random() * 365)) {
    const previous = rules.at(-1)!;
    const next = pick(choices.filter((c) => c !== choices.find((x) => sameRule(x, previous))));
    rules.push({ from: addDays(FIRST_DAY, d), ...next });
  }
  return rules;
}
const sameRule = (a: Omit<HabitRule, "from">, b: Omit<HabitRule, "from">) =>
  JSON.stringify([a.frequency, a.target]) === JSON.stringify([b.frequency, b.target]);

/** A day's number for a habit of this target: around the target, now and then none. */
function amountFor(kind: HabitKind, target: Target | null): number | null {
  if (kind === "quit") return random() < 0.03 ? 1 + Math.floor(random() * 2) : null;
  if (!target) return null;
  if (target.per !== "day") return random() < 0.45 ? Math.round(random() * 90) / 10 : null;
  if (target.atMost) return random() < 0.1 ? null : Math.floor(random() * (target.amount + 2));
  return random() < 0.1 ? null : Math.floor(random() * (target.amount * 1.4));
}

/** The mix of kinds as the server's first pull carries it (core/sync.ts), with each habit's rules and days. */
function mixedPull(): { habits: SyncHabit[]; completions: SyncHabitDays[] } {
  const habits: SyncHabit[] = [];
  const completions: SyncHabitDays[] = [];
  for (let h = 0; h < HABITS; h++) {
    const { kind, rules: choices, changes } = KINDS[h % KINDS.length]!;
    const rules = rulesOf(choices, changes);
    const last = rules.at(-1)!.frequency;
    habits.push({
      id: `m${h}`,
      name: `Habit ${h}`,
      createdAt: "2016-11-21T00:00:00.000Z",
      updatedAt: "2026-11-21T00:00:00.000Z",
      schedule: last !== null && "weekdays" in last ? last : null,
      archived: false,
      position: h,
      emoji: null,
      kind,
      rules,
      step: kind === "measurable" ? 0.5 : 1,
      groupId: null,
    });
    const done: LocalDate[] = [];
    const skipped: LocalDate[] = [];
    const undone: LocalDate[] = [];
    const values: [LocalDate, number][] = [];
    let r = 0;
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(FIRST_DAY, d);
      while (r + 1 < rules.length && rules[r + 1]!.from <= date) r++;
      const roll = random();
      if (roll < 0.05) {
        skipped.push(date);
        continue;
      }
      if (kind === "yesNo") {
        if (roll < 0.8) done.push(date);
        continue;
      }
      const value = amountFor(kind, rules[r]!.target);
      if (value === null) continue;
      undone.push(date); // a day with a number and no mark
      values.push([date, value]);
    }
    completions.push({
      habitId: `m${h}`,
      done: toDayRanges(done),
      skipped: toDayRanges(skipped),
      undone: toDayRanges(undone),
      values,
      notes: [],
    });
  }
  return { habits, completions };
}

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
function timedRun(run: () => readonly Habit[], use: Stats = stats): Timing {
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

/** New arrays holding the same date strings, as the server reads them for each request. */
const newArrays = (list: readonly StoredHabit[], id: (h: StoredHabit) => string = (h) => h.id) =>
  list.map((h) => ({
    ...h,
    id: id(h),
    completedDates: h.completedDates.slice(),
    ...(h.skippedDates ? { skippedDates: h.skippedDates.slice() } : {}),
    ...(h.values ? { values: h.values.slice() } : {}),
  }));

const figures = (list: readonly Habit[]) =>
  list.map((h) => [h.streakCount, h.bestStreak, h.completionRate, h.completedToday, h.lastCompletedDate]);

function check(label: string, actual: readonly Habit[], expected: readonly Habit[]) {
  if (JSON.stringify(figures(actual)) !== JSON.stringify(figures(expected)))
    throw new Error(`Figures differ: ${label}`);
}

const daily = dailyHabits();
const derive: Derive = (h) => deriveHabit(h, TODAY);

// The figures must agree where they should before any time means anything.
for (const habit of daily) {
  const [a, b] = [referenceDerive(habit, TODAY), deriveHabit(habit, TODAY)];
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`Figures differ for ${habit.id}`);
}

// The web store's copy after its first pull, and the same habits as the server reads them (strings only).
let replica: Replica = applyChanges(
  emptyReplica(),
  pullChanges(
    {
      cursor: "",
      more: false,
      deletedHabitIds: [],
      settings: { dayStart: DEFAULT_DAY_START, vacations, weekStart: WEEK_START, groups: [] },
      ...mixedPull(),
    },
    true,
  ),
);
const asStored = ({ dayNumbers: _, dayValues: _values, dayNotes: _notes, ...stored }: ReplicaHabit) =>
  stored as StoredHabit;
const mixed = storedHabits(replica).map(asStored);
const deriveMixed: Derive = (h) => deriveAnyHabit(h, TODAY, vacations, WEEK_START);
const context = () => ({
  today: TODAY,
  vacations: replica.settings.vacations,
  weekStart: WEEK_START,
  kindView,
});
const values = mixed.reduce((n, h) => n + (h.values?.length ?? 0), 0);

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
addCase("first derivation from strings (server), daily yes/no", () => timed(newArrays(daily), derive));
addCase("first derivation from strings (server), every kind mixed", () =>
  timed(newArrays(mixed), deriveMixed),
);
if (BEFORE) {
  const at = (file: string) => pathToFileURL(resolve(BEFORE, "src/core", file)).href;
  const before = (await import(at("habit.ts"))) as typeof import("../src/core/habit");
  const beforeStats = (await import(at("stats.ts"))) as Stats;
  const beforeDerive: Derive = (h) => before.deriveHabit(h, TODAY);
  check(`before (${BEFORE}), daily`, daily.map(beforeDerive), daily.map(derive));
  addCase(`before (${BEFORE}): first derivation, daily yes/no`, () =>
    timed(newArrays(daily), beforeDerive, beforeStats),
  );
}

/** The op of a tap on habit `index`'s today: a tick or untick (yes/no), Add by the step, or a slip (quit). */
function tapToday(index: number, round: number): SyncOp {
  const habit = storedHabits(replica)[index]!;
  const opId = `tap-${round}`;
  if (habit.kind !== "yesNo")
    return { opId, type: "addAmount", habitId: habit.id, date: TODAY, add: habit.step };
  const state = habit.completedDates.at(-1) === TODAY ? "none" : "done";
  return { opId, type: "setDay", habitId: habit.id, date: TODAY, state };
}

/** The op applied to the store's copy, as the engine does, and the habits as use-habits.ts reads them. */
function apply(op: SyncOp): readonly ReplicaHabit[] {
  replica = applyChanges(replica, opChanges(op, NOW));
  return storedHabits(replica);
}

/**
 * Every habit's figures by src/core from the store's day numbers, as the web store's views take them: kind-figures.ts
 * for a habit that counts by kind, deriveFromDays for a yes/no habit under one rule (habit-views.ts deriveView).
 */
function coreFigures(rows: readonly ReplicaHabit[], vacationList: readonly Vacation[]): Habit[] {
  const t = toDayNumber(TODAY);
  const ranges = vacationDayRanges(vacationList);
  return rows.map((row) => {
    if (countsByKind(row)) {
      const figures = kindFigures(kindDaysOf(row, vacationList, WEEK_START), t);
      // The Stats figures read the name and these figures.
      return {
        id: row.id,
        name: row.name,
        createdAt: row.createdAt,
        ...kindHabitFigures(row, figures),
      } as Habit;
    }
    const days = row.dayNumbers!;
    const mask = scheduleMask(row.schedule);
    return deriveFromDays(row, { done: days.done, skipped: days.skipped, vacations: ranges, mask }, t);
  });
}

const perChange = addCase(
  "per store change, every kind mixed: every habit's figures by src/core, and the Stats figures (budget)",
  (round) => {
    const rows = apply(tapToday(round % HABITS, round + 3_000_000));
    let derived: Habit[] = [];
    const timing = timedRun(() => (derived = coreFigures(rows, vacations.slice())));
    if (round < WARMUP)
      check(
        "src/core's figures from day numbers and the server's",
        derived,
        rows.map(asStored).map(deriveMixed),
      );
    return timing;
  },
);

let views: HabitView[] = [];
addCase(
  "per store change, every kind mixed, every habit's view derived by the web store (for information)",
  (round) => {
    // The op applied to the store's copy is the store's part (replica-state.ts), timed apart below.
    const rows = apply(tapToday(round % HABITS, round));
    // A new context (the same settings, as a new array): deriveAll derives every habit again.
    const timing = timedRun(() => (views = deriveAll(rows, { ...context(), vacations: vacations.slice() })));
    if (round < WARMUP)
      check("the web store's views and the server's figures", views, rows.map(asStored).map(deriveMixed));
    return timing;
  },
);
addCase(
  "per tap, every kind mixed, deriveAll keeping the views of the rows unchanged (for information)",
  (round) => {
    const same = context();
    deriveAll(storedHabits(replica), same); // the views before the tap
    const rows = apply(tapToday((round * 7) % HABITS, round + 1_000_000));
    return timedRun(() => deriveAll(rows, same));
  },
);
addCase("the store's part of a tap: the op applied to its copy, and its rows (for information)", (round) => {
  const op = tapToday((round * 11) % HABITS, round + 2_000_000);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  sink += apply(op).length;
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { cpu: (cpu.user + cpu.system) / 1000, wall };
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

const done = mixed.reduce((n, habit) => n + habit.completedDates.length, 0);
const skipped = mixed.reduce((n, habit) => n + (habit.skippedDates?.length ?? 0), 0);
const changed = mixed.filter((h) => (h.rules?.length ?? 0) > 1).length;
console.log(
  `core bench: ${HABITS} habits x ${DAYS} days, in turn ${KINDS.map((k) => k.name).join("; ")}; ` +
    `${done} done days, ${values} numbers, ${skipped} skipped days, ${vacations.length} vacations, ` +
    `${changed} habits with rules changed; ${ROUNDS} interleaved rounds; ${cpus().length} cores ` +
    `(${cpus()[0]?.model ?? "?"}), load average ${startLoad} at the start, ${loadavg()[0]!.toFixed(1)} at the end; ` +
    `Node ${process.version}`,
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
    ` (median CPU time per store change, every kind mixed, every habit's figures by src/core)`,
);
if (sink === 0) console.log(""); // never: the results were used
process.exitCode = ok ? 0 : 1;
