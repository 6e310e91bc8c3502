// The Loop backups of test/fixtures/loop (scripts/make-loop-fixtures.ts) through the web's reader and the core's
// mapping, with sql.js and fflate as the browser runs them (node's builds of the same packages).
import initSqlJs from "sql.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOOP_MAX_FILE_BYTES, type LoopRead } from "../src/core/loop-import/loop-habit";
import { planLoopImport, type LoopPlan } from "../src/core/loop-import/loop-map";
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

/** Each habit as [name, archived, done, skipped, first, last, note kinds]. */
const summary = (plan: LoopPlan) =>
  plan.habits.map((h) => [
    h.name,
    h.archived,
    h.completedDates.length,
    h.skippedDates.length,
    h.first,
    h.last,
    h.notes.map((n) => n.kind),
  ]);

const LONG = `Practise the piano scales ${"and arpeggios ".repeat(8)}slowly`.slice(0, 100).trim();

// Version 22, 25 and the CSV export hold the same habits (scripts/make-loop-fixtures.ts).
const FULL = [
  ['Read "Dune", 📚', false, 3, 0, "2024-02-01", "2024-02-03", ["frequency", "auto"]],
  ["Water", false, 2, 1, "2024-03-01", "2024-03-06", ["measured"]],
  ["Meditate, 10 min", false, 10, 2, "2024-01-01", "2024-01-12", ["dropped"]],
  ["Sugar", false, 2, 0, "2024-04-01", "2024-04-02", ["measured"]],
  ["Old habit", true, 5, 1, "2023-05-01", "2023-05-06", []],
  [LONG, false, 1, 0, "2024-06-01", "2024-06-01", ["nameCut"]],
];

describe("Loop backups that import", () => {
  it.each([
    ["loop-v22.db", { kind: "db", version: 22 }],
    ["loop-v25.db", { kind: "db", version: 25 }],
    ["Loop Habits CSV 2024-07-01.zip", { kind: "csv" }],
  ])("%s: six habits in Loop's order, skips kept, measured by target", async (name, format) => {
    const result = await read(name);
    expect(result).toMatchObject({ ok: true, format });
    const plan = planOf(result);
    expect(summary(plan)).toEqual(FULL);
    expect([plan.done, plan.skipped, plan.dropped]).toEqual([23, 4, 2]);
    const [read3, water, meditate, sugar] = plan.habits;
    expect(read3?.notes).toEqual([
      { kind: "frequency", num: 3, den: 7 },
      { kind: "auto", days: 4 },
    ]);
    expect(water?.completedDates).toEqual(["2024-03-01", "2024-03-02"]);
    expect(water?.skippedDates).toEqual(["2024-03-06"]);
    expect(water?.notes).toEqual([
      { kind: "measured", target: { type: "atLeast", value: 2.5, unit: "L" }, met: 2, notMet: 2 },
    ]);
    expect(meditate?.skippedDates).toEqual(["2024-01-11", "2024-01-12"]);
    expect(meditate?.notes).toEqual([{ kind: "dropped", days: 2 }]);
    expect(sugar?.completedDates).toEqual(["2024-04-01", "2024-04-02"]);
    expect(sugar?.notes).toEqual([
      { kind: "measured", target: { type: "atMost", value: 1, unit: "cookies" }, met: 2, notMet: 1 },
    ]);
  });

  it("loop-v12.db: no value column, every repetition a day done; no measured habits yet", async () => {
    const result = await read("loop-v12.db");
    expect(result).toMatchObject({ ok: true, format: { kind: "db", version: 12 } });
    const plan = planOf(result);
    expect(summary(plan)).toEqual([
      ['Read "Dune", 📚', false, 3, 0, "2024-02-01", "2024-02-03", ["frequency"]],
      ["Meditate, 10 min", false, 10, 0, "2024-01-01", "2024-01-10", ["dropped"]],
      ["Old habit", true, 5, 0, "2023-05-01", "2023-05-05", []],
      [LONG, false, 1, 0, "2024-06-01", "2024-06-01", ["nameCut"]],
    ]);
    expect([plan.done, plan.skipped, plan.dropped]).toEqual([19, 0, 2]);
  });

  it("an older CSV export without Type and Archived? columns", async () => {
    const plan = planOf(await read("Loop Habits CSV old.zip"));
    expect(summary(plan)).toEqual([
      ['Read "Dune", 📚', false, 3, 0, "2024-02-01", "2024-02-03", ["frequency", "auto"]],
      ["Meditate, 10 min", false, 10, 2, "2024-01-01", "2024-01-12", ["dropped"]],
      ["Old habit", false, 5, 1, "2023-05-01", "2023-05-06", []],
      [LONG, false, 1, 0, "2024-06-01", "2024-06-01", ["nameCut"]],
    ]);
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
