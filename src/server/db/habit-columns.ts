// The history columns on a habit row (history-migration.ts), read and written in one place for the REST
// answers, sync pulls, pushes and imports alike.
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
