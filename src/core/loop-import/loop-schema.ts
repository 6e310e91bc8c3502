// Loop Habit Tracker's tables as its own migrations make them (its migration files 09.sql to 25.sql; decisions 0064
// and 0071): the statements that shape its tables, their data updates left out, in order. A fresh Loop database
// runs them all from version 9 (Android's HabitsDatabaseOpener: version 8, then every migration), so running them
// gives a file whose stored CREATE TABLE texts are Loop's own. The fixtures (scripts/make-loop-fixtures.ts) and the
// Loop export (loop-export.ts) both use them.

/** The version our export writes: Loop's DATABASE_VERSION. */
export const LOOP_EXPORT_VERSION = 25;

/** Android's own table in every app database (SQLiteOpenHelper), with the locale. */
export const LOOP_ANDROID_METADATA = "CREATE TABLE android_metadata (locale TEXT)";

/** Version 9's tables (09.sql). */
export const LOOP_SCHEMA_9: readonly string[] = [
  "create table Habits ( id integer primary key autoincrement, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer, reminder_min integer )",
  "create table Checkmarks ( id integer primary key autoincrement, habit integer references habits(id), timestamp integer, value integer )",
  "create table Repetitions ( id integer primary key autoincrement, habit integer references habits(id), timestamp integer )",
  "create table Streak ( id integer primary key autoincrement, end integer, habit integer references habits(id), length integer, start integer )",
  "create table Score ( id integer primary key autoincrement, habit integer references habits(id), score integer, timestamp integer )",
];
/** The schema changes of each later version (its migration file's statements that shape tables). */
export const LOOP_SCHEMA_CHANGES: Readonly<Record<number, readonly string[]>> = {
  11: ["alter table Habits add column reminder_days integer not null default 127"],
  13: [
    "create index idx_score_habit_timestamp on Score(habit, timestamp)",
    "create index idx_checkmark_habit_timestamp on Checkmarks(habit, timestamp)",
    "create index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp)",
    "create index idx_streak_habit_end on Streak(habit, end)",
  ],
  16: [
    "alter table Habits add column type integer not null default 0",
    "alter table Repetitions add column value integer not null default 2",
  ],
  17: [
    "drop table Score",
    "create table Score ( id integer primary key autoincrement, habit integer references habits(id), score real, timestamp integer)",
    "create index idx_score_habit_timestamp on Score(habit, timestamp)",
  ],
  18: [
    "alter table Habits add column target_type integer not null default 0",
    "alter table Habits add column target_value real not null default 0",
    'alter table Habits add column unit text not null default ""',
  ],
  19: [
    "create table Events ( id integer primary key autoincrement, timestamp integer, message text, server_id integer )",
  ],
  20: ["drop table checkmarks", "drop table streak", "drop table score"],
  22: [
    "alter table Repetitions rename to RepetitionsBak",
    "create table Repetitions ( id integer primary key autoincrement, habit integer not null references habits(id), timestamp integer not null, value integer not null)",
    "drop index if exists idx_repetitions_habit_timestamp",
    "create unique index idx_repetitions_habit_timestamp on Repetitions( habit, timestamp)",
    "insert into Repetitions select * from RepetitionsBak",
    "drop table RepetitionsBak",
  ],
  23: ["alter table Habits add column question text"],
  24: ["alter table habits add column uuid text"],
  25: ["alter table Repetitions add column notes text"],
};

/**
 * Every statement of a fresh Loop database of `version` (9 to 25): Android's table first, as Android makes it when
 * it opens the file, then Loop's migrations. Loop runs each migration file's statements with their whitespace
 * folded to single spaces (its SQLParser), as they are written here.
 */
export function loopSchema(version: number): string[] {
  const changes = Object.entries(LOOP_SCHEMA_CHANGES)
    .filter(([v]) => Number(v) <= version)
    .flatMap(([, statements]) => statements);
  return [LOOP_ANDROID_METADATA, ...LOOP_SCHEMA_9, ...changes];
}
