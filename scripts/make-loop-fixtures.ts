// Writes test/fixtures/loop/: Loop Habit Tracker backups with the tables each Loop version has, made by the
// statements of Loop's migrations (docs/decisions/0064; Loop's real backups cannot be fetched here), its CSV
// exports, and broken files. Run: npx tsx scripts/make-loop-fixtures.ts
// The expected counts are written out in test/loop-fixtures.test.ts and e2e/loop-import.spec.ts; change them with
// the data below. The file over 20 MB is made by the tests themselves, not committed.
import Database from "better-sqlite3";
import { zipSync, strToU8 } from "fflate";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  LOOP_ANDROID_METADATA,
  LOOP_SCHEMA_9,
  LOOP_SCHEMA_CHANGES,
} from "../src/core/loop-import/loop-schema";

const OUT = join(import.meta.dirname, "..", "test", "fixtures", "loop");
const LONG_NAME = `Practise the piano scales ${"and arpeggios ".repeat(8)}slowly`; // 138 characters

type Habit = {
  id: number;
  name: string;
  position: number;
  archived: boolean;
  freqNum: number;
  freqDen: number;
  measured?: { targetType: 0 | 1; targetValue: number; unit: string };
  /** Loop's reminder: hour, minute and its day mask, whose bit 0 is Saturday (Loop's WeekdayList). */
  reminder?: [number, number, number];
  /** Yes/no: Loop's Entry values (2 manual, 1 auto, 3 skip, 0 no, -1 unknown); measured: the amount. */
  entries: [string, number][];
  /** Day notes (version 25 on), on days that have an entry. */
  notes?: Record<string, string>;
};

const days = (from: string, n: number, value: number): [string, number][] =>
  Array.from({ length: n }, (_, i) => [
    new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10),
    value,
  ]);

export const LONG_NOTE = `${"A long day. ".repeat(50)}The end.`; // 608 characters

/** Positions out of name order; names with a comma, quotes, an emoji and one too long for the app. */
export const HABITS: Habit[] = [
  {
    id: 1,
    name: "Meditate, 10 min",
    position: 2,
    archived: false,
    freqNum: 1,
    freqDen: 1,
    reminder: [7, 30, 127],
    // 10 done, 2 skipped, 1 not done, 1 unknown; one day before 2000 and one after today: dropped.
    entries: [
      ...days("2024-01-01", 10, 2),
      ["2024-01-11", 3],
      ["2024-01-12", 3],
      ["2024-01-13", 0],
      ["2024-01-14", -1],
      ["1999-12-31", 2],
      ["2099-01-01", 2],
    ],
    // A note on a day not done, one to trim, one too long, a blank one.
    notes: {
      "2024-01-01": 'First day, "calm"\nand slow',
      "2024-01-02": "   ",
      "2024-01-13": "  Too tired  ",
      "2024-01-14": LONG_NOTE,
    },
  },
  {
    id: 2,
    name: 'Read "Dune", 📚',
    position: 0,
    archived: false,
    freqNum: 3,
    freqDen: 7,
    reminder: [21, 0, 0b1111100], // Monday to Friday
    // 3 done by hand, 4 filled in by Loop.
    entries: [...days("2024-02-01", 3, 2), ...days("2024-02-04", 4, 1)],
  },
  {
    id: 3,
    name: "Water",
    position: 1,
    archived: false,
    freqNum: 1,
    freqDen: 1,
    measured: { targetType: 0, targetValue: 2.5, unit: "L" },
    // Amounts, a recorded 0, unknown, a skip (Loop's value 3), and amounts whose float sum is not exact.
    entries: [
      ["2024-03-01", 3],
      ["2024-03-02", 2.5],
      ["2024-03-03", 1],
      ["2024-03-04", 0],
      ["2024-03-05", -1],
      ["2024-03-06", Number.NaN],
      ["2024-03-07", 0.1],
      ["2024-03-08", 0.2],
      ["2024-03-09", 0.333],
    ],
    notes: { "2024-03-02": "Hot day" },
  },
  {
    id: 4,
    name: "Sugar",
    position: 3,
    archived: false,
    freqNum: 1,
    freqDen: 1,
    measured: { targetType: 1, targetValue: 1, unit: "cookies" },
    entries: [
      ["2024-04-01", 0],
      ["2024-04-02", 1],
      ["2024-04-03", 3],
    ],
  },
  {
    id: 5,
    name: "Old habit",
    position: 4,
    archived: true,
    freqNum: 7,
    freqDen: 7,
    // 5 done, 1 skipped.
    entries: [...days("2023-05-01", 5, 2), ["2023-05-06", 3]],
  },
  {
    id: 6,
    name: LONG_NAME,
    position: 5,
    archived: false,
    freqNum: 1,
    freqDen: 1,
    entries: [["2024-06-01", 2]],
  },
  {
    id: 7,
    name: "Gym",
    position: 6,
    archived: false,
    freqNum: 1,
    freqDen: 3, // every 3 days: no equal of ours
    reminder: [18, 15, 0b0000011], // Saturday and Sunday
    entries: [
      ["2024-05-01", 2],
      ["2024-05-04", 2],
      ["2024-05-07", 2],
    ],
  },
  {
    id: 8,
    name: "Run",
    position: 7,
    archived: false,
    freqNum: 1,
    freqDen: 7, // a target per week
    measured: { targetType: 0, targetValue: 20, unit: "km" },
    entries: [
      ["2024-05-06", 5.5],
      ["2024-05-08", 10.25],
      ["2024-05-11", 4.75],
    ],
  },
  {
    id: 9,
    name: "Pages",
    position: 8,
    archived: false,
    freqNum: 1,
    freqDen: 30, // a target per month
    measured: { targetType: 0, targetValue: 300, unit: "pages" },
    entries: [
      ["2024-05-02", 120],
      ["2024-05-20", 95.5],
    ],
  },
  {
    id: 10,
    name: "Swim",
    position: 9,
    archived: false,
    freqNum: 2,
    freqDen: 30, // 2 times a month
    entries: [
      ["2024-05-03", 2],
      ["2024-05-17", 2],
    ],
  },
];

/**
 * Loop's Habits.uuid: a UUID without hyphens for a habit made by Loop (its Habit model); "Gym" (7) has the longer
 * one Loop's upgrade to version 24 gave older habits, hex(randomblob(16) || id): 32 characters and "37", its id.
 */
export const loopUuid = (id: number) =>
  id === 7 ? `${"a7".repeat(16)}37` : `5eed${String(id).padStart(4, "0")}`.padEnd(32, "0");

// NaN marks a measured habit's skip (Loop's value 3, not an amount).
const isSkip = (habit: Habit, value: number) => habit.measured !== undefined && Number.isNaN(value);
const dbValue = (habit: Habit, value: number) =>
  !habit.measured ? value : isSkip(habit, value) ? 3 : value === -1 ? -1 : Math.round(value * 1000);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/*
 * The tables of each Loop version, as Loop's SQLite files hold them: the statements of Loop's migrations that shape
 * the schema (their data updates left out), applied in order. Two kinds of file: one first made by ActiveAndroid
 * (Loop before version 1.5; its key is "Id", its columns in alphabetical order, as in Loop's own test file
 * loop.db), and one made by Loop's migrations from version 9 (its key "id").
 */
const ACTIVE_ANDROID_12 = [
  "CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER, description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_days INTEGER, reminder_hour INTEGER, reminder_min INTEGER)",
  "CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER)",
  "CREATE TABLE Score (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, score INTEGER, timestamp INTEGER)",
  "CREATE TABLE Checkmarks (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER, value INTEGER)",
  "CREATE TABLE Streak (Id INTEGER PRIMARY KEY AUTOINCREMENT, end INTEGER, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, length INTEGER, start INTEGER)",
];
/** The statements that make a file of `version`: first made by ActiveAndroid (from 12) or by Loop's migrations. */
export function schemaOf(version: number, activeAndroid: boolean): string[] {
  const [base, from] = activeAndroid ? [ACTIVE_ANDROID_12, 12] : [LOOP_SCHEMA_9, 9];
  const changes = Object.entries(LOOP_SCHEMA_CHANGES)
    .filter(([v]) => Number(v) > from && Number(v) <= version)
    .flatMap(([, statements]) => statements);
  return [...base, ...changes, LOOP_ANDROID_METADATA];
}

function writeDb(file: string, version: number, activeAndroid = false, habits: Habit[] = HABITS) {
  const path = join(OUT, file);
  rmSync(path, { force: true });
  const db = new Database(path);
  for (const statement of schemaOf(version, activeAndroid)) db.exec(statement);
  db.prepare("insert into android_metadata values ('en_US')").run();
  const columns = (table: string) =>
    new Map(
      (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => [c.name.toLowerCase(), c.name]),
    );
  const insert = (table: string, values: Record<string, unknown>) => {
    const have = columns(table);
    const row = Object.entries(values).filter(([k]) => have.has(k));
    const names = row.map(([k]) => have.get(k)!);
    db.prepare(`insert into ${table} (${names.join(", ")}) values (${names.map(() => "?").join(", ")})`).run(
      row.map(([, v]) => v),
    );
  };
  const measuredColumns = columns("Habits").has("target_type");
  const valueColumn = columns("Repetitions").has("value");
  for (const h of habits) {
    if (!measuredColumns && h.measured) continue; // measured habits came with version 18
    insert("Habits", {
      id: h.id,
      archived: h.archived ? 1 : 0,
      color: 8,
      description: "",
      freq_den: h.freqDen,
      freq_num: h.freqNum,
      highlight: 0,
      name: h.name,
      position: h.position,
      reminder_hour: h.reminder?.[0] ?? null,
      reminder_min: h.reminder?.[1] ?? null,
      reminder_days: h.reminder?.[2] ?? 127,
      type: h.measured ? 1 : 0,
      target_type: h.measured?.targetType ?? 0,
      target_value: h.measured?.targetValue ?? 0,
      unit: h.measured?.unit ?? "",
      question: `Did you ${h.name.toLowerCase()} today?`,
      uuid: loopUuid(h.id),
    });
    for (const [date, value] of h.entries) {
      if (!valueColumn && value !== 2) continue; // before version 16, a row is a day done
      insert("Repetitions", {
        habit: h.id,
        timestamp: msOf(date),
        value: dbValue(h, value),
        notes: h.notes?.[date] ?? "",
      });
    }
  }
  db.pragma(`user_version = ${version}`);
  db.close();
}

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csv = (rows: (string | number)[][]) =>
  rows.map((r) => r.map((c) => quote(String(c))).join(",")).join("\n") + "\n";
const folderOf = (h: Habit) =>
  `${String(h.position).padStart(3, "0")} ${h.name
    .replace(/[^ a-zA-Z0-9._-]/g, "")
    .trim()
    .slice(0, 100)}`;

function csvValue(h: Habit, value: number): string {
  if (h.measured) {
    if (isSkip(h, value)) return "SKIP";
    if (value === -1) return "UNKNOWN";
    if (value === 0) return "NO"; // Loop writes its stored 0 as a yes/no day's word
    // Loop writes the stored thousandths; a spreadsheet may rewrite one as the amount, with a decimal comma.
    return h.id === 3 && value === 2.5 ? "2,5" : String(Math.round(value * 1000));
  }
  return { 2: "YES_MANUAL", 1: "YES_AUTO", 3: "SKIP", 0: "NO", [-1]: "UNKNOWN" }[value] ?? "UNKNOWN";
}

function csvFiles(habits: Habit[] = HABITS): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  files["Habits.csv"] = strToU8(
    csv([
      [
        "Position",
        "Name",
        "Type",
        "Question",
        "Description",
        "FrequencyNumerator",
        "FrequencyDenominator",
        "Color",
        "Unit",
        "Target Type",
        "Target Value",
        "Archived?",
      ],
      ...habits.map((h) => [
        String(h.position).padStart(3, "0"),
        h.name,
        h.measured ? "NUMERICAL" : "YES_NO",
        `Did you ${h.name.toLowerCase()} today?`,
        "",
        h.freqNum,
        h.freqDen,
        "#FF8F00",
        h.measured?.unit ?? "",
        h.measured?.targetType === 1 ? "AT_MOST" : "AT_LEAST",
        h.measured?.targetValue ?? 0,
        String(h.archived),
      ]),
    ]),
  );
  for (const h of habits) {
    // Loop writes the newest day first.
    const rows = [...h.entries].sort(([a], [b]) => (a < b ? 1 : -1));
    files[`${folderOf(h)}/Checkmarks.csv`] = strToU8(
      csv([["Date", "Value", "Notes"], ...rows.map(([d, v]) => [d, csvValue(h, v), h.notes?.[d] ?? ""])]),
    );
    files[`${folderOf(h)}/Scores.csv`] = strToU8(
      csv([
        ["Date", "Score"],
        ["2024-06-01", "0.5"],
      ]),
    );
  }
  files["Checkmarks.csv"] = strToU8(csv([["Date", ...habits.map((h) => h.name)]]));
  files["Scores.csv"] = strToU8(csv([["Date", ...habits.map((h) => h.name)]]));
  return files;
}

const zip = (files: Record<string, Uint8Array>) =>
  zipSync(files, { mtime: new Date("2024-07-01T00:00:00Z") });

function main() {
  mkdirSync(OUT, { recursive: true });
  writeDb("loop-v12.db", 12, true);
  writeDb("loop-v18.db", 18, true);
  writeDb("loop-v22.db", 22);
  writeDb("loop-v25.db", 25);
  writeFileSync(join(OUT, "Loop Habits CSV 2024-07-01.zip"), zip(csvFiles()));
  // An older export: fewer columns (no Type, no Archived?), its frequency as NumRepetitions and Interval, and
  // checkmarks as Loop wrote them before notes: no header, Loop's stored values.
  const old = csvFiles(HABITS.filter((h) => !h.measured));
  for (const h of HABITS.filter((h) => !h.measured))
    old[`${folderOf(h)}/Checkmarks.csv`] = strToU8(
      csv([...h.entries].sort(([a], [b]) => (a < b ? 1 : -1)).map(([d, v]) => [d, v])),
    );
  old["Habits.csv"] = strToU8(
    csv([
      ["Position", "Name", "Description", "NumRepetitions", "Interval", "Color"],
      ...HABITS.filter((h) => !h.measured).map((h) => [
        String(h.position).padStart(3, "0"),
        h.name,
        "",
        h.freqNum,
        h.freqDen,
        "#FF8F00",
      ]),
    ]),
  );
  writeFileSync(join(OUT, "Loop Habits CSV old.zip"), zip(old));

  // Broken files.
  writeDb("version-30.db", 30);
  const v22 = readFileSync(join(OUT, "loop-v22.db"));
  writeFileSync(join(OUT, "truncated.db"), v22.subarray(0, Math.floor(v22.length / 2)));
  rmSync(join(OUT, "not-loop.db"), { force: true });
  const other = new Database(join(OUT, "not-loop.db"));
  other.exec(
    "create table notes (id integer primary key, text text); insert into notes (text) values ('hello')",
  );
  other.close();
  const noHabits = csvFiles();
  delete noHabits["Habits.csv"];
  writeFileSync(join(OUT, "no-habits-csv.zip"), zip(noHabits));
  const badRow = csvFiles();
  const sugar = `${folderOf(HABITS[3]!)}/Checkmarks.csv`;
  badRow[sugar] = strToU8("Date,Value\n2024-04-01,0.000\n2024-04-02,lots\n");
  writeFileSync(join(OUT, "bad-row.zip"), zip(badRow));
  const full = readFileSync(join(OUT, "Loop Habits CSV 2024-07-01.zip"));
  writeFileSync(join(OUT, "damaged.zip"), full.subarray(0, Math.floor(full.length / 2)));
  writeFileSync(join(OUT, "notes.txt"), "These are my habits:\n- read\n- walk\n");
}

main();
