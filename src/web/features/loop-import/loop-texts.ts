// The words of the preview and of a refusal, from the catalogue (messages.loopImport).
import { MAX_NAME_LENGTH } from "../../../core/name";
import {
  LOOP_MAX_CSV_BYTES,
  LOOP_MAX_FILE_BYTES,
  LOOP_MAX_VERSION,
  LOOP_MIN_VERSION,
  type LoopFormat,
  type LoopProblem,
} from "../../../core/loop-import/loop-habit";
import type { LoopNote } from "../../../core/loop-import/loop-rules";
import { MAX_AMOUNT, MAX_UNIT_LENGTH, type Frequency, type HabitRule } from "../../../core/habit-kind";
import { MAX_NOTE_LENGTH } from "../../../core/sync";
import { messages } from "../../../core/messages";

const t = messages.loopImport;

const howOften = (frequency: Frequency) =>
  frequency === null || !("times" in frequency)
    ? t.howOften(null, "week")
    : t.howOften(frequency.times, frequency.per);

export function problemText(problem: LoopProblem): string {
  const p = t.problems;
  switch (problem.kind) {
    case "tooLarge":
      return p.tooLarge(LOOP_MAX_FILE_BYTES / 1024 / 1024);
    case "csvTooLarge":
      return p.csvTooLarge(LOOP_MAX_CSV_BYTES / 1024 / 1024);
    case "notLoop":
      return p.notLoop;
    case "notLoopDatabase":
      return p.notLoopDatabase(problem.missing);
    case "noHabitsCsv":
      return p.noHabitsCsv;
    case "damaged":
      return p.damaged(problem.detail);
    case "version":
      return p.version(problem.version, LOOP_MIN_VERSION, LOOP_MAX_VERSION);
    case "badRow":
      return p.badRow(problem.file, problem.line, problem.detail);
    case "noHabits":
      return p.noHabits;
    case "tooManyHabits":
      return p.tooManyHabits(problem.count, problem.max);
  }
}

/** A preview note of the habit named `name`. */
export function noteText(note: LoopNote, name: string): string {
  const n = t.notes;
  switch (note.kind) {
    case "frequency":
      return n.approximated(name, t.loopHowOften(note.num, note.den), howOften(note.to));
    case "targetPeriod":
      return n.targetPeriod(name, note.amount, note.den, note.daily, note.unit);
    case "targetRounded":
      return n.targetRounded(name, note.from, note.to);
    case "auto":
      return n.auto(note.days);
    case "dropped":
      return n.dropped(note.days);
    case "outOfRange":
      return n.outOfRange(note.days, MAX_AMOUNT);
    case "notesCut":
      return n.notesCut(note.days, MAX_NOTE_LENGTH);
    case "unitCut":
      return n.unitCut(MAX_UNIT_LENGTH);
    case "nameCut":
      return n.nameCut(MAX_NAME_LENGTH);
    case "unnamed":
      return n.unnamed;
    case "noDaysFile":
      return n.noDaysFile;
  }
}

/** What the habit becomes: "Due 3 times a week", "Target: at least 2.5 L a day". */
export function ruleText(rule: HabitRule): string {
  const { target } = rule;
  if (target) return t.target(target.atMost, target.amount, target.unit, target.per);
  return t.due(howOften(rule.frequency));
}

/** A sum in thousandths, written exactly: 9500 → "9.5". */
export function thousandthsText(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const rest = String(milli % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return rest === "" ? String(whole) : `${whole}.${rest}`;
}

export const formatText = (format: LoopFormat) =>
  format.kind === "db" ? t.formatDb(format.version) : t.formatCsv;
