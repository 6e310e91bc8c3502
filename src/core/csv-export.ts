// The CSV export: one row per habit and day, `date,habit,state,value,note,group`, for spreadsheets. It is a view
// of the history, not a backup: the JSON backup (backup.ts) is the file the app reads back.
import type { StoredHabit } from "./habit";
import type { LocalDate } from "./local-date";
import type { HabitGroup } from "./sync";

/** A day's mark; "" for a day holding only a number or a note. */
export type CsvDayState = "done" | "skipped" | "";
export type CsvRow = {
  date: LocalDate;
  habit: string;
  state: CsvDayState;
  /** The day's number (measurable and quit habits), or null. */
  value: number | null;
  note: string | null;
  /** The habit's group's name; "" without one. */
  group: string;
};

export const CSV_HEADER = ["date", "habit", "state", "value", "note", "group"] as const;
/** Spreadsheets read a file without it as their local code page, which spoils every accented name and emoji. */
const BOM = "\uFEFF";
// RFC 4180 ends every record with CRLF.
const EOL = "\r\n";

/**
 * A cell starting with one of these is read as a formula by Excel, LibreOffice and Google Sheets (CSV injection):
 * such a name is written behind a `'`, which those spreadsheets show as text and hide. The name in the cell then
 * differs from the habit's by that mark, which is why the JSON backup, not this file, is what restores habits.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field, RFC 4180, quoted always with quotes doubled inside: a spreadsheet that splits records on ';' (the list
 * separator of many locales) then keeps `x;=1+1` in one cell instead of running `=1+1`.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * Every day of every habit (archived ones too) done, skipped, or with a number or a note: habit by habit as given,
 * days ascending.
 */
export function csvRows(habits: readonly StoredHabit[], groups: readonly HabitGroup[] = []): CsvRow[] {
  const nameOf = new Map(groups.map((group) => [group.id, group.name]));
  const rows: CsvRow[] = [];
  for (const habit of habits) {
    const group = (habit.groupId && nameOf.get(habit.groupId)) ?? "";
    const states = new Map<LocalDate, CsvDayState>();
    for (const date of habit.skippedDates ?? []) states.set(date, "skipped");
    // A day in both lists counts as done (habit.ts).
    for (const date of habit.completedDates) states.set(date, "done");
    const values = new Map(habit.values);
    const notes = new Map(habit.notes);
    for (const date of [...values.keys(), ...notes.keys()]) if (!states.has(date)) states.set(date, "");
    const dates = [...states.keys()].sort();
    for (const date of dates)
      rows.push({
        date,
        habit: habit.name,
        state: states.get(date)!,
        value: values.get(date) ?? null,
        note: notes.get(date) ?? null,
        group,
      });
  }
  return rows;
}

/** The file's text: a byte order mark, the header, then one CRLF-ended record per row. */
export function buildCsvExport(habits: readonly StoredHabit[], groups: readonly HabitGroup[] = []): string {
  const lines = [CSV_HEADER.map(csvField).join(",")];
  for (const row of csvRows(habits, groups))
    lines.push(
      [row.date, row.habit, row.state, row.value === null ? "" : String(row.value), row.note ?? "", row.group]
        .map(csvField)
        .join(","),
    );
  return `${BOM}${lines.join(EOL)}${EOL}`;
}

export function csvExportFileName(today: LocalDate): string {
  return `habit-streaks-history-${today}.csv`;
}
