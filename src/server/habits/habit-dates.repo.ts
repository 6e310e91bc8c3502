// The days of many habits, one habit a statement: an account may hold 100,000 days, and SQLite reads run on the
// event loop's thread, so one statement over all of them would hold it for long (docs/decisions/0058).
import { sql } from "kysely";
import { isPostgres, type Db } from "../db/database";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type DayCode } from "../db/schema";
import type { LocalDate } from "../../core/local-date";
import { slicer, type Pause } from "./slices";

/** A habit's days done and days skipped, and its days' numbers and notes, each ascending. */
export type HabitDates = {
  done: LocalDate[];
  skipped: LocalDate[];
  values: [LocalDate, number][];
  notes: [LocalDate, string][];
};

const split = (dates: string | null | undefined): LocalDate[] => (dates ? dates.split(",") : []);

/** `[date, x]` pairs as a JSON aggregate answers them: text on SQLite, parsed already on PostgreSQL. */
export function pairsOf<T>(json: string | [LocalDate, T][] | null | undefined): [LocalDate, T][] {
  if (json === null || json === undefined) return [];
  return typeof json === "string" ? (JSON.parse(json) as [LocalDate, T][]) : json;
}

/**
 * Every day done or skipped of these habits, ascending: one statement a habit, each list aggregated into one
 * comma-separated string (a habit holds at most one row a day since 2000, so each statement stays short), rather
 * than a row object a day for the app to parse and collect.
 */
export async function datesOfHabits(
  db: Db,
  ids: readonly string[],
  pause: Pause = slicer(),
): Promise<Map<string, HabitDates>> {
  const aggregate = sql.raw(isPostgres(db) ? "string_agg" : "group_concat");
  const list = (state: DayCode) =>
    sql<string | null>`${aggregate}("date", ',' order by "date") filter (where "done" = ${sql.lit(state)})`;
  const pairs = (column: "value" | "note") =>
    isPostgres(db)
      ? sql<string | null>`json_agg(json_build_array("date", ${sql.ref(column)}) order by "date")
          filter (where ${sql.ref(column)} is not null)`
      : sql<string | null>`json_group_array(json_array("date", ${sql.ref(column)}) order by "date")
          filter (where ${sql.ref(column)} is not null)`;
  const dates = new Map<string, HabitDates>();
  for (const id of ids) {
    await pause();
    const row = await db
      .selectFrom("completions")
      .select([
        list(DAY_DONE).as("done"),
        list(DAY_SKIPPED).as("skipped"),
        pairs("value").as("values"),
        pairs("note").as("notes"),
      ])
      .where("habit_id", "=", id)
      .where("done", "<>", DAY_NONE)
      .executeTakeFirst();
    dates.set(id, {
      done: split(row?.done),
      skipped: split(row?.skipped),
      values: pairsOf<number>(row?.values),
      notes: pairsOf<string>(row?.notes),
    });
  }
  return dates;
}
