// The days of many habits, read a page at a time: an account may hold 100,000 days, and SQLite reads run on the
// event loop's thread, so one statement over all of them would hold it for long (docs/decisions/0017).
import type { Db } from "../db/database";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type DayCode } from "../db/schema";
import { willNotChange } from "../../core/habit-days";
import { firstNotBefore, type LocalDate } from "../../core/local-date";
import { chunks, slicer, type Pause } from "./slices";

// Rows a statement reads: a few milliseconds. Ids a statement names: few bound parameters.
const PAGE = 2000;
const IDS = 500;

/** A habit's days done and days skipped, each ascending. */
export type HabitDates = { done: LocalDate[]; skipped: LocalDate[] };

type Add = (habitId: string, date: LocalDate, state: DayCode) => void;

/** Reads one habit's days after `after`, a page at a time, by the (habit_id, date) key. */
async function restOfHabit(db: Db, habitId: string, after: LocalDate, add: Add, pause: Pause) {
  for (let from = after; ;) {
    await pause();
    const rows = await db
      .selectFrom("completions")
      .select(["date", "done"])
      .where("habit_id", "=", habitId)
      .where("date", ">", from)
      .where("done", "<>", DAY_NONE)
      .orderBy("date")
      .limit(PAGE)
      .execute();
    for (const row of rows) add(habitId, row.date, row.done);
    if (rows.length < PAGE) return;
    from = rows[rows.length - 1]!.date;
  }
}

// One string per date for all the days kept in memory (the days kept below, core's remembered days): a day is
// then an array slot, not a string of its own. Dates are few (3,650 in ten years); the table starts again past this.
const INTERNED_MAX = 50_000;
const internedDates = new Map<string, LocalDate>();

export function interned(date: LocalDate): LocalDate {
  const known = internedDates.get(date);
  if (known !== undefined) return known;
  if (internedDates.size >= INTERNED_MAX) internedDates.clear();
  internedDates.set(date, date);
  return date;
}

/** Every day done or skipped of these habits, ascending; a habit left out of the map's answer has none. */
export async function datesOfHabits(
  db: Db,
  ids: readonly string[],
  pause: Pause = slicer(),
): Promise<Map<string, HabitDates>> {
  const dates = new Map<string, HabitDates>(ids.map((id) => [id, { done: [], skipped: [] }]));
  const add: Add = (habitId, date, state) => {
    const habit = dates.get(habitId);
    if (habit) (state === DAY_DONE ? habit.done : habit.skipped).push(interned(date));
  };
  for (let group of chunks(ids, IDS)) {
    while (group.length > 0) {
      await pause();
      const rows = await db
        .selectFrom("completions")
        .select(["habit_id", "date", "done"])
        .where("habit_id", "in", group)
        .where("done", "<>", DAY_NONE)
        .orderBy("habit_id")
        .orderBy("date")
        .limit(PAGE)
        .execute();
      for (const row of rows) add(row.habit_id, row.date, row.done);
      if (rows.length < PAGE) break;
      // A full page holds its habits whole, except perhaps the last: read the rest of that one alone, then go on
      // with the habits not seen yet (one without days may be asked again: it answers nothing).
      const last = rows[rows.length - 1]!;
      await restOfHabit(db, last.habit_id, last.date, add, pause);
      const seen = new Set(rows.map((row) => row.habit_id));
      group = group.filter((id) => !seen.has(id));
    }
  }
  return dates;
}

/**
 * `dates` with `date` in or out: a new array when that changes it, never the one given (others may hold it). One
 * array of the new length, as it is kept until the habit's
 * next write: a copy grown by splice or push would keep half as many slots again.
 */
function withDate(dates: LocalDate[], date: LocalDate, present: boolean): LocalDate[] {
  const at = firstNotBefore(dates, date);
  if ((dates[at] === date) === present) return dates;
  if (!present) {
    const changed = dates.slice();
    changed.splice(at, 1);
    return changed;
  }
  const changed = new Array<LocalDate>(dates.length + 1);
  for (let i = 0; i < at; i++) changed[i] = dates[i]!;
  changed[at] = date;
  for (let i = at; i < dates.length; i++) changed[i + 1] = dates[i]!;
  return changed;
}

/** A habit's days with one day set to `state`, as the database answers them after that write. */
export const withDay = (dates: HabitDates, date: LocalDate, state: DayCode): HabitDates => ({
  done: withDate(dates.done, date, state === DAY_DONE),
  skipped: withDate(dates.skipped, date, state === DAY_SKIPPED),
});

// Days kept over all habits, for the list and the REST mark, their dates interned: about 4 MB of array slots at most.
const KEPT_DAYS = 500_000;

/**
 * A habit's days as they stood when its row had version `habitVersion`, and, for those a write kept, when its
 * user's change counter stood at `counter` (NaN for days the list read: no counter is known there).
 */
type Kept = { userId: string; counter: number; habitVersion: number; dates: HabitDates; size: number };
/** A habit's kept days, and where its row's version and its user's counter stood when they were kept. */
export type KeptEntry = Pick<Kept, "counter" | "habitVersion" | "dates">;

const keptByDb = new WeakMap<Db, ReturnType<typeof keepDates>>();

/** Entries by key, each of a size, at most `max` in all; setting one makes it the newest, the oldest go first. */
function sizedEntries<V extends { size: number }>(max: number) {
  const entries = new Map<string, V>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
  };
  return {
    get: (key: string) => entries.get(key),
    /** Makes the entry under `key`, if any, the newest. */
    touch(key: string) {
      const entry = entries.get(key);
      if (!entry) return;
      entries.delete(key);
      entries.set(key, entry);
    },
    /** Keeps `entry` under `key` (one larger than `max` alone is not kept), dropping the oldest past `max`. */
    set(key: string, entry: V) {
      drop(key);
      if (entry.size > max) return;
      entries.set(key, entry);
      total += entry.size;
      for (const oldest of entries.keys()) {
        if (total <= max) break;
        drop(oldest);
      }
    },
  };
}

/** The days kept per habit for one database, the least recently kept first. */
function keepDates() {
  const kept = sizedEntries<Kept>(KEPT_DAYS);
  const keep = (
    userId: string,
    habitId: string,
    counter: number,
    habitVersion: number,
    dates: HabitDates,
  ) => {
    // A kept list is never changed (a write's days are a new list: withDate), so core's remembered day numbers may
    // hold it as it is instead of a copy, a copy that every mark made again (core/habit-days.ts: willNotChange).
    willNotChange(dates.done);
    willNotChange(dates.skipped);
    kept.set(habitId, {
      userId,
      counter,
      habitVersion,
      dates,
      size: dates.done.length + dates.skipped.length + 1,
    });
  };
  return {
    /**
     * The habit's days after setting `date` to `state`, if they were kept when the user's change counter stood at
     * `counter` (so that no write of the user came between); undefined otherwise.
     */
    after(userId: string, habitId: string, counter: number, date: LocalDate, state: DayCode) {
      const entry = kept.get(habitId);
      if (!entry || entry.userId !== userId || entry.counter !== counter) return undefined;
      return withDay(entry.dates, date, state);
    },
    /** The habit's kept entry, if it was kept for this user. */
    entry(userId: string, habitId: string): KeptEntry | undefined {
      const entry = kept.get(habitId);
      return entry && entry.userId === userId ? entry : undefined;
    },
    /**
     * Keeps a write's answer: the habit's days as they are, committed, when the user's change counter stands at
     * `counter` and the habit's row at version `habitVersion`.
     */
    set: keep,
    /** The kept days of each habit whose row still has the version they were kept at. */
    reusable(userId: string, habits: readonly { id: string; version: number }[]): Map<string, HabitDates> {
      const found = new Map<string, HabitDates>();
      for (const { id, version } of habits) {
        const entry = kept.get(id);
        if (!entry || entry.userId !== userId || entry.habitVersion !== version) continue;
        found.set(id, entry.dates);
        kept.touch(id); // listed again: the newest
      }
      return found;
    },
    /**
     * Keeps the days the list read, under the versions the rows had when read, before the days were. A habit kept
     * at that version already (by a write, with its counter) keeps its entry.
     */
    keepRead(
      userId: string,
      habits: readonly { id: string; version: number }[],
      dates: Map<string, HabitDates>,
    ) {
      for (const { id, version } of habits) {
        const days = dates.get(id);
        const entry = kept.get(id);
        if (days && !(entry && entry.userId === userId && entry.habitVersion === version))
          keep(userId, id, Number.NaN, version, days);
      }
    },
  };
}

/**
 * A habit's days as they stood at a committed version of its row, and for a write's answer at a committed value
 * of its user's change counter (docs/decisions/0032, 0043, 0045). Every write of a user takes numbers from that
 * counter in its transaction (sync/versions.repo.ts), and every write of a habit's days gives its row one of them:
 * while the counter has not moved on, or the row keeps its version, none of the habit's days changed, in this
 * process or another. The list reads again only the habits whose row moved (listDatesOfHabits); the REST mark
 * answers its habit without reading every day again (habits.repo.ts setCompletion, mark-now.repo.ts).
 */
export function keptDates(db: Db) {
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = keepDates()));
  return kept;
}

/**
 * The days of a user's habits for the list, read again only for the habits whose row changed since they were
 * last kept here. Every write of a habit's days also gives its row a new version, in the same transaction, from the
 * user's change counter (sync/push.repo.ts setDay, sync/push-days.repo.ts, habits/mark-now.repo.ts, habits.repo.ts
 * setCompletion), and a version is never taken twice: while a habit's row has the version its days were kept
 * with, no day of it changed, in this process or another. A habit deleted and created again is a new row with a
 * new version. The rows must be read before the days: days kept under an older version are read again next time.
 */
export async function listDatesOfHabits(
  db: Db,
  userId: string,
  habits: readonly { id: string; version: number }[],
  pause: Pause = slicer(),
): Promise<Map<string, HabitDates>> {
  const kept = keptDates(db);
  const dates = kept.reusable(userId, habits);
  const missing = habits.filter((habit) => !dates.has(habit.id)).map((habit) => habit.id);
  if (missing.length > 0) {
    const read = await datesOfHabits(db, missing, pause);
    for (const [id, days] of read) dates.set(id, days);
    kept.keepRead(
      userId,
      habits.filter((habit) => read.has(habit.id)),
      read,
    );
  }
  return dates;
}
