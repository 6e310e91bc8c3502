import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isPostgres, type Db } from "../db/database";
import { rulesColumns, scheduleOf } from "../db/habit-columns";
import { DAY_DONE, DAY_ENTRY, DAY_SKIPPED, type DayCode } from "../db/schema";
import type { StoredHabit } from "../../core/habit";
import { DEFAULT_STEP, type HabitKind, type HabitRule } from "../../core/habit-kind";
import type { LocalDate } from "../../core/local-date";
import { normalizeSchedule, type Schedule } from "../../core/schedule";
import { nextFiringOf } from "../reminders/firing";
import { insertReminder } from "../reminders/reminders.repo";
import { listHabits } from "./habits.repo";
import { changeDayCount, countHabits, lockOwner, setDayCount } from "./owner.repo";
import { checkQuota, storedDays, usageOf, type UserLimits } from "./quota";
import { chunks, mapInSlices, slicer, type Pause } from "./slices";
import { buryHabits, nextVersions } from "../sync/versions.repo";
import { onWriter } from "../db/writer";
import { groupsByName } from "../groups/groups.repo";
import { sameNameKey } from "../../core/same-name";

/** A backup item as parsed (core/backup-schema.ts): the history fields are optional. */
export type ImportedHabit = {
  name: string;
  completedDates: readonly LocalDate[];
  skippedDates?: readonly LocalDate[];
  schedule?: Schedule | null;
  archived?: boolean;
  position?: number;
  emoji?: string | null;
  /** Kinds, numbers and notes (docs/decisions/0061); absent: a yes/no habit of its schedule. */
  kind?: HabitKind;
  rules?: readonly HabitRule[];
  step?: number;
  values?: readonly (readonly [LocalDate, number])[];
  notes?: readonly (readonly [LocalDate, string])[];
  /** The habit's own reminder, at its time on its weekdays (absent: every day). */
  reminder?: { time: string; weekdays?: readonly number[] } | null;
  /** Its group's name (docs/decisions/0070); absent or null: ungrouped. */
  group?: string | null;
};

/** A backup's group: found by name among the user's, or made (groups/groups.repo.ts: groupsByName). */
export type ImportedGroup = { name: string; folded?: boolean };

// Habits per insert: well under both dialects' bound-parameter limits.
const HABITS_PER_STATEMENT = 500;
// Days per insert. They travel as one JSON parameter: a row of parameters a day cost the event loop more
// (building them, and collecting them afterwards) than the database's work, which runs on its own thread.
const DAYS_PER_STATEMENT = 5000;

/** `(key, value)` rows, a habit id and a date each, from a JSON object of habit ids to arrays of dates. */
const daysOf = (db: Db, json: string) =>
  isPostgres(db)
    ? sql`select h.key, d.value from json_each(${json}::json) as h, json_array_elements_text(h.value) as d(value)`
    : sql`select h.key, d.value from json_each(${json}) as h, json_each(h.value) as d`;

/** The habits' days of one state: `completedDates` done, `skippedDates` skipped. */
async function insertDays(
  trx: Db,
  userId: string,
  habits: readonly StoredHabit[],
  state: DayCode,
  pause: Pause,
): Promise<void> {
  let group: Record<string, readonly LocalDate[]> = {};
  let days = 0;
  const flush = async () => {
    await pause();
    // Each day gets its own change number, so that a sync pull may end a page anywhere (sync/versions.repo.ts).
    const before = (await nextVersions(trx, userId, days)) - 1;
    await sql`insert into completions (habit_id, date, user_id, version, done)
      select s.key, s.value, ${userId}, ${before} + row_number() over (), cast(${state} as integer)
      from (${daysOf(trx, JSON.stringify(group))}) as s`.execute(trx);
    [group, days] = [{}, 0];
  };
  for (const habit of habits) {
    const dates = (state === DAY_DONE ? habit.completedDates : habit.skippedDates) ?? [];
    if (dates.length === 0) continue;
    group[habit.id] = dates;
    days += dates.length;
    if (days >= DAYS_PER_STATEMENT) await flush();
  }
  if (days > 0) await flush();
}

/**
 * The habits' numbers and notes: rows of their own (DAY_ENTRY) for days neither done nor skipped, else set on the
 * day's row written before by insertDays.
 */
async function insertEntries(trx: Db, userId: string, habits: readonly StoredHabit[], pause: Pause) {
  let rows: [string, LocalDate, number | null, string | null][] = [];
  const flush = async () => {
    await pause();
    const before = (await nextVersions(trx, userId, rows.length)) - 1;
    const json = JSON.stringify(rows);
    const source = isPostgres(trx)
      ? sql`select x->>0 as habit_id, x->>1 as date, (x->>2)::double precision as value, x->>3 as note
          from json_array_elements(${json}::json) as d(x)`
      : sql`select d.value ->> 0 as habit_id, d.value ->> 1 as date, d.value ->> 2 as value,
          d.value ->> 3 as note from json_each(${json}) as d`;
    // "where true": SQLite cannot otherwise tell the upsert's "on conflict" from a join constraint.
    await sql`insert into completions (habit_id, date, user_id, version, done, value, note)
      select s.habit_id, s.date, ${userId}, ${before} + row_number() over (), cast(${DAY_ENTRY} as integer),
        s.value, s.note
      from (${source}) as s where true
      on conflict (habit_id, date) do update set value = excluded.value, note = excluded.note`.execute(trx);
    rows = [];
  };
  for (const habit of habits) {
    const days = new Map<LocalDate, [number | null, string | null]>();
    for (const [date, value] of habit.values ?? []) days.set(date, [value, null]);
    for (const [date, note] of habit.notes ?? []) days.set(date, [days.get(date)?.[0] ?? null, note]);
    for (const [date, [value, note]] of days) rows.push([habit.id, date, value, note]);
    if (rows.length >= DAYS_PER_STATEMENT) await flush();
  }
  if (rows.length > 0) await flush();
}

/** Each item's own reminder, at its time on its weekdays, firing in the user's zone (none yet: once they set one). */
async function insertReminders(
  trx: Db,
  userId: string,
  pairs: readonly { item: ImportedHabit; habit: StoredHabit }[],
  now: Date,
) {
  const wanted = pairs.filter(({ item }) => item.reminder);
  if (wanted.length === 0) return;
  const zone = await trx
    .selectFrom("reminder_settings")
    .select("time_zone")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const createdAt = now.toISOString();
  for (const { item, habit } of wanted) {
    const { time, weekdays } = item.reminder!;
    const firing = nextFiringOf(time, zone?.time_zone ?? null, now);
    const at = { ...firing, createdAt, weekdays };
    await insertReminder(trx, { id: randomUUID(), userId, habitId: habit.id, time, ...at });
  }
}

/**
 * New ids always (an imported id could be another user's); the first item gets the newest createdAt and, without a
 * position of its own, position 0, the next 1, and so on, so the list shows the file's order as before positions.
 * Imported dates are the only fact kept: derived fields are recomputed; a day both done and skipped is done.
 * Returns the habits as stored: the user had none before (import deletes them, migration requires it).
 */
export async function insertHabits(
  trx: Db,
  userId: string,
  items: readonly ImportedHabit[],
  now: Date,
  pause: Pause,
  groups: readonly ImportedGroup[] = [],
): Promise<StoredHabit[]> {
  const named = items.flatMap((item) => (item.group ? [{ name: item.group }] : []));
  const groupIds = await groupsByName(trx, userId, [...groups, ...named]);
  const groupOf = (item: ImportedHabit) =>
    item.group ? (groupIds.get(sameNameKey(item.group)) ?? null) : null;
  const habits = await mapInSlices(
    items,
    (item, index): StoredHabit => {
      const at = new Date(now.getTime() - index).toISOString();
      const completedDates = [...new Set(item.completedDates)].sort();
      const done = new Set(completedDates);
      const skippedDates = [...new Set(item.skippedDates)].filter((date) => !done.has(date)).sort();
      // Without rules (a file of an earlier release): its schedule, from its first day, as migration 0014 does.
      const rules = item.rules
        ? [...item.rules]
        : [{ from: at.slice(0, 10), frequency: normalizeSchedule(item.schedule), target: null }];
      return {
        id: randomUUID(),
        userId,
        name: item.name,
        completedDates,
        createdAt: at,
        updatedAt: at,
        skippedDates,
        schedule: scheduleOf(rulesColumns(rules).schedule),
        archived: item.archived ?? false,
        position: item.position ?? index,
        ...(item.emoji && { emoji: item.emoji }),
        kind: item.kind ?? "yesNo",
        rules,
        step: item.step ?? DEFAULT_STEP,
        values: (item.values ?? []).map(([date, value]): [LocalDate, number] => [date, value]).sort(byDate),
        notes: (item.notes ?? []).map(([date, note]): [LocalDate, string] => [date, note]).sort(byDate),
        groupId: groupOf(item),
      };
    },
    pause,
  );
  const first = habits.length > 0 ? await nextVersions(trx, userId, habits.length) : 0;
  for (const [index, chunk] of chunks(habits, HABITS_PER_STATEMENT).entries()) {
    await pause();
    const rows = chunk.map((h, i) => ({
      version: first + index * HABITS_PER_STATEMENT + i,
      id: h.id,
      user_id: userId,
      name: h.name,
      created_at: h.createdAt,
      updated_at: h.updatedAt,
      ...rulesColumns(h.rules!),
      archived: h.archived ? 1 : 0,
      position: h.position ?? 0,
      emoji: h.emoji ?? null,
      kind: h.kind!,
      step: h.step!,
      group_id: h.groupId ?? null,
    }));
    await trx.insertInto("habits").values(rows).execute();
  }
  // The user's count of stored days grows by these (owner.repo.ts), before they are written.
  const days = habits.reduce((sum, h) => sum + storedDays(h), 0);
  await changeDayCount(trx, userId, days);
  await insertDays(trx, userId, habits, DAY_DONE, pause);
  await insertDays(trx, userId, habits, DAY_SKIPPED, pause);
  await insertEntries(trx, userId, habits, pause);
  await insertReminders(
    trx,
    userId,
    items.map((item, index) => ({ item, habit: habits[index]! })),
    now,
  );
  return habits.sort(listOrder);
}

const byDate = (a: [LocalDate, unknown], b: [LocalDate, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** The order of the list (habits.repo.ts: listHabits): by position, then newest first. */
const listOrder = (a: StoredHabit, b: StoredHabit) =>
  (a.position ?? 0) - (b.position ?? 0) ||
  (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1);

/**
 * Import (docs/product.md, "Backup, import and export"): every habit of the user is replaced, in one
 * transaction, so a failure changes nothing.
 */
export const replaceHabits = onWriter(
  "replaceHabits",
  async function replaceHabits(
    db: Db,
    userId: string,
    items: readonly ImportedHabit[],
    now: Date,
    limits: UserLimits,
    groups: readonly ImportedGroup[] = [],
  ): Promise<StoredHabit[]> {
    const pause = slicer();
    return db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      // The file replaces everything, so it alone is what the account will hold.
      checkQuota(limits, usageOf(items));
      // The user's change counter before any habit row, as every write takes them (no deadlock with a rename).
      await nextVersions(trx, userId, 0);
      // Their days go with them (on delete cascade), in one statement on the database's side.
      const old = await trx.deleteFrom("habits").where("user_id", "=", userId).returning("id").execute();
      await setDayCount(trx, userId, 0);
      // Old habits leave tombstones, so that other devices drop them (docs/decisions/0023).
      if (old.length > 0) {
        const first = await nextVersions(trx, userId, old.length);
        await buryHabits(
          trx,
          userId,
          old.map((row) => row.id),
          first,
        );
      }
      return insertHabits(trx, userId, items, now, pause, groups);
    });
  },
);

export type MigrationResult = { skipped: boolean; habits: StoredHabit[] };

/** Migration: copies the local habits only while the user has none, so a rerun creates nothing twice. */
export const migrateHabits = onWriter(
  "migrateHabits",
  async function migrateHabits(
    db: Db,
    userId: string,
    items: readonly ImportedHabit[],
    now: Date,
    limits: UserLimits,
  ): Promise<MigrationResult> {
    const pause = slicer();
    return db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      if ((await countHabits(trx, userId)) > 0)
        return { skipped: true, habits: await listHabits(trx, userId, pause) };
      checkQuota(limits, usageOf(items));
      return { skipped: false, habits: await insertHabits(trx, userId, items, now, pause) };
    });
  },
);
