import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCsvExport, csvExportFileName, csvField, csvRows } from "./csv-export";
import type { StoredHabit } from "./habit";

const habit = (name: string, completedDates: string[], skippedDates?: string[]): StoredHabit => ({
  id: name,
  name,
  completedDates,
  skippedDates,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

/** The file as a spreadsheet reads it: csv-parse (RFC 4180), with the byte order mark taken off. */
const parseBack = (text: string): string[][] => parse(text, { bom: true, record_delimiter: "\r\n" });

describe("buildCsvExport", () => {
  it("starts with a BOM and the header, and ends every record with CRLF", () => {
    const text = buildCsvExport([habit("Read", ["2026-11-20"])]);
    expect(text).toBe(
      '\uFEFF"date","habit","state","value","note","group"\r\n"2026-11-20","Read","done","","",""\r\n',
    );
    expect(buildCsvExport([])).toBe('\uFEFF"date","habit","state","value","note","group"\r\n');
  });

  it("writes one row per habit and day, done and skipped, habit by habit with days ascending", () => {
    const habits = [
      habit("Walk", ["2026-11-21", "2026-11-19"], ["2026-11-20"]),
      habit("Read", [], ["2026-11-18"]),
      habit("Idle", []),
    ];
    expect(parseBack(buildCsvExport(habits))).toEqual([
      ["date", "habit", "state", "value", "note", "group"],
      ["2026-11-19", "Walk", "done", "", "", ""],
      ["2026-11-20", "Walk", "skipped", "", "", ""],
      ["2026-11-21", "Walk", "done", "", "", ""],
      ["2026-11-18", "Read", "skipped", "", "", ""],
    ]);
  });

  it("writes each day's number and note, a day with only those with an empty state, notes quoted", () => {
    const water: StoredHabit = {
      ...habit("Water", [], ["2026-11-20"]),
      kind: "measurable",
      values: [
        ["2026-11-19", 2.5],
        ["2026-11-20", 1],
      ],
      notes: [
        ["2026-11-18", 'Said "no", then; =1+1\r\nlater'],
        ["2026-11-19", "Good"],
      ],
    };
    expect(parseBack(buildCsvExport([water])).slice(1)).toEqual([
      ["2026-11-18", "Water", "", "", 'Said "no", then; =1+1\r\nlater', ""],
      ["2026-11-19", "Water", "", "2.5", "Good", ""],
      ["2026-11-20", "Water", "skipped", "1", "", ""],
    ]);
  });

  it("counts a day both done and skipped once, as done (as the habit's figures do)", () => {
    expect(csvRows([habit("Read", ["2026-11-20"], ["2026-11-20"])])).toEqual([
      { date: "2026-11-20", habit: "Read", state: "done", value: null, note: null, group: "" },
    ]);
  });

  it("reads back names with commas, quotes, line breaks and emoji exactly", () => {
    const names = ['Read, then "write"', "Two\r\nlines", "Line\nfeed", "Méditer 🧘‍♀️", 'Only "quotes"'];
    const text = buildCsvExport(names.map((name) => habit(name, ["2026-11-21"])));
    expect(parseBack(text).slice(1)).toEqual(names.map((name) => ["2026-11-21", name, "done", "", "", ""]));
    expect(text).toContain('"Read, then ""write"""');
  });

  it("quotes every field, so a spreadsheet that splits on ';' keeps a name such as x;=1+1 in one cell", () => {
    const text = buildCsvExport([habit("x;=1+1", ["2026-11-21"]), habit("a,b;@c", ["2026-11-21"])]);
    const records = text.slice(1).split("\r\n").slice(1, -1);
    expect(records).toEqual([
      '"2026-11-21","x;=1+1","done","","",""',
      '"2026-11-21","a,b;@c","done","","",""',
    ]);
    // A splitter that honours quotes splits only outside them: before each ';' stands an odd number of quotes.
    for (const record of records)
      for (const [at, char] of [...record].entries())
        if (char === ";") expect(record.slice(0, at).split('"').length % 2).toBe(0);
  });

  it("writes each habit's group's name last, empty without one or for a group it does not know", () => {
    const groups = [
      { id: "g1", name: "Morning, early", position: 0, folded: false },
      { id: "g2", name: "=Health", position: 1, folded: true },
    ];
    const habits: StoredHabit[] = [
      { ...habit("Walk", ["2026-11-20"]), groupId: "g1" },
      { ...habit("Run", ["2026-11-20"]), groupId: "g2" },
      { ...habit("Read", ["2026-11-20"]), groupId: null },
      { ...habit("Gone", ["2026-11-20"]), groupId: "deleted" },
    ];
    expect(parseBack(buildCsvExport(habits, groups))).toEqual([
      ["date", "habit", "state", "value", "note", "group"],
      ["2026-11-20", "Walk", "done", "", "", "Morning, early"],
      ["2026-11-20", "Run", "done", "", "", "'=Health"],
      ["2026-11-20", "Read", "done", "", "", ""],
      ["2026-11-20", "Gone", "done", "", "", ""],
    ]);
  });

  it("writes a name a spreadsheet would run as a formula behind a quote mark", () => {
    const names = ['=HYPERLINK("http://evil.example","x")', "+1", "-2 kg", "@SUM(A1)", "\tTab"];
    const rows = parseBack(buildCsvExport(names.map((name) => habit(name, ["2026-11-21"])))).slice(1);
    expect(rows.map((row) => row[1])).toEqual(names.map((name) => `'${name}`));
    expect(csvField("Plain = fine")).toBe('"Plain = fine"');
  });

  it("reads back any name and any days (property)", () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, "0")}`);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: "grapheme", minLength: 1 }), fc.array(day)), { maxLength: 5 }),
        (entries) => {
          const habits = entries.map(([name, days]) => habit(name, days));
          const rows = csvRows(habits);
          const parsed = parseBack(buildCsvExport(habits)).slice(1);
          expect(parsed.map((r) => [r[0], r[2]])).toEqual(rows.map((r) => [r.date, r.state]));
          const names = rows.map((r) => (/^[=+\-@\t\r]/.test(r.habit) ? `'${r.habit}` : r.habit));
          expect(parsed.map((r) => r[1])).toEqual(names);
        },
      ),
    );
  });
});

describe("csvExportFileName", () => {
  it("names the file with the day, as the JSON backup", () => {
    expect(csvExportFileName("2026-11-22")).toBe("habit-streaks-history-2026-11-22.csv");
  });
});
