// The history columns on a habit row (history-migration.ts), read and written in one place for the REST
// answers, sync pulls, pushes and imports alike.
import { HABIT_KINDS, type HabitKind, type HabitRule } from "../../core/habit-kind";
import { isSchedule, normalizeSchedule, type Schedule } from "../../core/schedule";

/** The canonical schedule as JSON text (one representation, docs/decisions/0028); null: every day. */
export function scheduleColumn(schedule: Schedule | null | undefined): string | null {
  const canonical = normalizeSchedule(schedule);
  return canonical ? JSON.stringify(canonical) : null;
}

/** The stored schedule (canonical: only scheduleColumn writes it); null for every day. */
export function scheduleOf(column: string | null): Schedule | null {
  if (column === null) return null;
  const value: unknown = JSON.parse(column);
  return isSchedule(value) ? value : null;
}

/**
 * The stored rules (habit-kinds-migration.ts writes them for every habit, the writes below for every new one). A
 * row an older release's server wrote has none: one rule of its schedule from its first day, as the migration makes.
 */
export function rulesOf(row: {
  rules: string | null;
  schedule: string | null;
  created_at: string;
}): HabitRule[] {
  if (row.rules) {
    const value: unknown = JSON.parse(row.rules);
    if (Array.isArray(value) && value.length > 0) return value as HabitRule[];
  }
  return [{ from: row.created_at.slice(0, 10), frequency: scheduleOf(row.schedule), target: null }];
}

/** The stored kind; anything else (none was ever written) reads as yes/no. */
export const kindOf = (column: string): HabitKind =>
  (HABIT_KINDS as readonly string[]).includes(column) ? (column as HabitKind) : "yesNo";

/**
 * The rules' columns: the rules as JSON text, and the schedule a reader of the previous release sees, the last rule's
 * weekdays or every day (docs/decisions/0061).
 */
export function rulesColumns(rules: readonly HabitRule[]): { rules: string; schedule: string | null } {
  const last = rules.at(-1)?.frequency ?? null;
  return {
    rules: JSON.stringify(rules),
    schedule: last !== null && "weekdays" in last ? scheduleColumn(last) : null,
  };
}
