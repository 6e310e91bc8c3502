// Our habits as a Loop Habit Tracker backup of version 25 (docs/decisions/0071; docs/product.md, "Loop Habit
// Tracker"): Loop's rows as plain data, then written through any SQLite engine (sql.js in the browser). Loop merges
// a restored backup by each habit's uuid, so a habit imported from Loop and exported again updates itself there.
import type { StoredHabit } from "../habit";
import { ruleIndexOn, type HabitRule } from "../habit-kind";
import { isHabitUuid, uuidOfId } from "../habit-uuid";
import { fromDayNumber, toDayNumber, type LocalDate } from "../local-date";
import type { Vacation } from "../vacation";
import { LOOP_EXPORT_VERSION, loopSchema } from "./loop-schema";

/** Loop's codes of a day (its Entry): done by hand, skipped, unknown (a day that holds only a note). */
export const LOOP_YES = 2;
export const LOOP_SKIP = 3;
export const LOOP_UNKNOWN = -1;
/**
 * Our habits have no colour: each gets the one Loop gives a new habit (its Habit model's PaletteColor(8), teal,
 * "#00897B" in Loop's palette).
 */
export const LOOP_DEFAULT_COLOR = 8;

const DAY_MS = 86_400_000;

/** A habit's own reminder as the server lists it: its time and the weekdays it rings on (0 Sunday; absent: all). */
export type ExportReminder = { time: string; weekdays?: readonly number[] };

export type LoopExportInput = {
  /** In the app's order: Loop's positions are their places in this list. */
  habits: readonly StoredHabit[];
  /** Each habit's own reminder, by habit id. */
  reminders: ReadonlyMap<string, ExportReminder>;
  vacations: readonly Vacation[];
  today: LocalDate;
};

/** A row of Loop's Habits table (its HabitRecord), in its columns' order. */
export type LoopHabitRow = {
  id: number;
  archived: number;
  color: number;
  description: string;
  freq_den: number;
  freq_num: number;
  highlight: number;
  name: string;
  position: number;
  reminder_hour: number | null;
  reminder_min: number | null;
  reminder_days: number;
  type: number;
  target_type: number;
  target_value: number;
  unit: string;
  question: string;
  uuid: string;
};

/** A row of Loop's Repetitions table (its EntryRecord): the day as milliseconds at 00:00 UTC. */
export type LoopEntryRow = { habit: number; timestamp: number; value: number; notes: string };

export type LoopExport = { habits: LoopHabitRow[]; entries: LoopEntryRow[] };

/** The rule in force today; a habit without rules is a yes/no one of its schedule. */
function ruleToday(habit: StoredHabit, today: LocalDate): Omit<HabitRule, "from"> {
  const rules = habit.rules;
  if (!rules || rules.length === 0) return { frequency: habit.schedule ?? null, target: null };
  return rules[ruleIndexOn(rules, today)]!;
}

/**
 * Loop's frequency (`num` times in `den` days) and measured target for a rule. Every day is 1 in 1; N times a week
 * is N in 7 and N times a month N in 30, as Loop's editor writes them; chosen weekdays, which Loop has not, are as
 * many times a week. A measured target counts over the frequency's days: a day 1, a week 7, a month 30; a measured
 * habit's "how often" has no place in Loop and is left out (it is due every day there).
 */
function loopRuleOf(rule: Omit<HabitRule, "from">) {
  const { frequency, target } = rule;
  if (target) {
    const den = target.per === "day" ? 1 : target.per === "week" ? 7 : 30;
    return {
      type: 1,
      num: 1,
      den,
      targetType: target.atMost ? 1 : 0,
      targetValue: target.amount,
      unit: target.unit,
    };
  }
  let [num, den] = [1, 1];
  if (frequency && "weekdays" in frequency) [num, den] = [frequency.weekdays.length, 7];
  else if (frequency) [num, den] = [frequency.times, frequency.per === "week" ? 7 : 30];
  // Loop's Frequency reads n in n days as every day.
  if (num >= den) [num, den] = [1, 1];
  return { type: 0, num, den, targetType: 0, targetValue: 0, unit: "" };
}

/** Loop's reminder columns: its day mask has Saturday as bit 0 (its WeekdayList), ours 0 = Sunday. */
function reminderColumns(reminder: ExportReminder | undefined) {
  if (!reminder) return { reminder_hour: null, reminder_min: null, reminder_days: 0 };
  const [hour, minute] = reminder.time.split(":").map(Number);
  let days = 0;
  for (const weekday of reminder.weekdays ?? [0, 1, 2, 3, 4, 5, 6]) days |= 1 << ((weekday + 1) % 7);
  return { reminder_hour: hour!, reminder_min: minute!, reminder_days: days === 0 ? 0x7f : days };
}

/**
 * A habit's days as Loop's entries: a yes/no day done 2, skipped 3; a measured or quit day's number × 1000, or 3
 * skipped (its number, if any, has no place beside Loop's skip); a day of a vacation that holds nothing, from the
 * habit's first rule up to today, skipped; a note on its day's entry, or on an unknown (-1) entry of its own.
 */
function entriesOf(habit: StoredHabit, id: number, vacations: readonly Vacation[], today: LocalDate) {
  const days = new Map<LocalDate, { value: number; notes: string }>();
  const set = (date: LocalDate, value: number) => days.set(date, { value, notes: "" });
  if ((habit.kind ?? "yesNo") === "yesNo") {
    for (const date of habit.completedDates) set(date, LOOP_YES);
  } else {
    for (const [date, value] of habit.values ?? []) set(date, Math.round(value * 1000));
  }
  for (const date of habit.skippedDates ?? []) if (days.get(date)?.value !== LOOP_YES) set(date, LOOP_SKIP);
  const first = habit.rules?.[0]?.from ?? habit.createdAt.slice(0, 10);
  for (const vacation of vacations) {
    const from = Math.max(toDayNumber(vacation.from), toDayNumber(first));
    const to = Math.min(toDayNumber(vacation.to), toDayNumber(today));
    for (let day = from; day <= to; day++) {
      const date = fromDayNumber(day);
      if (!days.has(date)) set(date, LOOP_SKIP);
    }
  }
  for (const [date, note] of habit.notes ?? []) {
    const entry = days.get(date);
    if (entry) entry.notes = note;
    else days.set(date, { value: LOOP_UNKNOWN, notes: note });
  }
  return [...days]
    .map(([date, { value, notes }]) => ({ habit: id, timestamp: toDayNumber(date) * DAY_MS, value, notes }))
    .sort((a, b) => a.timestamp - b.timestamp);
}

/** Loop's rows for the user's habits (docs/decisions/0071 says what has no equal in Loop and how it is written). */
export function loopExportRows({ habits, reminders, vacations, today }: LoopExportInput): LoopExport {
  const rows: LoopHabitRow[] = [];
  const entries: LoopEntryRow[] = [];
  habits.forEach((habit, index) => {
    const id = index + 1;
    const rule = loopRuleOf(ruleToday(habit, today));
    const uuid = habit.uuid ?? uuidOfId(habit.id);
    rows.push({
      id,
      archived: habit.archived ? 1 : 0,
      color: LOOP_DEFAULT_COLOR,
      description: "",
      freq_den: rule.den,
      freq_num: rule.num,
      highlight: 0,
      name: habit.name,
      position: index,
      ...reminderColumns(reminders.get(habit.id)),
      type: rule.type,
      target_type: rule.targetType,
      target_value: rule.targetValue,
      unit: rule.unit,
      question: "",
      // Every habit has a uuid (habit-uuid.ts); one from a test's id that is none gets its own place's.
      uuid: isHabitUuid(uuid) ? uuid : String(id).padStart(32, "0"),
    });
    entries.push(...entriesOf(habit, id, vacations, today));
  });
  return { habits: rows, entries };
}

/** A SQLite database to write into: `exec` runs a statement, `insert` one statement for each row of values. */
export type LoopWriter = {
  exec: (sql: string) => void;
  insert: (sql: string, rows: readonly (number | string | null)[][]) => void;
};

const insertInto = (table: string, columns: readonly string[]) =>
  `insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`;

/** Loop's tables (loop-schema.ts), Android's locale, the rows, and Loop's version: a file Loop opens as its own. */
export function writeLoopDatabase(db: LoopWriter, { habits, entries }: LoopExport): void {
  for (const statement of loopSchema(LOOP_EXPORT_VERSION)) db.exec(statement);
  db.insert("insert into android_metadata (locale) values (?)", [["en_US"]]);
  db.exec("begin");
  const habitColumns = Object.keys(habits[0] ?? {}) as (keyof LoopHabitRow)[];
  if (habits.length > 0)
    db.insert(
      insertInto("Habits", habitColumns),
      habits.map((row) => habitColumns.map((column) => row[column])),
    );
  db.insert(
    insertInto("Repetitions", ["habit", "timestamp", "value", "notes"]),
    entries.map((e) => [e.habit, e.timestamp, e.value, e.notes]),
  );
  db.exec("commit");
  db.exec(`pragma user_version = ${LOOP_EXPORT_VERSION}`);
}

/** The file's name: the day it was written. */
export const loopExportFileName = (today: LocalDate) => `habit-streaks-for-loop-${today}.db`;
