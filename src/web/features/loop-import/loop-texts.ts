// The words of the preview and of a refusal, from the catalogue (messages.loopImport).
import { MAX_NAME_LENGTH } from "../../../core/name";
import {
  LOOP_MAX_FILE_BYTES,
  LOOP_MAX_VERSION,
  LOOP_MIN_VERSION,
  type LoopFormat,
  type LoopProblem,
} from "../../../core/loop-import/loop-habit";
import type { LoopNote } from "../../../core/loop-import/loop-map";
import { messages } from "../../../core/messages";

const t = messages.loopImport;

export function problemText(problem: LoopProblem): string {
  const p = t.problems;
  switch (problem.kind) {
    case "tooLarge":
      return p.tooLarge(LOOP_MAX_FILE_BYTES / 1024 / 1024);
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

export function noteText(note: LoopNote): string {
  const n = t.notes;
  switch (note.kind) {
    case "frequency":
      return n.frequency(note.num, note.den);
    case "measured":
      return n.measured(
        note.target.type === "atMost",
        note.target.value,
        note.target.unit,
        note.met,
        note.notMet,
      );
    case "auto":
      return n.auto(note.days);
    case "dropped":
      return n.dropped(note.days);
    case "nameCut":
      return n.nameCut(MAX_NAME_LENGTH);
    case "unnamed":
      return n.unnamed;
    case "noDaysFile":
      return n.noDaysFile;
  }
}

export const formatText = (format: LoopFormat) =>
  format.kind === "db" ? t.formatDb(format.version) : t.formatCsv;
