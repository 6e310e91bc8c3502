// PostgreSQL's list of a user's habits with their days in one statement (docs/decisions/0058): the days come as
// one ascending, comma-separated string a habit and state, aggregated from the (habit_id, date) key that includes
// the state (an index-only scan in date order), instead of a row a day that the app parses one by one.
import { sql, type Selectable } from "kysely";
import type { Db } from "../db/database";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type HabitTable } from "../db/schema";
import type { LocalDate } from "../../core/local-date";
import { pairsOf, type HabitDates } from "./habit-dates.repo";

type Row = Selectable<HabitTable> & {
  done_dates: string | null;
  skipped_dates: string | null;
  value_pairs: [LocalDate, number][] | null;
  note_pairs: [LocalDate, string][] | null;
};

const split = (dates: string | null): LocalDate[] => (dates ? dates.split(",") : []);

/** The user's habits in the order of listHabits (habits.repo.ts), each with its days done and skipped, ascending. */
export async function habitRowsWithDates(
  db: Db,
  userId: string,
): Promise<{ row: Selectable<HabitTable>; dates: HabitDates }[]> {
  const { rows } = await sql<Row>`
    select h.*, d.done_dates, d.skipped_dates, e.value_pairs, e.note_pairs from habits h
    cross join lateral (
      select string_agg(c.date, ',' order by c.date) filter (where c.done = ${DAY_DONE}) as done_dates,
        string_agg(c.date, ',' order by c.date) filter (where c.done = ${DAY_SKIPPED}) as skipped_dates
      from completions c where c.habit_id = h.id and c.done <> ${DAY_NONE}) d
    -- Numbers and notes from their partial index (habit-kinds-migration.ts): the key above does not hold them.
    cross join lateral (
      select json_agg(json_build_array(c.date, c.value) order by c.date) filter (where c.value is not null)
          as value_pairs,
        json_agg(json_build_array(c.date, c.note) order by c.date) filter (where c.note is not null) as note_pairs
      from completions c where c.habit_id = h.id and (c.value is not null or c.note is not null)) e
    where h.user_id = ${userId}
    order by h.position, h.created_at desc, h.id desc`.execute(db);
  return rows.map(({ done_dates, skipped_dates, value_pairs, note_pairs, ...row }) => ({
    row,
    dates: {
      done: split(done_dates),
      skipped: split(skipped_dates),
      values: pairsOf(value_pairs),
      notes: pairsOf(note_pairs),
    },
  }));
}
