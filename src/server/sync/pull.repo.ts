// What changed for a user after a cursor, a page at a time, oldest change first (GET /api/sync), and when a pull
// cannot be answered by changes since the device's cursor (docs/decisions/0027-sync-pruning.md).
import { sql } from "kysely";
import { isPostgres, type Db } from "../db/database";
import { kindOf, rulesOf, scheduleOf } from "../db/habit-columns";
import { DAY_DONE, DAY_SKIPPED } from "../db/schema";
import { joinedDayRanges } from "../../core/day-ranges";
import type { SyncHabit, SyncHabitDays, SyncPull } from "../../core/sync";
import { readSettings, settingsOf, type StoredSettings } from "./settings.repo";
import { currentVersion } from "./versions.repo";

type Source = "habits" | "deleted_habits" | "completions";
/**
 * A habit row as both dialects answer it: id, name, created_at, updated_at, schedule, archived, position, emoji,
 * kind, rules (JSON text), step, group_id.
 */
type HabitTuple = [
  string,
  string,
  string,
  string,
  string | null,
  number,
  number,
  string | null,
  string,
  string | null,
  number,
  string | null,
];
/** One habit's days of one state in a page, joined by commas in no particular order. */
type DaysTuple = [habitId: string, done: number, dates: string];
/** A day of the page with a number or a note (docs/decisions/0063). */
type EntryTuple = [habitId: string, date: string, value: number | null, note: string | null];
/** A page as read from the database, before its days become ranges. */
type Page = {
  end: number;
  upTo: number;
  habits: HabitTuple[];
  extra: HabitTuple[];
  deleted: string[];
  days: DaysTuple[];
  entries: EntryTuple[];
  settings: StoredSettings;
};

const toSyncHabit = ([
  id,
  name,
  createdAt,
  updatedAt,
  schedule,
  archived,
  position,
  emoji,
  kind,
  rules,
  step,
  groupId,
]: HabitTuple): SyncHabit => ({
  id,
  name,
  createdAt,
  updatedAt,
  schedule: scheduleOf(schedule),
  archived: archived === 1,
  position,
  emoji,
  kind: kindOf(kind),
  rules: rulesOf({ rules, schedule, created_at: createdAt }),
  step: Number(step),
  groupId,
});

const byDate = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Which list of SyncHabitDays a stored day state goes to. */
const listOf = (done: number) => (done === DAY_DONE ? "done" : done === DAY_SKIPPED ? "skipped" : "undone");

/**
 * A page covers the versions after the cursor up to where the first source reaches `limit` rows, so it holds at
 * most `limit` rows of each kind. On PostgreSQL the whole page is one statement, so one snapshot, in which no row
 * is newer than the counter (a write takes its numbers and writes its rows in one transaction). The first `limit`
 * days after the cursor are read once, in version order, from the covering (user_id, version, habit_id, done,
 * date) index, and joined per habit and state by a hash aggregate, in no order: sorting ten years of days (180,000
 * rows) in the database, for an ordered string_agg or for runs of days by window functions, was most of a first
 * sync's time, while they come out of the version index already in date order per habit after an import or a
 * day-by-day history (joinedDayRanges sorts only a list that is not). Their count and last version give the page's
 * end, unless habits or deleted habits reach `limit` changes first, or the counter.
 */
async function postgresPage(db: Db, userId: string, after: number, limit: number): Promise<Page> {
  const toEnd = sql`user_id = ${userId} and version > ${after} and version <= (select v from page)`;
  const limitEnd = (table: Source) =>
    sql`(select version from ${sql.table(table)} where user_id = ${userId} and version > ${after}
      order by version offset ${limit - 1} limit 1)`;
  const habit = sql`json_build_array(id, name, created_at, updated_at, schedule, archived, position, emoji, kind,
    rules, step, group_id)`;
  const query = sql<{
    end: string;
    up: string;
    habits: HabitTuple[] | null;
    extra: HabitTuple[] | null;
    deleted: string[] | null;
    settings: [number, string, number | string, number | null, string] | null;
    entries: EntryTuple[] | null;
    habit_id: string | null;
    done: number | null;
    dates: string | null;
  }>`
    with up as (select coalesce((select version from sync_state where user_id = ${userId}), 0) as v),
    -- Where the page ends at the latest: where habits or deleted habits reach the limit, else at the counter.
    bound as (
      select coalesce(least(${limitEnd("habits")}, ${limitEnd("deleted_habits")}), up.v) as v from up
    ),
    days as materialized (
      select habit_id, done, string_agg(date, ',') as dates, count(*) as n, max(version) as last
      from (select habit_id, done, date, version from completions
        where user_id = ${userId} and version > ${after} and version <= (select v from bound)
        order by version limit ${limit}) as c
      group by habit_id, done
    ),
    page as (
      select greatest(${after}, case when (select sum(n) from days) = ${limit} then (select max(last) from days)
        else bound.v end) as v, up.v as up
      from up, bound
    )
    -- One row for the page, then one per habit and state with its days: plain text, which PostgreSQL sends as it
    -- is (JSON would escape 200 KiB of dates character by character).
    select page.v as end, page.up,
      (select json_agg(${habit} order by version) from habits where ${toEnd}) as habits,
      -- Days of a habit whose row changed later than them: the row goes too, so a device never holds days of an
      -- unknown habit.
      (select json_agg(${habit} order by version) from habits
        where user_id = ${userId} and not (version > ${after} and version <= page.v)
          and id in (select habit_id from days)) as extra,
      (select json_agg(id order by version) from deleted_habits where ${toEnd}) as deleted,
      (select json_build_array(day_start, vacations, version, week_start, groups) from user_settings
        where user_id = ${userId}) as settings,
      -- The page's days with a number or a note, from their partial index (habit-kinds-migration.ts).
      (select json_agg(json_build_array(habit_id, date, value, note)) from completions
        where ${toEnd} and (value is not null or note is not null)) as entries,
      null as habit_id, null::integer as done, null as dates
    from page
    union all
    select null, null, null, null, null, null, null, habit_id, done, dates from days`;
  // The only good plan reads the index in version order and hashes the days. PostgreSQL cannot tell from its
  // estimates of one user's rows (rows just imported, an account much larger than the others): with some it sorts
  // every remaining row of the user (on disk), with others the page's rows by habit, each several times the cost
  // of the page. So sorting is off for this statement, in a transaction of its own (three more round trips, under
  // a millisecond), and so is JIT compilation, which the cost of a disabled path would otherwise set off.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`.execute(trx);
    return query.execute(trx);
  });
  const row = rows.find((r) => r.habit_id === null)!;
  return {
    end: Number(row.end),
    upTo: Number(row.up),
    habits: row.habits ?? [],
    extra: row.extra ?? [],
    deleted: row.deleted ?? [],
    days: rows.filter((r) => r.habit_id !== null).map((r): DaysTuple => [r.habit_id!, r.done!, r.dates!]),
    entries: row.entries ?? [],
    settings: settingsOf(
      row.settings && {
        day_start: row.settings[0],
        vacations: row.settings[1],
        version: row.settings[2],
        week_start: row.settings[3],
        groups: row.settings[4],
      },
    ),
  };
}

/** The version of the source's `limit`-th change after `after`, read from its (user_id, version) index alone. */
async function limitEnd(db: Db, table: Source, userId: string, after: number, upTo: number, limit: number) {
  const row = await db
    .selectFrom(table)
    .select("version")
    .where("user_id", "=", userId)
    .where("version", ">", after)
    .where("version", "<=", upTo)
    .orderBy("version")
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.version) : undefined;
}

const HABIT_COLUMNS = [
  "id",
  "name",
  "created_at",
  "updated_at",
  "schedule",
  "archived",
  "position",
  "emoji",
  "kind",
  "rules",
  "step",
  "group_id",
] as const;

const habitTuple = (row: {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  schedule: string | null;
  archived: number;
  position: number;
  emoji: string | null;
  kind: string;
  rules: string | null;
  step: number;
  group_id: string | null;
}): HabitTuple => [
  row.id,
  row.name,
  row.created_at,
  row.updated_at,
  row.schedule,
  row.archived,
  row.position,
  row.emoji,
  row.kind,
  row.rules,
  row.step,
  row.group_id,
];

/** SQLite answers in-process, so a few statements cost no round trips; the same page as on PostgreSQL. */
async function sqlitePage(db: Db, userId: string, after: number, limit: number): Promise<Page> {
  const upTo = await currentVersion(db, userId);
  const sources: Source[] = ["habits", "deleted_habits", "completions"];
  const ends = await Promise.all(sources.map((table) => limitEnd(db, table, userId, after, upTo, limit)));
  const full = ends.filter((end) => end !== undefined);
  const end = Math.max(after, full.length > 0 ? Math.min(...full) : upTo);
  const [habits, deleted, days, entries, settings] = await Promise.all([
    db
      .selectFrom("habits")
      .select(HABIT_COLUMNS)
      .where("user_id", "=", userId)
      .where("version", ">", after)
      .where("version", "<=", end)
      .orderBy("version")
      .execute(),
    db
      .selectFrom("deleted_habits")
      .select("id")
      .where("user_id", "=", userId)
      .where("version", ">", after)
      .where("version", "<=", end)
      .orderBy("version")
      .execute(),
    db
      .selectFrom("completions")
      .select(["habit_id", "done", sql<string>`group_concat(date, ',')`.as("dates")])
      .where("user_id", "=", userId)
      .where("version", ">", after)
      .where("version", "<=", end)
      .groupBy(["habit_id", "done"])
      .execute(),
    // The page's days with a number or a note, from their partial index (habit-kinds-migration.ts).
    db
      .selectFrom("completions")
      .select(["habit_id", "date", "value", "note"])
      .where("user_id", "=", userId)
      .where("version", ">", after)
      .where("version", "<=", end)
      .where(sql<boolean>`(value is not null or note is not null)`)
      .execute(),
    readSettings(db, userId),
  ]);
  const sent = new Set(habits.map((row) => row.id));
  const missing = [...new Set(days.map((row) => row.habit_id))].filter((id) => !sent.has(id));
  const extra = missing.length
    ? await db
        .selectFrom("habits")
        .select(HABIT_COLUMNS)
        .where("user_id", "=", userId)
        .where("id", "in", missing)
        .orderBy("version")
        .execute()
    : [];
  return {
    end,
    upTo,
    habits: habits.map(habitTuple),
    extra: extra.map(habitTuple),
    deleted: deleted.map((row) => row.id),
    days: days.map((row): DaysTuple => [row.habit_id, row.done, row.dates]),
    entries: entries.map((row): EntryTuple => [row.habit_id, row.date, row.value, row.note]),
    settings,
  };
}

/** Every row carries its own version (versions.repo.ts); see postgresPage for how a page is cut. */
export async function pullChanges(db: Db, userId: string, after: number, limit: number): Promise<SyncPull> {
  const page = await (isPostgres(db) ? postgresPage : sqlitePage)(db, userId, after, limit);
  const byHabit = new Map<string, SyncHabitDays>();
  const undone = new Map<string, string>();
  for (const [habitId, done, dates] of page.days) {
    let days = byHabit.get(habitId);
    if (!days)
      byHabit.set(habitId, (days = { habitId, done: [], skipped: [], undone: [], values: [], notes: [] }));
    // A day holding only a number or a note (DAY_ENTRY) is neither done nor skipped: "undone", with its entry. Its
    // group and the tombstones' are one list (rare: the dates are joined again).
    const list = listOf(done);
    const both = undone.get(habitId);
    if (list === "undone" && both !== undefined) days.undone = joinedDayRanges(`${both},${dates}`);
    else days[list] = joinedDayRanges(dates);
    if (list === "undone") undone.set(habitId, dates);
  }
  for (const [habitId, date, value, note] of page.entries) {
    const days = byHabit.get(habitId);
    if (!days) continue; // every entry is one of the page's days
    if (value !== null) days.values.push([date, Number(value)]);
    if (note !== null) days.notes.push([date, note]);
  }
  for (const days of byHabit.values()) {
    days.values.sort(byDate);
    days.notes.sort(byDate);
  }
  // Habit ids in byte order (they are UUIDs: ASCII), whatever order the database grouped them in.
  const completions = [...byHabit.values()].sort((a, b) =>
    a.habitId < b.habitId ? -1 : a.habitId > b.habitId ? 1 : 0,
  );
  // Settings only when they changed after the cursor, and always from the beginning (defaults when never set).
  const { version, ...settings } = page.settings;
  return {
    cursor: String(page.end),
    more: page.end < page.upTo,
    habits: [...page.habits, ...page.extra].map(toSyncHabit),
    completions,
    deletedHabitIds: page.deleted,
    ...((after === 0 || version > after) && { settings }),
  };
}

/**
 * True when `cursor` is ahead of the user's counter (the database was restored from an older backup) or below
 * their horizon (tombstones after it were pruned). A cursor of 0 asks for everything and is never stale. One
 * statement, so the counter and the horizon come from one snapshot.
 */
export async function isStaleCursor(db: Db, userId: string, cursor: number): Promise<boolean> {
  if (cursor === 0) return false;
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("sync_state").select("version").where("user_id", "=", userId).as("current"),
      eb.selectFrom("sync_horizons").select("version").where("user_id", "=", userId).as("horizon"),
    ])
    .executeTakeFirstOrThrow();
  return cursor > Number(row.current ?? 0) || cursor < Number(row.horizon ?? 0);
}
