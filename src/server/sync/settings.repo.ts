// The user's settings that decide days: the day start, the vacations and the week's first day, and their groups of
// habits, with the change number of their last write, so that a pull carries them only when they changed after its
// cursor (docs/decisions/0029, 0070).
import { compiledOnce } from "../db/compiled-once";
import type { Db } from "../db/database";
import { DEFAULT_DAY_START } from "../../core/day-start";
import type { WeekStart } from "../../core/habit-kind";
import { isHabitGroup } from "../../core/habit-groups";
import type { HabitGroup, SyncSettings } from "../../core/sync";
import { isVacation, type Vacation } from "../../core/vacation";

/** The settings and the version that last changed them (0: never set, the defaults). */
export type StoredSettings = SyncSettings & { version: number };

const DEFAULTS: StoredSettings = {
  dayStart: DEFAULT_DAY_START,
  vacations: [],
  weekStart: null,
  groups: [],
  version: 0,
};

/** Written only by writeSettings, from a validated, normalised list. */
function vacationsOf(column: string): Vacation[] {
  const value: unknown = JSON.parse(column);
  return Array.isArray(value) ? value.filter(isVacation) : [];
}

/** Written only by writeSettings, from a checked, sorted list (core/habit-groups.ts). */
function groupsOf(column: string | undefined): HabitGroup[] {
  if (column === undefined) return [];
  const value: unknown = JSON.parse(column);
  return Array.isArray(value) ? value.filter(isHabitGroup) : [];
}

type SettingsRow = {
  day_start: number;
  vacations: string;
  version: number | string;
  week_start?: number | null;
  groups?: string;
};

const weekStartOf = (column: number | null | undefined): WeekStart | null =>
  column === 0 || column === 1 ? column : null;

/** A user_settings row as stored, or the defaults without one. */
export function settingsOf(row: SettingsRow | null | undefined): StoredSettings {
  if (!row) return { ...DEFAULTS, vacations: [], groups: [] };
  return {
    dayStart: row.day_start,
    vacations: vacationsOf(row.vacations),
    weekStart: weekStartOf(row.week_start),
    groups: groupsOf(row.groups),
    version: Number(row.version),
  };
}

// Every REST mark reads the user's vacations: the statement is compiled once per database.
const readRow = compiledOnce<SettingsRow>((db) =>
  db
    .selectFrom("user_settings")
    .select(["day_start", "vacations", "version", "week_start", "groups"])
    .where("user_id", "=", ""),
);

export async function readSettings(db: Db, userId: string): Promise<StoredSettings> {
  return settingsOf((await readRow(db, [userId]))[0]);
}

/** Each given field replaces the stored one (last writer wins); the row takes the change number `version`. */
export async function writeSettings(
  trx: Db,
  userId: string,
  { dayStart, vacations, weekStart, groups }: Partial<SyncSettings>,
  version: number,
): Promise<void> {
  const set = {
    ...(dayStart !== undefined && { day_start: dayStart }),
    ...(vacations !== undefined && { vacations: JSON.stringify(vacations) }),
    ...(weekStart !== undefined && { week_start: weekStart }),
    ...(groups !== undefined && { groups: JSON.stringify(groups) }),
    version,
  };
  await trx
    .insertInto("user_settings")
    .values({
      user_id: userId,
      day_start: dayStart ?? DEFAULT_DAY_START,
      vacations: JSON.stringify(vacations ?? []),
      week_start: weekStart ?? null,
      groups: JSON.stringify(groups ?? []),
      version,
    })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(set))
    .execute();
}
