// How a Loop habit becomes ours (docs/decisions/0036, amended by 0064): done by hand → done; skipped → skipped;
// "filled in automatically" → not stored (our rules decide due days); not done, unknown → nothing. A measured habit
// stays measurable, with its unit, target and amounts (thousandths, exact); a frequency is kept where we have its
// equal, else becomes the nearest of ours, named in the preview (loop-rules.ts). Notes, the reminder, archived and
// Loop's order are kept, and its uuid (docs/decisions/0071), so that our Loop export updates the same habits in
// Loop; a measured habit held at most 0 "times" a day, as that export writes a quit habit, is a quit habit again.
// Days before 2000-01-01 or after the user's today are dropped and counted.
import type { BackupHabit } from "../backup-schema";
import { MAX_BACKUP_HABITS } from "../constants";
import { MAX_AMOUNT, QUIT_TARGET, type HabitRule, type Target } from "../habit-kind";
import { isHabitUuid } from "../habit-uuid";
import type { LocalDate } from "../local-date";
import { MAX_NAME_LENGTH, normalizeName, sanitizeName } from "../name";
import { EARLIEST_DAY } from "../sync";
import type { LoopHabit, LoopProblem } from "./loop-habit";
import {
  frequencyOf,
  fromThousandths,
  measuredRule,
  noteOf,
  reminderOf,
  type LoopNote,
  type PlannedReminder,
} from "./loop-rules";

export type PlannedHabit = {
  name: string;
  archived: boolean;
  kind: "yesNo" | "measurable" | "quit";
  /** One rule, from the habit's first stored day (today without one). */
  rules: [HabitRule];
  completedDates: LocalDate[];
  skippedDates: LocalDate[];
  /** A measurable habit's amounts, ascending by date. */
  values: [LocalDate, number][];
  /** The sum of `values` in thousandths: a whole number, exact. */
  total: number;
  /** Day notes, trimmed and at most MAX_NOTE_LENGTH, ascending by date. */
  dayNotes: [LocalDate, string][];
  reminder: PlannedReminder | null;
  /** Loop's uuid when it is one we keep (core/habit-uuid.ts), else null: the habit gets its own. */
  uuid: string | null;
  /** The first and last day stored (done, skipped, an amount or a note), or null without any. */
  first: LocalDate | null;
  last: LocalDate | null;
  notes: LoopNote[];
};

export type LoopPlan = {
  /** In Loop's order. */
  habits: PlannedHabit[];
  done: number;
  skipped: number;
  /** Days with an amount, and day notes, over all habits. */
  valueDays: number;
  dayNotes: number;
  /** Days outside what the app accepts, over all habits. */
  dropped: number;
};

export type PlanResult = { ok: true; plan: LoopPlan } | { ok: false; problem: LoopProblem };

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

/** A quit habit as our Loop export writes it (loop-export.ts): at most 0 "times" a day. */
const isQuitTarget = (target: Target | null) =>
  target !== null &&
  target.atMost === QUIT_TARGET.atMost &&
  target.amount === QUIT_TARGET.amount &&
  target.per === QUIT_TARGET.per &&
  target.unit === QUIT_TARGET.unit;

export function planHabit(
  habit: LoopHabit,
  today: LocalDate,
  unnamed: (position: number) => string,
): PlannedHabit {
  const { name, notes } = nameOf(habit, unnamed);
  const measured = habit.target !== null;
  let rule: Omit<HabitRule, "from">;
  if (measured) rule = measuredRule(habit, notes);
  else {
    const { frequency, exact } = frequencyOf(habit.freqNum, habit.freqDen);
    if (!exact) notes.push({ kind: "frequency", num: habit.freqNum, den: habit.freqDen, to: frequency });
    rule = { frequency, target: null };
  }

  const done: LocalDate[] = [];
  const skipped: LocalDate[] = [];
  const values: [LocalDate, number][] = [];
  const droppedDays = new Set<LocalDate>();
  const inRange = (date: LocalDate) => date >= EARLIEST_DAY && date <= today;
  let [auto, outOfRange, total] = [0, 0, 0];
  for (const [date, entry] of habit.days) {
    let state: "done" | "skipped" | "value" | null = null;
    if (typeof entry === "number") {
      if (measured && entry >= 0 && entry <= MAX_AMOUNT * 1000) state = "value";
      else outOfRange++;
    } else if (entry === "manual") state = measured ? null : "done";
    else if (entry === "skip") state = "skipped";
    else if (entry === "auto") auto++;
    if (state === null) continue;
    if (!inRange(date)) {
      droppedDays.add(date);
      continue;
    }
    if (state === "value") {
      const milli = Math.round(entry as number);
      values.push([date, fromThousandths(milli)]);
      total += milli;
    } else (state === "done" ? done : skipped).push(date);
  }
  const dayNotes: [LocalDate, string][] = [];
  let notesCut = 0;
  for (const [date, text] of habit.notes ?? []) {
    const { note, cut } = noteOf(text);
    if (note === "") continue;
    if (!inRange(date)) {
      droppedDays.add(date);
      continue;
    }
    if (cut) notesCut++;
    dayNotes.push([date, note]);
  }
  done.sort();
  skipped.sort();
  values.sort(([a], [b]) => (a < b ? -1 : 1));
  dayNotes.sort(([a], [b]) => (a < b ? -1 : 1));
  const stored = [done, skipped, values.map(([d]) => d), dayNotes.map(([d]) => d)]
    .flatMap((dates) => (dates.length > 0 ? [dates[0]!, dates.at(-1)!] : []))
    .sort();
  const first = stored[0] ?? null;
  const last = stored.at(-1) ?? null;
  if (auto > 0) notes.push({ kind: "auto", days: auto });
  if (droppedDays.size > 0) notes.push({ kind: "dropped", days: droppedDays.size });
  if (outOfRange > 0) notes.push({ kind: "outOfRange", days: outOfRange });
  if (notesCut > 0) notes.push({ kind: "notesCut", days: notesCut });
  if (habit.noDaysFile) notes.push({ kind: "noDaysFile" });
  return {
    name,
    archived: habit.archived,
    kind: measured ? (isQuitTarget(rule.target) ? "quit" : "measurable") : "yesNo",
    rules: [{ from: first ?? today, ...rule }],
    completedDates: done,
    skippedDates: skipped,
    values,
    total,
    dayNotes,
    reminder: reminderOf(habit.reminder),
    uuid: isHabitUuid(habit.uuid) ? habit.uuid : null,
    first,
    last,
    notes,
  };
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
      valueDays: sum((h) => h.values.length),
      dayNotes: sum((h) => h.dayNotes.length),
      dropped: sum((h) => h.notes.reduce((n, note) => n + (note.kind === "dropped" ? note.days : 0), 0)),
    },
  };
}

/** The plan as the items of an import (PUT /api/habits) or an append (POST /api/habits/import). */
export const importItems = (plan: LoopPlan): BackupHabit[] =>
  plan.habits.map(
    (habit, position) =>
      ({
        name: habit.name,
        completedDates: habit.completedDates,
        skippedDates: habit.skippedDates,
        archived: habit.archived,
        position,
        schedule: null,
        kind: habit.kind,
        rules: habit.rules,
        ...(habit.values.length > 0 && { values: habit.values }),
        ...(habit.dayNotes.length > 0 && { notes: habit.dayNotes }),
        ...(habit.reminder && { reminder: habit.reminder }),
        ...(habit.uuid !== null && { uuid: habit.uuid }),
      }) satisfies BackupHabit,
  );
