// The days of many habits, read a page at a time: an account may hold 100,000 days, and SQLite reads run on the
// event loop's thread, so one statement over all of them would hold it for long (docs/decisions/0017).
import type { Db } from "../db/database";
import { DAY_DONE, DAY_NONE, type DayCode } from "../db/schema";
import type { LocalDate } from "../../core/local-date";
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

/** Every day done or skipped of these habits, ascending; a habit left out of the map's answer has none. */
export async function datesOfHabits(
  db: Db,
  ids: readonly string[],
  pause: Pause = slicer(),
): Promise<Map<string, HabitDates>> {
  const dates = new Map<string, HabitDates>(ids.map((id) => [id, { done: [], skipped: [] }]));
  const add: Add = (habitId, date, state) => {
    const habit = dates.get(habitId);
    if (habit) (state === DAY_DONE ? habit.done : habit.skipped).push(date);
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
