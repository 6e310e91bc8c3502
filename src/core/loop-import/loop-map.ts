// How a Loop habit becomes ours (docs/decisions/0036): done by hand → done; skipped → skipped;
// "filled in automatically" → not stored (our schedules decide due days); not done, unknown → nothing; archived,
// order and name kept; every frequency imported as daily (other than 1 in 1 or 7 in 7, noted); a measured habit is
// done on the days whose amount meets its target (a recorded 0 meets "at most"), noted. Days before 2000-01-01 or
// after the user's today are dropped and counted.
import { MAX_BACKUP_HABITS } from "../constants";
import type { LocalDate } from "../local-date";
import { MAX_NAME_LENGTH, normalizeName, sanitizeName } from "../name";
import { EARLIEST_DAY } from "../sync";
import type { LoopHabit, LoopProblem, LoopTarget } from "./loop-habit";

/** What the preview says about a habit beyond its counts. */
export type LoopNote =
  | { kind: "frequency"; num: number; den: number }
  | { kind: "measured"; target: LoopTarget; met: number; notMet: number }
  | { kind: "auto"; days: number }
  | { kind: "dropped"; days: number }
  | { kind: "nameCut"; original: string }
  | { kind: "unnamed" }
  | { kind: "noDaysFile" };

export type PlannedHabit = {
  name: string;
  archived: boolean;
  completedDates: LocalDate[];
  skippedDates: LocalDate[];
  /** The first and last day stored (done or skipped), or null without any. */
  first: LocalDate | null;
  last: LocalDate | null;
  notes: LoopNote[];
};

export type LoopPlan = {
  /** In Loop's order. */
  habits: PlannedHabit[];
  done: number;
  skipped: number;
  /** Days outside what the app accepts, over all habits. */
  dropped: number;
};

export type PlanResult = { ok: true; plan: LoopPlan } | { ok: false; problem: LoopProblem };

const isDaily = (num: number, den: number) => num === den && (den === 1 || den === 7);

function meets(target: LoopTarget, amount: number): boolean {
  return target.type === "atMost" ? amount <= target.value : amount >= target.value;
}

/** A name the app can store: Loop's own when it fits, cut at MAX_NAME_LENGTH otherwise; `unnamed` when empty. */
function nameOf(
  habit: LoopHabit,
  unnamed: (position: number) => string,
): { name: string; notes: LoopNote[] } {
  const name = sanitizeName(habit.name);
  if (name === "") return { name: unnamed(habit.position), notes: [{ kind: "unnamed" }] };
  const cut = normalizeName(habit.name).length > MAX_NAME_LENGTH && name.length <= MAX_NAME_LENGTH;
  return { name, notes: cut ? [{ kind: "nameCut", original: habit.name }] : [] };
}

export function planHabit(
  habit: LoopHabit,
  today: LocalDate,
  unnamed: (position: number) => string,
): PlannedHabit {
  const { name, notes } = nameOf(habit, unnamed);
  const done: LocalDate[] = [];
  const skipped: LocalDate[] = [];
  let [auto, dropped, met, notMet] = [0, 0, 0, 0];
  for (const [date, entry] of habit.days) {
    let state: "done" | "skipped" | null = null;
    if (typeof entry === "number") {
      const ok = habit.target !== null && meets(habit.target, entry);
      if (ok) met++;
      else notMet++;
      state = ok ? "done" : null;
    } else if (entry === "manual") state = "done";
    else if (entry === "skip") state = "skipped";
    else if (entry === "auto") auto++;
    if (state === null) continue;
    if (date < EARLIEST_DAY || date > today) {
      dropped++;
      continue;
    }
    (state === "done" ? done : skipped).push(date);
  }
  done.sort();
  skipped.sort();
  const first = [done[0], skipped[0]].filter((d) => d !== undefined).sort()[0] ?? null;
  const last =
    [done.at(-1), skipped.at(-1)]
      .filter((d) => d !== undefined)
      .sort()
      .at(-1) ?? null;
  if (!isDaily(habit.freqNum, habit.freqDen))
    notes.push({ kind: "frequency", num: habit.freqNum, den: habit.freqDen });
  if (habit.target) notes.push({ kind: "measured", target: habit.target, met, notMet });
  if (auto > 0) notes.push({ kind: "auto", days: auto });
  if (dropped > 0) notes.push({ kind: "dropped", days: dropped });
  if (habit.noDaysFile) notes.push({ kind: "noDaysFile" });
  return { name, archived: habit.archived, completedDates: done, skippedDates: skipped, first, last, notes };
}

/** The habits to write, in Loop's order (its position, then the file's order), or why there are none to write. */
export function planLoopImport(
  habits: readonly LoopHabit[],
  today: LocalDate,
  unnamed: (position: number) => string,
): PlanResult {
  if (habits.length === 0) return { ok: false, problem: { kind: "noHabits" } };
  if (habits.length > MAX_BACKUP_HABITS)
    return { ok: false, problem: { kind: "tooManyHabits", count: habits.length, max: MAX_BACKUP_HABITS } };
  const ordered = habits
    .map((habit, index) => ({ habit, index }))
    .sort((a, b) => a.habit.position - b.habit.position || a.index - b.index)
    .map(({ habit }) => planHabit(habit, today, unnamed));
  const sum = (f: (h: PlannedHabit) => number) => ordered.reduce((total, h) => total + f(h), 0);
  return {
    ok: true,
    plan: {
      habits: ordered,
      done: sum((h) => h.completedDates.length),
      skipped: sum((h) => h.skippedDates.length),
      dropped: sum((h) => h.notes.reduce((n, note) => n + (note.kind === "dropped" ? note.days : 0), 0)),
    },
  };
}

/** The plan as the items of an import (PUT /api/habits) or an append (POST /api/habits/import): daily habits. */
export const importItems = (plan: LoopPlan) =>
  plan.habits.map((habit, position) => ({
    name: habit.name,
    completedDates: habit.completedDates,
    skippedDates: habit.skippedDates,
    archived: habit.archived,
    position,
    schedule: null,
  }));
