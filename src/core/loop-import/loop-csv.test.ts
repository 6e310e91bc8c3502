import { describe, expect, it } from "vitest";
import { parseCsv, parseLoopNumber } from "./loop-csv";
import { loopFolderName, readLoopCsvExport } from "./loop-csv-export";

describe("parseCsv (opencsv's quoting)", () => {
  it("reads quoted commas, doubled quotes, line breaks inside quotes and CRLF, with each row's first line", () => {
    const text = '\uFEFFPosition,Name\r\n001,"Read ""Dune"", 📚"\r\n002,"two\nlines"\n\n003,plain\n';
    expect(parseCsv(text)).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["Position", "Name"] },
        { line: 2, cells: ["001", 'Read "Dune", 📚'] },
        { line: 3, cells: ["002", "two\nlines"] },
        { line: 6, cells: ["003", "plain"] },
      ],
    });
  });

  it.each([
    ['a,"open\n', 1, /never closed/],
    ['a,b\nc,"d"e\n', 2, /after a closing quote/],
    ['a,b\nc,d"e"\n', 2, /inside an unquoted field/],
  ])("refuses %j at line %i", (text, line, detail) => {
    const result = parseCsv(text);
    expect(result).toMatchObject({ ok: false, line });
    if (!result.ok) expect(result.detail).toMatch(detail);
  });

  it("keeps a last row without a line break and an empty quoted field", () => {
    expect(parseCsv('a,""\nb,c')).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["a", ""] },
        { line: 2, cells: ["b", "c"] },
      ],
    });
  });
});

describe("parseLoopNumber", () => {
  it.each([
    ["2.5", 2.5],
    ["2,5", 2.5],
    [" 3 ", 3],
    ["-1", -1],
    ["0.000", 0],
    ["lots", null],
    ["", null],
    ["1e3", null],
    ["1.2.3", null],
  ])("%j → %j", (text, value) => expect(parseLoopNumber(text)).toBe(value));
});

describe("loopFolderName", () => {
  it("numbers the folder by position and keeps only Loop's characters of the name", () => {
    expect(loopFolderName(7, 'Read "Dune", 📚')).toBe("007 Read Dune");
    expect(loopFolderName(12, "x".repeat(120))).toBe(`012 ${"x".repeat(100)}`);
  });
});

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe("readLoopCsvExport", () => {
  it("reads habits by header name, their folders and every checkmark value", () => {
    const result = readLoopCsvExport(
      files({
        "Habits.csv":
          'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,"Run, fast",YES_NO,,,3,7,#fff,,AT_LEAST,0,true\n002,Water,NUMERICAL,,,1,1,#fff,L,AT_MOST,"2,5",false\n',
        "001 Run fast/Checkmarks.csv":
          'Date,Value,Notes\n2024-01-03,YES_MANUAL,"good, long"\n2024-01-02,YES_AUTO,\n2024-01-01,SKIP,\n2023-12-31,NO,\n2023-12-30,UNKNOWN,\n2023-12-29,2,\n',
        "002 Water/Checkmarks.csv":
          'Date,Value,Notes\n2024-01-01,"2,5",\n2024-01-02,3.000,\n2024-01-03,2500,Hot\n2024-01-04,NO,\n2024-01-05,SKIP,\n2024-01-06,UNKNOWN,\n2024-01-07,YES_MANUAL,\n',
        "002 Water/Scores.csv": 'not,read\n"',
        "Scores.csv": 'not,read\n"',
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.format).toEqual({ kind: "csv" });
    const [run, water] = result.habits;
    expect(run).toMatchObject({
      name: "Run, fast",
      position: 1,
      archived: true,
      freqNum: 3,
      freqDen: 7,
      target: null,
    });
    expect([...(run?.days ?? [])]).toEqual([
      ["2024-01-03", "manual"],
      ["2024-01-02", "auto"],
      ["2024-01-01", "skip"],
      ["2023-12-31", "no"],
      ["2023-12-30", "unknown"],
      ["2023-12-29", "manual"],
    ]);
    expect(water).toMatchObject({ archived: false, target: { type: "atMost", value: 2.5, unit: "L" } });
    // In thousandths as Loop stores them: Loop writes them so, a number with decimals is the amount itself, and
    // Loop writes its stored 0 and 2 with the words of a yes/no day.
    expect([...(water?.days ?? [])]).toEqual([
      ["2024-01-01", 2500],
      ["2024-01-02", 3000],
      ["2024-01-03", 2500],
      ["2024-01-04", 0],
      ["2024-01-05", "skip"],
      ["2024-01-06", "unknown"],
      ["2024-01-07", 2],
    ]);
    expect([...(run?.notes ?? [])]).toEqual([["2024-01-03", "good, long"]]);
    expect([...(water?.notes ?? [])]).toEqual([["2024-01-03", "Hot"]]);
  });

  it("reads the checkmarks of Loop's exports before notes, which have no header", () => {
    const result = readLoopCsvExport(
      files({
        "Habits.csv":
          "Position,Name,Type,Unit,Target Type,Target Value\n001,Walk,YES_NO,,,\n002,Water,NUMERICAL,L,AT_LEAST,2\n",
        "001 Walk/Checkmarks.csv": "2024-01-02,2\n2024-01-01,3\n",
        "002 Water/Checkmarks.csv": "2024-01-01,1500\n",
      }),
    );
    expect(result.ok && result.habits.map((h) => [...h.days])).toEqual([
      [
        ["2024-01-02", "manual"],
        ["2024-01-01", "skip"],
      ],
      [["2024-01-01", 1500]],
    ]);
  });

  it("reads an older export without the new columns, and a habit without a folder", () => {
    const result = readLoopCsvExport(
      files({
        "Loop/Habits.csv":
          "Position,Name,Description,NumRepetitions,Interval,Color\n001,Walk,,1,1,#fff\n002,Swim,,2,7,#fff\n",
        "Loop/001 Walk/Checkmarks.csv": "Date,Value\n2024-01-01,2\n",
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      habits: [
        { name: "Walk", archived: false, freqNum: 1, freqDen: 1, target: null },
        { name: "Swim", freqNum: 2, freqDen: 7, noDaysFile: true },
      ],
    });
  });

  it.each([
    ["no Habits.csv", { "001 Walk/Checkmarks.csv": "Date,Value\n" }, { kind: "noHabitsCsv" }],
    [
      "a value Loop never writes",
      {
        "Habits.csv": "Position,Name\n001,Walk\n",
        "001 Walk/Checkmarks.csv": "Date,Value\n2024-01-01,YES_MANUAL\n2024-01-02,maybe\n",
      },
      {
        kind: "badRow",
        file: "001 Walk/Checkmarks.csv",
        line: 3,
        detail: '"maybe" is not a checkmark value',
      },
    ],
    [
      "an impossible date",
      {
        "Habits.csv": "Position,Name\n001,Walk\n",
        "001 Walk/Checkmarks.csv": "Date,Value\n2024-02-30,YES_MANUAL\n",
      },
      { kind: "badRow", file: "001 Walk/Checkmarks.csv", line: 2 },
    ],
    [
      "a broken quote in Habits.csv",
      { "Habits.csv": 'Position,Name\n001,"Walk\n' },
      { kind: "badRow", file: "Habits.csv", line: 2 },
    ],
    [
      "no Name column",
      { "Habits.csv": "Position,Title\n001,Walk\n" },
      { kind: "badRow", file: "Habits.csv", line: 1 },
    ],
    [
      "a position that is not a number",
      { "Habits.csv": "Position,Name\nfirst,Walk\n" },
      { kind: "badRow", line: 2 },
    ],
  ])("refuses %s, naming the file and line", (_label, entries, problem) => {
    expect(readLoopCsvExport(files(entries))).toMatchObject({ ok: false, problem });
  });
});
