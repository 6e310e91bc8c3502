// What a Loop Habit Tracker backup holds, read from either of its formats (docs/decisions/0036), before it is
// mapped to our habits (loop-map.ts). Loop's own names: a "repetition" or "checkmark" is one day's entry.
import type { LocalDate } from "../local-date";

/** Loop's highest and lowest `PRAGMA user_version` we read (docs/decisions/0036). */
export const LOOP_MIN_VERSION = 12;
export const LOOP_MAX_VERSION = 25;
/** Checked on the file's size before reading it. */
export const LOOP_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The decompressed CSV of one export at most: 1,000 habits × 10 years of days take about 75 MB. */
export const LOOP_MAX_CSV_BYTES = 200 * 1024 * 1024;

/**
 * One day's entry: done by hand, filled in automatically by Loop (a day inside a "3 times a week" window), skipped,
 * not done, unknown; for a measured habit, the amount in thousandths, a whole number as Loop stores it (2500 for
 * 2.5), so that amounts and their sums stay exact.
 */
export type LoopEntry = "manual" | "auto" | "skip" | "no" | "unknown" | number;

/** A measured habit's target: `value` a Loop frequency period (`freqDen` days: 1, 7, 30 or 31 in Loop's editor). */
export type LoopTarget = { type: "atLeast" | "atMost"; value: number; unit: string };

/** Loop's reminder: a time, and its days as a 7-bit mask whose bit 0 is Saturday (Loop's WeekdayList). */
export type LoopReminder = { hour: number; minute: number; days: number };

export type LoopHabit = {
  name: string;
  /** Loop's order: its `position` column or Habits.csv's Position. */
  position: number;
  archived: boolean;
  /** Loop repeats a habit `freqNum` times in `freqDen` days. */
  freqNum: number;
  freqDen: number;
  /** A measured ("numerical") habit's target; null for a yes/no habit. */
  target: LoopTarget | null;
  /** By day, in the file's order; a day given twice keeps its last entry. */
  days: Map<LocalDate, LoopEntry>;
  /** The days' notes (version 25, or the CSV's Notes column), as written; blank ones left out. */
  notes?: Map<LocalDate, string>;
  /** Absent or null without one. */
  reminder?: LoopReminder | null;
  /** Loop's Habits.uuid (version 24 on), as the file has it; absent or null without one (a CSV export has none). */
  uuid?: string | null;
  /** The CSV zip had no Checkmarks.csv for this habit. */
  noDaysFile?: boolean;
};

/** Why a file cannot be imported; the web says it with messages.loopImport.problems. */
export type LoopProblem =
  | { kind: "tooLarge" }
  | { kind: "csvTooLarge" }
  | { kind: "notLoop" }
  | { kind: "notLoopDatabase"; missing: string }
  | { kind: "noHabitsCsv" }
  | { kind: "damaged"; detail: string }
  | { kind: "version"; version: number }
  | { kind: "badRow"; file: string; line: number; detail: string }
  | { kind: "noHabits" }
  | { kind: "tooManyHabits"; count: number; max: number };

export type LoopFormat = { kind: "db"; version: number } | { kind: "csv" };

export type LoopRead =
  { ok: true; format: LoopFormat; habits: LoopHabit[] } | { ok: false; problem: LoopProblem };

export const loopProblem = (problem: LoopProblem): LoopRead => ({ ok: false, problem });
