// Loop's CSV export zip ("Loop Habits CSV <date>.zip"): Habits.csv, and a folder per habit named
// `%03d <name>` (its Position, the name with only [ a-zA-Z0-9._-] kept) with Checkmarks.csv `Date,Value[,Notes]`.
// The root's Checkmarks.csv and Scores.csv, and every Scores.csv, are not read. Columns are found by their header,
// so that older exports (Position,Name,Description,NumRepetitions,Interval,Color) read too.
import { isLocalDate } from "../local-date";
import { columnsOf, parseCsv, parseLoopNumber, type CsvRow } from "./loop-csv";
import { loopProblem, type LoopEntry, type LoopHabit, type LoopRead } from "./loop-habit";

/** The zip's files that matter, by path inside the zip, decoded as UTF-8. */
export type LoopCsvFiles = ReadonlyMap<string, string>;

/** Which files of the zip to decompress: Habits.csv and every Checkmarks.csv. */
export const isLoopCsvFile = (path: string): boolean => /(^|\/)(Habits|Checkmarks)\.csv$/i.test(path);

const WORD_ENTRIES: Record<string, LoopEntry> = {
  YES_MANUAL: "manual",
  YES_AUTO: "auto",
  SKIP: "skip",
  NO: "no",
  UNKNOWN: "unknown",
};
// Loop's older exports wrote a yes/no habit's checkmarks as numbers (its Entry constants).
const NUMBER_ENTRIES: Record<number, LoopEntry> = {
  2: "manual",
  1: "auto",
  3: "skip",
  0: "no",
  [-1]: "unknown",
};

/** The folder name Loop gives a habit. */
export function loopFolderName(position: number, name: string): string {
  const clean = name
    .replace(/[^ a-zA-Z0-9._-]/g, "")
    .trim()
    .slice(0, 100);
  return `${String(position).padStart(3, "0")} ${clean}`;
}

class BadRow extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(detail);
  }
}

function rowsOf(file: string, text: string): CsvRow[] {
  const csv = parseCsv(text);
  if (!csv.ok) throw new BadRow(file, csv.line, csv.detail);
  return csv.rows;
}

// A measured habit's entry that Loop writes as a word: its stored value, in thousandths, but for a skip or unknown.
const MEASURED_WORDS: Record<string, LoopEntry> = {
  YES_MANUAL: 2,
  YES_AUTO: 1,
  NO: 0,
  SKIP: "skip",
  UNKNOWN: "unknown",
};

function entryOf(text: string, measured: boolean): LoopEntry | null {
  const upper = text.trim().toUpperCase();
  const word = measured ? MEASURED_WORDS[upper] : WORD_ENTRIES[upper];
  if (word !== undefined) return word;
  const number = parseLoopNumber(text);
  if (number === null) return null;
  // Loop writes a measured day's stored value, in thousandths ("2500"); a number with decimals was rewritten by a
  // spreadsheet as the amount itself ("2.5", "2,5").
  if (measured) return /[.,]/.test(text) ? Math.round(number * 1000) : number;
  return NUMBER_ENTRIES[number] ?? null;
}

type Checkmarks = { days: Map<string, LoopEntry>; notes: Map<string, string> };

function readCheckmarks(file: string, text: string, measured: boolean): Checkmarks {
  const all = rowsOf(file, text);
  const days = new Map<string, LoopEntry>();
  const notes = new Map<string, string>();
  const header = all[0];
  if (!header) return { days, notes };
  // Loop's exports before its notes had no header: date, value.
  const headless = isLocalDate(header.cells[0]?.trim());
  const rows = headless ? all : all.slice(1);
  const col = columnsOf(headless ? ["Date", "Value"] : header.cells);
  const [date, value, note] = [col("Date"), col("Value"), col("Notes")];
  if (date < 0 || value < 0) throw new BadRow(file, header.line, "the header has no Date and Value columns");
  for (const row of rows) {
    const day = row.cells[date]?.trim() ?? "";
    if (!isLocalDate(day)) throw new BadRow(file, row.line, `"${day}" is not a date (YYYY-MM-DD)`);
    const raw = row.cells[value] ?? "";
    const entry = entryOf(raw, measured);
    if (entry === null) throw new BadRow(file, row.line, `"${raw.trim()}" is not a checkmark value`);
    days.set(day, entry);
    const text = note < 0 ? "" : (row.cells[note] ?? "");
    if (text.trim() !== "") notes.set(day, text);
  }
  return { days, notes };
}

const yes = (text: string | undefined) => /^(true|1|yes)$/i.test(text?.trim() ?? "");

/** The habits of a CSV export, or why the files are not one. */
export function readLoopCsvExport(files: LoopCsvFiles): LoopRead {
  const habitsPath = [...files.keys()]
    .filter((path) => /(^|\/)Habits\.csv$/i.test(path))
    .sort((a, b) => a.split("/").length - b.split("/").length)[0];
  if (habitsPath === undefined) return loopProblem({ kind: "noHabitsCsv" });
  const root = habitsPath.slice(0, habitsPath.length - "Habits.csv".length);
  const checkmarks = new Map<string, string>(); // folder (lower case) → path
  for (const path of files.keys()) {
    const match = path.startsWith(root) ? /^([^/]+)\/Checkmarks\.csv$/i.exec(path.slice(root.length)) : null;
    if (match?.[1]) checkmarks.set(match[1].toLowerCase(), path);
  }
  try {
    const [header, ...rows] = rowsOf(habitsPath, files.get(habitsPath) ?? "");
    if (!header) return loopProblem({ kind: "noHabits" });
    const col = columnsOf(header.cells);
    const cell = (row: CsvRow, name: string) => {
      const index = col(name);
      return index < 0 ? undefined : row.cells[index];
    };
    if (col("Name") < 0) throw new BadRow(habitsPath, header.line, "the header has no Name column");
    const habits = rows.map((row, index): LoopHabit => {
      const bad = (detail: string) => new BadRow(habitsPath, row.line, detail);
      const name = cell(row, "Name") ?? "";
      const positionText = cell(row, "Position");
      const position = positionText === undefined ? index + 1 : parseLoopNumber(positionText);
      if (position === null || !Number.isInteger(position)) throw bad(`"${positionText}" is not a position`);
      const number = (names: string[], fallback: number) => {
        const text = names.map((n) => cell(row, n)).find((t) => t !== undefined && t.trim() !== "");
        if (text === undefined) return fallback;
        const value = parseLoopNumber(text);
        if (value === null) throw bad(`"${text}" is not a number`);
        return value;
      };
      const measured = /^NUMERICAL$/i.test(cell(row, "Type")?.trim() ?? "");
      const target = measured
        ? {
            type: /^AT_MOST$/i.test(cell(row, "Target Type")?.trim() ?? "")
              ? ("atMost" as const)
              : ("atLeast" as const),
            value: number(["Target Value"], 0),
            unit: cell(row, "Unit")?.trim() ?? "",
          }
        : null;
      const folder = loopFolderName(position, name).toLowerCase();
      const prefix = `${String(position).padStart(3, "0")} `;
      const daysPath =
        checkmarks.get(folder) ??
        // A name Loop sanitised otherwise (an older release): the folder of the same position.
        [...checkmarks.entries()].find(([f]) => f.startsWith(prefix) || f === prefix.trim())?.[1];
      return {
        name,
        position,
        archived: yes(cell(row, "Archived?")),
        freqNum: number(["FrequencyNumerator", "NumRepetitions"], 1),
        freqDen: number(["FrequencyDenominator", "Interval"], 1),
        target,
        ...(daysPath === undefined
          ? { days: new Map(), noDaysFile: true }
          : readCheckmarks(daysPath, files.get(daysPath) ?? "", measured)),
      };
    });
    return { ok: true, format: { kind: "csv" }, habits };
  } catch (error) {
    if (error instanceof BadRow)
      return loopProblem({ kind: "badRow", file: error.file, line: error.line, detail: error.message });
    throw error;
  }
}
