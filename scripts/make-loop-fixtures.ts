// Writes test/fixtures/loop/: Loop Habit Tracker backups made from the format its source uses (Loop's
// real backups cannot be fetched here), and broken ones. Run: npx tsx scripts/make-loop-fixtures.ts
// The expected counts are written out in test/loop-fixtures.test.ts and e2e/loop-import.spec.ts; change them with
// the data below. The file over 20 MB is made by the tests themselves, not committed.
import Database from "better-sqlite3";
import { zipSync, strToU8 } from "fflate";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

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
  /** Yes/no: Loop's Entry values (2 manual, 1 auto, 3 skip, 0 no, -1 unknown); measured: the amount. */
  entries: [string, number][];
};

const days = (from: string, n: number, value: number): [string, number][] =>
  Array.from({ length: n }, (_, i) => [
    new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10),
    value,
  ]);

/** Positions out of name order; names with a comma, quotes, an emoji and one too long for the app. */
export const HABITS: Habit[] = [
  {
    id: 1,
    name: "Meditate, 10 min",
    position: 2,
    archived: false,
    freqNum: 1,
    freqDen: 1,
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
  },
  {
    id: 2,
    name: 'Read "Dune", 📚',
    position: 0,
    archived: false,
    freqNum: 3,
    freqDen: 7,
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
    // At least 2.5 L: 3.0 and 2.5 done; 1.0 and 0 not; unknown; a skip (Loop's value 3).
    entries: [
      ["2024-03-01", 3],
      ["2024-03-02", 2.5],
      ["2024-03-03", 1],
      ["2024-03-04", 0],
      ["2024-03-05", -1],
      ["2024-03-06", Number.NaN],
    ],
  },
  {
    id: 4,
    name: "Sugar",
    position: 3,
    archived: false,
    freqNum: 1,
    freqDen: 1,
    measured: { targetType: 1, targetValue: 1, unit: "cookies" },
    // At most 1 cookie: 0 and 1 done, 3 not.
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
];

// NaN marks a measured habit's skip (Loop's value 3, not an amount).
const isSkip = (habit: Habit, value: number) => habit.measured !== undefined && Number.isNaN(value);
const dbValue = (habit: Habit, value: number) =>
  !habit.measured ? value : isSkip(habit, value) ? 3 : value === -1 ? -1 : Math.round(value * 1000);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

function writeDb(file: string, version: number, habits: Habit[] = HABITS) {
  const path = join(OUT, file);
  rmSync(path, { force: true });
  const db = new Database(path);
  const measuredColumns = version >= 21;
  // Loop's early databases were made by ActiveAndroid, whose key column is "Id".
  const key = version <= 12 ? "Id" : "id";
  db.exec(`create table Habits (${key} integer primary key autoincrement, archived integer, color integer,
    description text, freq_den integer, freq_num integer, highlight integer, name text, position integer,
    reminder_hour integer, reminder_min integer, reminder_days integer not null default 127
    ${measuredColumns ? ", type integer not null default 0, target_type integer not null default 0, target_value real not null default 0, unit text not null default '', question text" : ""}
    ${version >= 24 ? ", uuid text" : ""})`);
  db.exec(`create table Repetitions (${key} integer primary key autoincrement, habit integer not null references Habits(${key}),
    timestamp integer not null${version >= 18 ? ", value integer not null" : ""}${version >= 25 ? ", notes text" : ""})`);
  // Loop's other tables: present in a real backup, not read.
  db.exec(
    "create table Events (id integer primary key autoincrement, timestamp integer, message text, server_id integer)",
  );
  db.exec("create table android_metadata (locale text)");
  db.prepare("insert into android_metadata values ('en_US')").run();
  for (const h of habits) {
    if (!measuredColumns && h.measured) continue; // measured habits came with version 21
    const row: Record<string, unknown> = {
      [key]: h.id,
      archived: h.archived ? 1 : 0,
      color: 8,
      description: "",
      freq_den: h.freqDen,
      freq_num: h.freqNum,
      highlight: 0,
      name: h.name,
      position: h.position,
      reminder_hour: null,
      reminder_min: null,
    };
    if (measuredColumns) {
      row.type = h.measured ? 1 : 0;
      row.target_type = h.measured?.targetType ?? 0;
      row.target_value = h.measured?.targetValue ?? 0;
      row.unit = h.measured?.unit ?? "";
      row.question = `Did you ${h.name.toLowerCase()} today?`;
    }
    if (version >= 24) row.uuid = `00000000-0000-4000-8000-00000000000${h.id}`;
    const keys = Object.keys(row);
    db.prepare(`insert into Habits (${keys.join(", ")}) values (${keys.map((k) => `@${k}`).join(", ")})`).run(
      row,
    );
    for (const [date, value] of h.entries) {
      if (version < 18 && value !== 2) continue; // version 12 stores only the days done
      const values: Record<string, unknown> = { habit: h.id, timestamp: msOf(date) };
      if (version >= 18) values.value = dbValue(h, value);
      if (version >= 25) values.notes = date === "2024-01-01" ? "First day, felt calm" : "";
      const cols = Object.keys(values);
      db.prepare(
        `insert into Repetitions (${cols.join(", ")}) values (${cols.map((k) => `@${k}`).join(", ")})`,
      ).run(values);
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
    return h.id === 3 && value === 2.5 ? "2,5" : value.toFixed(3); // a spreadsheet's decimal comma, read too
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
    const notes = h.id === 1;
    const header = notes ? ["Date", "Value", "Notes"] : ["Date", "Value"];
    // Loop writes the newest day first.
    const rows = [...h.entries].sort(([a], [b]) => (a < b ? 1 : -1));
    files[`${folderOf(h)}/Checkmarks.csv`] = strToU8(
      csv([
        header,
        ...rows.map(([d, v]) =>
          notes
            ? [d, csvValue(h, v), d === "2024-01-01" ? 'First day, "calm"\nand slow' : ""]
            : [d, csvValue(h, v)],
        ),
      ]),
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
  writeDb("loop-v12.db", 12);
  writeDb("loop-v22.db", 22);
  writeDb("loop-v25.db", 25);
  writeFileSync(join(OUT, "Loop Habits CSV 2024-07-01.zip"), zip(csvFiles()));
  // An older export: fewer columns (no Type, no Archived?), its frequency as NumRepetitions and Interval.
  const old = csvFiles(HABITS.filter((h) => !h.measured));
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
