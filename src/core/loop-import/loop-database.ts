// Loop's .db backup, read through a SQLite engine the caller opens (sql.js in the browser, better-sqlite3 in
// tests): `exec` runs one statement and gives its rows. Only the columns a file has are asked for, named without
// regard to case (an early file's key is "Id"), so every Loop version from 12 to 25 reads (docs/decisions/0036, 0064).
import { fromDayNumber, type LocalDate } from "../local-date";
import {
  LOOP_MAX_VERSION,
  LOOP_MIN_VERSION,
  loopProblem,
  type LoopEntry,
  type LoopHabit,
  type LoopRead,
  type LoopReminder,
} from "./loop-habit";

export type SqlValue = number | string | bigint | Uint8Array | null;
export type SqlExec = (sql: string) => Record<string, SqlValue>[];

const DAY_MS = 86_400_000;
// Repetitions.value (Loop's Entry): a measured habit stores its amount × 1000 instead, and 3 for a skip.
const ENTRIES: Record<number, LoopEntry> = { 2: "manual", 1: "auto", 3: "skip", 0: "no", [-1]: "unknown" };

/** The day of a timestamp: milliseconds at 00:00 UTC of the local day; null outside the years LocalDate spells. */
export function dayOfTimestamp(ms: number): LocalDate | null {
  try {
    return fromDayNumber(Math.floor(ms / DAY_MS));
  } catch {
    return null;
  }
}

// A timestamp beyond the years LocalDate spells is kept as the earliest one, so that it is counted as dropped.
const EARLIEST_BEFORE: LocalDate = "1000-01-01";

class Damaged extends Error {}

const num = (value: SqlValue | undefined, what: string): number => {
  const n = typeof value === "bigint" ? Number(value) : typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) throw new Damaged(`${what} is not a number`);
  return n;
};

/** Loop's reminder: a time when both its hour and minute are set (Loop's HabitRecord); all days without a mask. */
function reminderOf(row: Record<string, SqlValue>): LoopReminder | null {
  if (row.reminder_hour === undefined || row.reminder_hour === null) return null;
  if (row.reminder_min === undefined || row.reminder_min === null) return null;
  const days = row.reminder_days;
  return {
    hour: num(row.reminder_hour, "Habits.reminder_hour"),
    minute: num(row.reminder_min, "Habits.reminder_min"),
    days: days === undefined || days === null ? 0x7f : num(days, "Habits.reminder_days"),
  };
}

/** The habits of a Loop .db, or why it is not one. Errors of the engine (a damaged file) are the caller's. */
export function readLoopDatabase(exec: SqlExec): LoopRead {
  const tables = new Set(
    exec("select name from sqlite_master where type = 'table'").map((r) => String(r.name).toLowerCase()),
  );
  const missing = ["Habits", "Repetitions"].filter((t) => !tables.has(t.toLowerCase()));
  if (missing.length > 0) return loopProblem({ kind: "notLoopDatabase", missing: missing.join(" and ") });
  const version = Number(exec("pragma user_version")[0]?.user_version ?? 0);
  if (version < LOOP_MIN_VERSION || version > LOOP_MAX_VERSION)
    return loopProblem({ kind: "version", version });

  const columns = (table: string) =>
    new Set(exec(`pragma table_info(${table})`).map((r) => String(r.name).toLowerCase()));
  const habitColumns = columns("Habits");
  const repetitionColumns = columns("Repetitions");
  for (const [table, have, need] of [
    ["Habits", habitColumns, ["id", "name"]],
    ["Repetitions", repetitionColumns, ["habit", "timestamp"]],
  ] as const) {
    const lacking = need.filter((c) => !have.has(c));
    if (lacking.length > 0)
      return loopProblem({ kind: "notLoopDatabase", missing: `${table}.${lacking.join(", ")}` });
  }
  const optional = [
    "archived",
    "position",
    "freq_num",
    "freq_den",
    "type",
    "target_type",
    "target_value",
    "unit",
    "reminder_hour",
    "reminder_min",
    "reminder_days",
    "uuid",
  ];
  // Named with "as": SQLite names a result column as the table declares it, and early files declare "Id".
  const select = ["id", "name", ...optional.filter((c) => habitColumns.has(c))].map((c) => `${c} as ${c}`);

  try {
    const byId = new Map<number, LoopHabit>();
    const habits: LoopHabit[] = [];
    for (const [index, row] of exec(`select ${select.join(", ")} from Habits order by id`).entries()) {
      const id = num(row.id, "Habits.id");
      const measured = row.type !== undefined && row.type !== null && num(row.type, "Habits.type") === 1;
      const habit: LoopHabit = {
        name: typeof row.name === "string" ? row.name : String(row.name ?? ""),
        position:
          row.position === undefined || row.position === null ? index : num(row.position, "Habits.position"),
        archived:
          row.archived !== undefined && row.archived !== null && num(row.archived, "Habits.archived") !== 0,
        freqNum:
          row.freq_num === undefined || row.freq_num === null ? 1 : num(row.freq_num, "Habits.freq_num"),
        freqDen:
          row.freq_den === undefined || row.freq_den === null ? 1 : num(row.freq_den, "Habits.freq_den"),
        target: measured
          ? {
              type:
                row.target_type !== null && num(row.target_type ?? 0, "Habits.target_type") === 1
                  ? "atMost"
                  : "atLeast",
              value: row.target_value === null ? 0 : num(row.target_value ?? 0, "Habits.target_value"),
              unit: typeof row.unit === "string" ? row.unit : "",
            }
          : null,
        days: new Map(),
        notes: new Map(),
        reminder: reminderOf(row),
        uuid: typeof row.uuid === "string" ? row.uuid : null,
      };
      byId.set(id, habit);
      habits.push(habit);
    }
    const hasValue = repetitionColumns.has("value");
    const hasNotes = repetitionColumns.has("notes");
    const order = repetitionColumns.has("id") ? " order by id" : "";
    const repetitions = exec(
      `select habit as habit, timestamp as timestamp${hasValue ? ", value as value" : ""}${hasNotes ? ", notes as notes" : ""} from Repetitions${order}`,
    );
    for (const row of repetitions) {
      const habit = byId.get(num(row.habit, "Repetitions.habit"));
      if (!habit) continue; // a repetition of a deleted habit: Loop does not show it either
      const day = dayOfTimestamp(num(row.timestamp, "Repetitions.timestamp")) ?? EARLIEST_BEFORE;
      // Before version 16 there is no value: every row is a day done.
      const raw = hasValue && row.value !== null ? num(row.value, "Repetitions.value") : 2;
      const entry: LoopEntry | undefined = habit.target
        ? raw === -1
          ? "unknown"
          : raw === 3
            ? "skip"
            : raw
        : ENTRIES[raw];
      habit.days.set(day, entry ?? "unknown");
      // A note is kept on any day, whatever its entry; a day given twice keeps its last note.
      if (typeof row.notes === "string" && row.notes.trim() !== "") habit.notes?.set(day, row.notes);
    }
    return { ok: true, format: { kind: "db", version }, habits };
  } catch (error) {
    if (error instanceof Damaged) return loopProblem({ kind: "damaged", detail: error.message });
    throw error;
  }
}
