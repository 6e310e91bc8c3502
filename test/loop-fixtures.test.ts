// The Loop backups of test/fixtures/loop (scripts/make-loop-fixtures.ts) through the web's reader and the core's
// mapping, with sql.js and fflate as the browser runs them (node's builds of the same packages).
import initSqlJs from "sql.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOOP_MAX_FILE_BYTES, type LoopRead } from "../src/core/loop-import/loop-habit";
import { importItems, planLoopImport, type LoopPlan } from "../src/core/loop-import/loop-map";
import { messages } from "../src/core/messages";
import { readLoopFile, type LoopEngines } from "../src/web/features/loop-import/read-loop-file";

const DIR = join(import.meta.dirname, "fixtures", "loop");
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

const fileOf = (name: string) => {
  const bytes = readFileSync(join(DIR, name));
  return { size: bytes.length, arrayBuffer: async () => new Uint8Array(bytes).buffer };
};
const read = (name: string) => readLoopFile(fileOf(name), engines);

function planOf(result: LoopRead): LoopPlan {
  if (!result.ok) throw new Error(`not read: ${JSON.stringify(result.problem)}`);
  const planned = planLoopImport(result.habits, TODAY, messages.loopImport.unnamed);
  if (!planned.ok) throw new Error(`not planned: ${JSON.stringify(planned.problem)}`);
  return planned.plan;
}

/** Each habit as [name, archived, kind, rule, done, skipped, amounts, total, day notes, first, last, reminder, notes]. */
const summary = (plan: LoopPlan) =>
  plan.habits.map((h) => [
    h.name,
    h.archived,
    h.kind,
    h.rules[0].target ?? h.rules[0].frequency,
    h.completedDates.length,
    h.skippedDates.length,
    h.values.length,
    h.total,
    h.dayNotes.length,
    h.first,
    h.last,
    h.reminder,
    h.notes.map((n) => n.kind),
  ]);

const LONG_NOTE = `${"A long day. ".repeat(50)}The end.`;
const LONG = `Practise the piano scales ${"and arpeggios ".repeat(8)}slowly`.slice(0, 100).trim();
const target = (amount: number, unit: string, per: string, atMost = false) => ({ atMost, amount, per, unit });
const WEEKDAYS = { time: "21:00", weekdays: [1, 2, 3, 4, 5] };
const WEEKEND = { time: "18:15", weekdays: [0, 6] };

/** Versions 18 to 25 and the CSV export hold the same habits (scripts/make-loop-fixtures.ts). */
const full = (notes: boolean, reminders: boolean) => [
  [
    'Read "Dune", 📚',
    false,
    "yesNo",
    { times: 3, per: "week" },
    3,
    0,
    0,
    0,
    0,
    "2024-02-01",
    "2024-02-03",
    reminders ? WEEKDAYS : null,
    ["auto"],
  ],
  [
    "Water",
    false,
    "measurable",
    target(2.5, "L", "day"),
    0,
    1,
    7,
    7133,
    notes ? 1 : 0,
    "2024-03-01",
    "2024-03-09",
    null,
    [],
  ],
  [
    "Meditate, 10 min",
    false,
    "yesNo",
    null,
    10,
    2,
    0,
    0,
    notes ? 3 : 0,
    "2024-01-01",
    notes ? "2024-01-14" : "2024-01-12",
    reminders ? { time: "07:30" } : null,
    notes ? ["dropped", "notesCut"] : ["dropped"],
  ],
  [
    "Sugar",
    false,
    "measurable",
    target(1, "cookies", "day", true),
    0,
    0,
    3,
    4000,
    0,
    "2024-04-01",
    "2024-04-03",
    null,
    [],
  ],
  ["Old habit", true, "yesNo", null, 5, 1, 0, 0, 0, "2023-05-01", "2023-05-06", null, []],
  [LONG, false, "yesNo", null, 1, 0, 0, 0, 0, "2024-06-01", "2024-06-01", null, ["nameCut"]],
  [
    "Gym",
    false,
    "yesNo",
    { times: 2, per: "week" },
    3,
    0,
    0,
    0,
    0,
    "2024-05-01",
    "2024-05-07",
    reminders ? WEEKEND : null,
    ["frequency"],
  ],
  [
    "Run",
    false,
    "measurable",
    target(20, "km", "week"),
    0,
    0,
    3,
    20500,
    0,
    "2024-05-06",
    "2024-05-11",
    null,
    [],
  ],
  [
    "Pages",
    false,
    "measurable",
    target(300, "pages", "month"),
    0,
    0,
    2,
    215500,
    0,
    "2024-05-02",
    "2024-05-20",
    null,
    [],
  ],
  ["Swim", false, "yesNo", { times: 2, per: "month" }, 2, 0, 0, 0, 0, "2024-05-03", "2024-05-17", null, []],
];

describe("Loop backups that import", () => {
  it.each([
    ["loop-v18.db", { kind: "db", version: 18 }, false, true],
    ["loop-v22.db", { kind: "db", version: 22 }, false, true],
    ["loop-v25.db", { kind: "db", version: 25 }, true, true],
    ["Loop Habits CSV 2024-07-01.zip", { kind: "csv" }, true, false],
  ])(
    "%s: every habit in Loop's order, of its kind, with its rule, days, amounts and notes",
    async (name, format, notes, reminders) => {
      const result = await read(name);
      expect(result).toMatchObject({ ok: true, format });
      const plan = planOf(result);
      expect(summary(plan)).toEqual(full(notes, reminders));
      expect([plan.done, plan.skipped, plan.valueDays, plan.dayNotes, plan.dropped]).toEqual([
        24,
        4,
        15,
        notes ? 4 : 0,
        2,
      ]);
      const [read3, water, meditate, , , , gym] = plan.habits;
      expect(read3?.notes).toEqual([{ kind: "auto", days: 4 }]);
      expect(water?.values).toEqual([
        ["2024-03-01", 3],
        ["2024-03-02", 2.5],
        ["2024-03-03", 1],
        ["2024-03-04", 0],
        ["2024-03-07", 0.1],
        ["2024-03-08", 0.2],
        ["2024-03-09", 0.333],
      ]);
      expect(water?.skippedDates).toEqual(["2024-03-06"]);
      expect(meditate?.skippedDates).toEqual(["2024-01-11", "2024-01-12"]);
      expect(gym?.notes).toEqual([{ kind: "frequency", num: 1, den: 3, to: { times: 2, per: "week" } }]);
      if (notes) {
        expect(meditate?.dayNotes).toEqual([
          ["2024-01-01", 'First day, "calm"\nand slow'],
          ["2024-01-13", "Too tired"],
          ["2024-01-14", LONG_NOTE.slice(0, 500).trimEnd()],
        ]);
        expect(water?.dayNotes).toEqual([["2024-03-02", "Hot day"]]);
      }
    },
  );

  it("loop-v25.db: each habit keeps Loop's uuid, the longer one of Loop's upgrade to version 24 too", async () => {
    const plan = planOf(await read("loop-v25.db"));
    // Loop's order (position): Read 2, Water 3, Meditate 1, Sugar 4, Old 5, the long name 6, Gym 7, Run 8, …
    expect(plan.habits.map((h) => h.uuid)).toEqual([
      "5eed0002000000000000000000000000",
      "5eed0003000000000000000000000000",
      "5eed0001000000000000000000000000",
      "5eed0004000000000000000000000000",
      "5eed0005000000000000000000000000",
      "5eed0006000000000000000000000000",
      `${"a7".repeat(16)}37`,
      "5eed0008000000000000000000000000",
      "5eed0009000000000000000000000000",
      "5eed0010000000000000000000000000",
    ]);
    expect(importItems(plan).map((item) => item.uuid)).toEqual(plan.habits.map((h) => h.uuid));
    // Before version 24 a file has none: each habit gets its own when it is made.
    expect(planOf(await read("loop-v22.db")).habits.every((h) => h.uuid === null)).toBe(true);
  });

  it.each(["loop-v18.db", "loop-v22.db", "loop-v25.db"])(
    "%s: each amount is the file's value ÷ 1000, and each measured habit's sum is the file's raw sum ÷ 1000",
    async (name) => {
      const db = new SQL.Database(readFileSync(join(DIR, name)));
      const [rows] = db.exec(
        "select h.name, r.timestamp, r.value from Repetitions r join Habits h on r.habit = h.id where h.type = 1 and r.value not in (-1, 3) order by h.id, r.timestamp",
      );
      db.close();
      const file = new Map<string, { values: [string, number][]; raw: number }>();
      for (const [habit, timestamp, value] of rows!.values) {
        const entry = file.get(String(habit)) ?? { values: [], raw: 0 };
        entry.values.push([new Date(Number(timestamp)).toISOString().slice(0, 10), Number(value) / 1000]);
        entry.raw += Number(value);
        file.set(String(habit), entry);
      }
      expect([...file.keys()]).toEqual(["Water", "Sugar", "Run", "Pages"]);
      const plan = planOf(await read(name));
      for (const [habit, { values, raw }] of file) {
        const planned = plan.habits.find((h) => h.name === habit)!;
        expect(planned.values).toEqual(values);
        // Summed in thousandths, as whole numbers: a sum of floats such as 0.1 + 0.2 is not exact.
        const thousandths = planned.values.reduce((total, [, value]) => total + Math.round(value * 1000), 0);
        expect([habit, thousandths / 1000, planned.total / 1000]).toEqual([habit, raw / 1000, raw / 1000]);
      }
    },
  );

  it('loop-v12.db (made by ActiveAndroid, its key "Id"): no value column, every repetition a day done; no measured habits yet', async () => {
    const result = await read("loop-v12.db");
    expect(result).toMatchObject({ ok: true, format: { kind: "db", version: 12 } });
    const plan = planOf(result);
    expect(summary(plan)).toEqual([
      [
        'Read "Dune", 📚',
        false,
        "yesNo",
        { times: 3, per: "week" },
        3,
        0,
        0,
        0,
        0,
        "2024-02-01",
        "2024-02-03",
        WEEKDAYS,
        [],
      ],
      [
        "Meditate, 10 min",
        false,
        "yesNo",
        null,
        10,
        0,
        0,
        0,
        0,
        "2024-01-01",
        "2024-01-10",
        { time: "07:30" },
        ["dropped"],
      ],
      ["Old habit", true, "yesNo", null, 5, 0, 0, 0, 0, "2023-05-01", "2023-05-05", null, []],
      [LONG, false, "yesNo", null, 1, 0, 0, 0, 0, "2024-06-01", "2024-06-01", null, ["nameCut"]],
      [
        "Gym",
        false,
        "yesNo",
        { times: 2, per: "week" },
        3,
        0,
        0,
        0,
        0,
        "2024-05-01",
        "2024-05-07",
        WEEKEND,
        ["frequency"],
      ],
      [
        "Swim",
        false,
        "yesNo",
        { times: 2, per: "month" },
        2,
        0,
        0,
        0,
        0,
        "2024-05-03",
        "2024-05-17",
        null,
        [],
      ],
    ]);
    expect([plan.done, plan.skipped, plan.dropped]).toEqual([24, 0, 2]);
  });

  it("an older CSV export without Type and Archived? columns", async () => {
    const plan = planOf(await read("Loop Habits CSV old.zip"));
    expect(
      summary(plan).map(([name, archived, kind, rule, done, skipped]) => [
        name,
        archived,
        kind,
        rule,
        done,
        skipped,
      ]),
    ).toEqual([
      ['Read "Dune", 📚', false, "yesNo", { times: 3, per: "week" }, 3, 0],
      ["Meditate, 10 min", false, "yesNo", null, 10, 2],
      ["Old habit", false, "yesNo", null, 5, 1],
      [LONG, false, "yesNo", null, 1, 0],
      ["Gym", false, "yesNo", { times: 2, per: "week" }, 3, 0],
      ["Swim", false, "yesNo", { times: 2, per: "month" }, 2, 0],
    ]);
  });

  it("each file's tables are those of its Loop version", async () => {
    const tables = (name: string) => {
      const db = new SQL.Database(readFileSync(join(DIR, name)));
      const [rows] = db.exec(
        "select name, sql from sqlite_master where type = 'table' and name in ('Habits', 'Repetitions') order by name",
      );
      db.close();
      return Object.fromEntries(rows!.values.map(([table, sql]) => [table, sql]));
    };
    expect(tables("loop-v12.db")).toEqual({
      Habits: expect.stringMatching(
        /^CREATE TABLE Habits \(Id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER,/,
      ),
      Repetitions:
        "CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER)",
    });
    expect(tables("loop-v22.db").Repetitions).toBe(
      "CREATE TABLE Repetitions ( id integer primary key autoincrement, habit integer not null references habits(id), timestamp integer not null, value integer not null)",
    );
    expect(tables("loop-v25.db").Repetitions).toMatch(/value integer not null, notes text\)$/);
    expect(tables("loop-v25.db").Habits).toMatch(
      /unit text not null default "", question text, uuid text\)$/,
    );
  });
});

describe("files that do not import", () => {
  it.each([
    ["truncated.db", { kind: "damaged" }],
    ["version-30.db", { kind: "version", version: 30 }],
    ["not-loop.db", { kind: "notLoopDatabase", missing: "Habits and Repetitions" }],
    ["no-habits-csv.zip", { kind: "noHabitsCsv" }],
    ["damaged.zip", { kind: "damaged" }],
    ["notes.txt", { kind: "notLoop" }],
    [
      "bad-row.zip",
      {
        kind: "badRow",
        file: "003 Sugar/Checkmarks.csv",
        line: 3,
        detail: '"lots" is not a checkmark value',
      },
    ],
  ])("%s", async (name, problem) => {
    expect(await read(name)).toEqual({ ok: false, problem: expect.objectContaining(problem) });
  });

  it("a file over 20 MB is refused before it is read", async () => {
    let read = false;
    const big = {
      size: LOOP_MAX_FILE_BYTES + 1,
      arrayBuffer: async () => ((read = true), new ArrayBuffer(0)),
    };
    expect(await readLoopFile(big, engines)).toEqual({ ok: false, problem: { kind: "tooLarge" } });
    expect(read).toBe(false);
  });
});
