// The Loop export (core/loop-import/loop-export.ts, docs/decisions/0071) written by sql.js as the browser writes it
// (web/features/loop-import/loop-file.ts), then read three ways: by our own Loop importer, with nothing lost of what
// Loop can hold; by a plain SQLite reader (better-sqlite3), which finds Loop's version 25 tables; and a real Loop
// file imported and exported again keeps its uuids.
import Database from "better-sqlite3";
import initSqlJs from "sql.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { StoredHabit } from "../src/core/habit";
import { QUIT_TARGET, type Target } from "../src/core/habit-kind";
import type { LoopRead } from "../src/core/loop-import/loop-habit";
import type { ExportReminder, LoopExportInput } from "../src/core/loop-import/loop-export";
import { importItems, planLoopImport, type LoopPlan } from "../src/core/loop-import/loop-map";
import { messages } from "../src/core/messages";
import { loopFileBytes } from "../src/web/features/loop-import/loop-file";
import { readLoopFile, type LoopEngines } from "../src/web/features/loop-import/read-loop-file";

const TODAY = "2026-11-22";
const SQL = await initSqlJs();
const engines: LoopEngines = {
  openSqlite: async (bytes) => {
    const db = new SQL.Database(bytes);
    return {
      exec: (sql) =>
        db
          .exec(sql)
          .flatMap(({ columns, values }) =>
            values.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null]))),
          ),
      close: () => db.close(),
    };
  },
  unzip: () => import("fflate"),
};

const exported = (input: Partial<LoopExportInput> & Pick<LoopExportInput, "habits">) =>
  loopFileBytes(SQL, { reminders: new Map(), vacations: [], today: TODAY, ...input });
const readBack = (bytes: Uint8Array) =>
  readLoopFile({ size: bytes.length, arrayBuffer: async () => new Uint8Array(bytes).buffer }, engines);
function planOf(result: LoopRead): LoopPlan {
  if (!result.ok) throw new Error(`not read: ${JSON.stringify(result.problem)}`);
  const planned = planLoopImport(result.habits, TODAY, messages.loopImport.unnamed);
  if (!planned.ok) throw new Error(`not planned: ${JSON.stringify(planned.problem)}`);
  return planned.plan;
}

const at = "2024-01-01T08:00:00.000Z";
const made = (name: string, uuid: string, fields: Partial<StoredHabit>): StoredHabit => ({
  id: `${uuid.slice(0, 8)}-0000-4000-8000-000000000000`,
  name,
  createdAt: at,
  updatedAt: at,
  completedDates: [],
  skippedDates: [],
  kind: "yesNo",
  rules: [{ from: "2024-01-01", frequency: null, target: null }],
  uuid,
  ...fields,
});
const measured = (target: Target): Partial<StoredHabit> => ({
  kind: target === QUIT_TARGET ? "quit" : "measurable",
  rules: [{ from: "2024-01-01", frequency: null, target }],
});
const uuid = (n: number) => `${String(n).padStart(4, "0")}${"c0ffee".repeat(4)}abcd`;

/** One habit of each kind and of each rule Loop can hold, with days, numbers, notes, reminders and archived. */
const HABITS: StoredHabit[] = [
  made("Meditate", uuid(1), {
    completedDates: ["2024-01-01", "2024-01-02", "2024-01-04"],
    skippedDates: ["2024-01-03"],
    notes: [
      ["2024-01-01", 'First day, "calm"\nand slow'],
      ["2024-01-05", "Too tired: a note on a day not done"],
    ],
  }),
  made("Read", uuid(2), {
    rules: [{ from: "2024-01-01", frequency: { times: 3, per: "week" }, target: null }],
    completedDates: ["2024-02-01", "2024-02-02"],
  }),
  made("Swim", uuid(3), {
    rules: [{ from: "2024-01-01", frequency: { times: 2, per: "month" }, target: null }],
    completedDates: ["2024-05-03"],
    archived: true,
  }),
  made("Water", uuid(4), {
    ...measured({ atMost: false, amount: 2.5, per: "day", unit: "L" }),
    values: [
      ["2024-03-01", 3],
      ["2024-03-02", 0.1],
      ["2024-03-03", 0],
      ["2024-03-05", 999999.999],
    ],
    skippedDates: ["2024-03-04"],
    notes: [["2024-03-02", "Hot day"]],
  }),
  made("Run", uuid(5), {
    ...measured({ atMost: false, amount: 20, per: "week", unit: "km" }),
    values: [["2024-05-06", 5.5]],
  }),
  made("Coffee", uuid(6), {
    ...measured({ atMost: true, amount: 300, per: "month", unit: "cups" }),
    values: [["2024-05-02", 2]],
  }),
  made("Smoking", `${"9f".repeat(16)}3132`, {
    ...measured(QUIT_TARGET),
    values: [
      ["2024-06-01", 0],
      ["2024-06-02", 2],
    ],
  }),
];
const REMINDERS = new Map<string, ExportReminder>([
  [HABITS[0]!.id, { time: "07:30" }],
  [HABITS[1]!.id, { time: "21:05", weekdays: [1, 2, 3, 4, 5] }],
  [HABITS[3]!.id, { time: "00:00", weekdays: [0, 6] }],
]);

describe("the Loop export read back by our Loop importer", () => {
  it("loses nothing Loop can hold: names, kinds, rules, days, numbers, notes, archived, order, reminders, uuids", async () => {
    const result = await readBack(exported({ habits: HABITS, reminders: REMINDERS }));
    expect(result).toMatchObject({ ok: true, format: { kind: "db", version: 25 } });
    const plan = planOf(result);
    expect(
      plan.habits.map((h) => ({
        name: h.name,
        kind: h.kind,
        archived: h.archived,
        frequency: h.rules[0].frequency,
        target: h.rules[0].target,
        completedDates: h.completedDates,
        skippedDates: h.skippedDates,
        values: h.values,
        notes: h.dayNotes,
        reminder: h.reminder,
        uuid: h.uuid,
      })),
    ).toEqual(
      HABITS.map((h) => ({
        name: h.name,
        kind: h.kind,
        archived: h.archived ?? false,
        frequency: h.rules![0]!.frequency,
        target: h.rules![0]!.target,
        completedDates: h.completedDates,
        skippedDates: h.skippedDates,
        values: h.values ?? [],
        notes: h.notes ?? [],
        reminder: REMINDERS.get(h.id) ?? null,
        uuid: h.uuid,
      })),
    );
    // Nothing was approximated on the way.
    expect(plan.habits.flatMap((h) => h.notes)).toEqual([]);
  });

  it("writes what Loop has no place for as documented: weekdays as times a week, vacations as skips, today's rule", async () => {
    const weekdays = made("Gym", uuid(7), {
      createdAt: "2024-07-01T08:00:00.000Z",
      rules: [
        { from: "2024-07-01", frequency: null, target: null },
        { from: "2024-08-01", frequency: { weekdays: [1, 3, 5] }, target: null },
      ],
      completedDates: ["2024-07-01", "2024-08-02"],
    });
    const everyOtherDay = made("Steps", uuid(8), {
      kind: "measurable",
      rules: [
        {
          from: "2024-07-01",
          frequency: { weekdays: [1, 3] },
          target: { atMost: false, amount: 8000, per: "day", unit: "steps" },
        },
      ],
      values: [["2024-07-01", 9000]],
      skippedDates: ["2024-07-02"],
    });
    const plan = planOf(
      await readBack(
        exported({
          habits: [weekdays, everyOtherDay],
          // Before the habits began, over a done day, and after today: only the days between count.
          vacations: [
            { from: "2024-06-28", to: "2024-07-03" },
            { from: "2026-11-21", to: "2026-11-30" },
          ],
        }),
      ),
    );
    const [gym, steps] = plan.habits;
    expect(gym!.rules[0].frequency).toEqual({ times: 3, per: "week" });
    expect(gym!.completedDates).toEqual(["2024-07-01", "2024-08-02"]);
    expect(gym!.skippedDates).toEqual(["2024-07-02", "2024-07-03", "2026-11-21", "2026-11-22"]);
    expect(steps!.rules[0]).toMatchObject({
      frequency: null,
      target: { atMost: false, amount: 8000, per: "day", unit: "steps" },
    });
    expect(steps!.values).toEqual([["2024-07-01", 9000]]);
    expect(steps!.skippedDates).toEqual(["2024-07-02", "2024-07-03", "2026-11-21", "2026-11-22"]);
  });
});

/*
 * Loop's version 25 tables, written out from Loop's own migration files (iSoron/uhabits,
 * uhabits-core/src/jvmMain/resources/migrations/): 09.sql creates Habits (id, archived, color, description,
 * freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min) and Repetitions; 11.sql adds
 * reminder_days integer not null default 127; 16.sql Habits.type integer not null default 0; 18.sql target_type
 * integer not null default 0, target_value real not null default 0, unit text not null default ""; 19.sql creates
 * Events; 20.sql drops Checkmarks, Streak and Score; 22.sql makes Repetitions (id, habit integer not null,
 * timestamp integer not null, value integer not null) with a unique index on (habit, timestamp); 23.sql adds
 * Habits.question text; 24.sql habits.uuid text; 25.sql Repetitions.notes text. Android adds android_metadata.
 * Each column: [name, type, not null, default, primary key].
 */
const LOOP_25_TABLES: Record<string, [string, string, number, string | null, number][]> = {
  Habits: [
    ["id", "INTEGER", 0, null, 1],
    ["archived", "INTEGER", 0, null, 0],
    ["color", "INTEGER", 0, null, 0],
    ["description", "TEXT", 0, null, 0],
    ["freq_den", "INTEGER", 0, null, 0],
    ["freq_num", "INTEGER", 0, null, 0],
    ["highlight", "INTEGER", 0, null, 0],
    ["name", "TEXT", 0, null, 0],
    ["position", "INTEGER", 0, null, 0],
    ["reminder_hour", "INTEGER", 0, null, 0],
    ["reminder_min", "INTEGER", 0, null, 0],
    ["reminder_days", "INTEGER", 1, "127", 0],
    ["type", "INTEGER", 1, "0", 0],
    ["target_type", "INTEGER", 1, "0", 0],
    ["target_value", "REAL", 1, "0", 0],
    ["unit", "TEXT", 1, '""', 0],
    ["question", "TEXT", 0, null, 0],
    ["uuid", "TEXT", 0, null, 0],
  ],
  Repetitions: [
    ["id", "INTEGER", 0, null, 1],
    ["habit", "INTEGER", 1, null, 0],
    ["timestamp", "INTEGER", 1, null, 0],
    ["value", "INTEGER", 1, null, 0],
    ["notes", "TEXT", 0, null, 0],
  ],
  Events: [
    ["id", "INTEGER", 0, null, 1],
    ["timestamp", "INTEGER", 0, null, 0],
    ["message", "TEXT", 0, null, 0],
    ["server_id", "INTEGER", 0, null, 0],
  ],
  android_metadata: [["locale", "TEXT", 0, null, 0]],
};

describe("the Loop export read by a plain SQLite reader", () => {
  const bytes = exported({ habits: HABITS, reminders: REMINDERS });
  const db = new Database(Buffer.from(bytes), { readonly: true });
  const all = <T>(sql: string) => db.prepare(sql).all() as T[];

  it("is a SQLite file of user_version 25 with Loop's tables, columns and types, and Android's locale", () => {
    expect(Buffer.from(bytes.subarray(0, 16)).toString("latin1")).toBe("SQLite format 3\0");
    expect(db.pragma("user_version", { simple: true })).toBe(25);
    const tables = all<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name <> 'sqlite_sequence' order by name",
    ).map((t) => t.name);
    expect(tables).toEqual(Object.keys(LOOP_25_TABLES).sort());
    for (const [table, columns] of Object.entries(LOOP_25_TABLES)) {
      const info = all<{
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }>(`pragma table_info(${table})`);
      expect([table, info.map((c) => [c.name, c.type.toUpperCase(), c.notnull, c.dflt_value, c.pk])]).toEqual(
        [table, columns],
      );
    }
    expect(all("select locale from android_metadata")).toEqual([{ locale: "en_US" }]);
    expect(all("select name, tbl_name from sqlite_master where type = 'index'")).toEqual([
      { name: "idx_repetitions_habit_timestamp", tbl_name: "Repetitions" },
    ]);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  });

  it("holds each habit as Loop's HabitRecord reads it: no null where Loop requires a value", () => {
    const habits = all<Record<string, unknown>>("select * from Habits order by position");
    expect(habits.map((h) => [h.name, h.uuid, h.position])).toEqual(
      HABITS.map((h, i) => [h.name, h.uuid, i]),
    );
    for (const habit of habits)
      for (const column of ["name", "description", "question", "freq_num", "freq_den", "color", "position"])
        expect([habit.name, column, habit[column]]).not.toContainEqual(null);
    expect(
      habits.map((h) => [h.type, h.target_type, h.target_value, h.unit, h.freq_num, h.freq_den]),
    ).toEqual([
      [0, 0, 0, "", 1, 1],
      [0, 0, 0, "", 3, 7],
      [0, 0, 0, "", 2, 30],
      [1, 0, 2.5, "L", 1, 1],
      [1, 0, 20, "km", 1, 7],
      [1, 1, 300, "cups", 1, 30],
      [1, 1, 0, "times", 1, 1],
    ]);
    expect(habits.map((h) => [h.reminder_hour, h.reminder_min, h.reminder_days])).toEqual([
      [7, 30, 127],
      // Monday to Friday: Loop's bit 0 is Saturday.
      [21, 5, 0b1111100],
      [null, null, 0],
      [0, 0, 0b0000011],
      [null, null, 0],
      [null, null, 0],
      [null, null, 0],
    ]);
    expect(habits.map((h) => [h.color, h.archived])).toEqual(
      HABITS.map((h) => [8, h.archived ? 1 : 0]), // Loop's colour for a new habit: ours have none
    );
  });

  it("writes each day as Loop's entry codes: 2 done, 3 skipped, numbers × 1000, -1 for a day of a note alone", () => {
    const rows = all<{ name: string; timestamp: number; value: number; notes: string }>(
      "select h.name, r.timestamp, r.value, r.notes from Repetitions r join Habits h on h.id = r.habit where h.name in ('Meditate', 'Water', 'Smoking') order by h.id, r.timestamp",
    );
    const day = (ms: number) => new Date(ms).toISOString();
    expect(rows.map((r) => [r.name, day(r.timestamp), r.value, r.notes])).toEqual([
      ["Meditate", "2024-01-01T00:00:00.000Z", 2, 'First day, "calm"\nand slow'],
      ["Meditate", "2024-01-02T00:00:00.000Z", 2, ""],
      ["Meditate", "2024-01-03T00:00:00.000Z", 3, ""],
      ["Meditate", "2024-01-04T00:00:00.000Z", 2, ""],
      ["Meditate", "2024-01-05T00:00:00.000Z", -1, "Too tired: a note on a day not done"],
      ["Water", "2024-03-01T00:00:00.000Z", 3000, ""],
      ["Water", "2024-03-02T00:00:00.000Z", 100, "Hot day"],
      ["Water", "2024-03-03T00:00:00.000Z", 0, ""],
      ["Water", "2024-03-04T00:00:00.000Z", 3, ""],
      ["Water", "2024-03-05T00:00:00.000Z", 999999999, ""],
      ["Smoking", "2024-06-01T00:00:00.000Z", 0, ""],
      ["Smoking", "2024-06-02T00:00:00.000Z", 2000, ""],
    ]);
  });
});

describe("a real Loop backup imported and exported again", () => {
  it("keeps every habit's uuid, so that Loop updates its habits instead of doubling them", async () => {
    const fixture = readFileSync(join(import.meta.dirname, "fixtures", "loop", "loop-v25.db"));
    const original = new Database(fixture, { readonly: true });
    const uuids = new Map(
      (original.prepare("select name, uuid from Habits").all() as { name: string; uuid: string }[]).map(
        (h) => [h.name.slice(0, 100).trim(), h.uuid],
      ),
    );
    const plan = planOf(await readBack(new Uint8Array(fixture)));
    // As the server stores the import's items (habits-import.repo.ts): each with its id, rules, days and uuid.
    const stored = importItems(plan).map((item, index): StoredHabit => ({
      ...item,
      emoji: item.emoji ?? undefined,
      id: `0000000${index}-0000-4000-8000-000000000000`,
      createdAt: at,
      updatedAt: at,
      schedule: null,
      ...(item.values && { values: item.values as [string, number][] }),
      ...(item.notes && { notes: item.notes as [string, string][] }),
    }));
    const again = planOf(await readBack(exported({ habits: stored })));
    expect(again.habits.map((h) => [h.name, h.uuid])).toEqual(
      plan.habits.map((h) => [h.name, uuids.get(h.name)]),
    );
    expect(new Set(again.habits.map((h) => h.uuid)).size).toBe(10);
    // And their days, numbers and notes with them.
    expect(again.habits.map((h) => [h.completedDates, h.skippedDates, h.values, h.dayNotes])).toEqual(
      plan.habits.map((h) => [h.completedDates, h.skippedDates, h.values, h.dayNotes]),
    );
  });
});
