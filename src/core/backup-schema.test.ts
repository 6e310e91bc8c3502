import { describe, expect, it } from "vitest";
import { buildBackup } from "./backup";
import { BackupHabitSchema, backupHabitSchema, parseBackup } from "./backup-schema";
import { MAX_BACKUP_CHARS } from "./constants";
import { INVALID_LOCAL_DATE_MESSAGE } from "./local-date";
import { makeHabit, TEST_TODAY } from "./test-habits";

const habit = (fields: Record<string, unknown> = {}) => ({ name: "Read", completedDates: [], ...fields });
const reasonOf = (value: unknown) => {
  const result = parseBackup(typeof value === "string" ? value : JSON.stringify(value));
  return result.ok ? "ok" : `${result.kind}: ${result.reason}`;
};

describe("parseBackup", () => {
  const habits = [
    makeHabit("Read", ["2026-11-19", "2026-11-20", TEST_TODAY]),
    makeHabit("Méditer 🧘", []),
    makeHabit("Run", ["2024-02-29"]),
  ];

  it("round-trips names and dates", () => {
    const result = parseBackup(buildBackup(habits));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.habits.map((h) => [h.name, h.completedDates])).toEqual(
      habits.map((h) => [h.name, h.completedDates]),
    );
  });
  it("re-imports a full API habit with its derived fields", () => {
    expect(BackupHabitSchema.safeParse(habits[0]).success).toBe(true);
  });
  it("round-trips the history fields, the schedule in canonical form", () => {
    const swim = {
      ...habits[0]!,
      skippedDates: ["2026-11-18"],
      schedule: { weekdays: [5, 1] as (1 | 5)[] },
      archived: true,
      position: 2.5,
      emoji: "🏊",
    };
    const result = parseBackup(buildBackup([swim, habits[1]!]));
    expect(result.ok && result.habits[0]).toMatchObject({
      skippedDates: ["2026-11-18"],
      schedule: { weekdays: [1, 5] },
      archived: true,
      position: 2.5,
      emoji: "🏊",
    });
    expect(result.ok && result.habits[1]).toMatchObject({
      skippedDates: [],
      schedule: null,
      archived: false,
      position: 1,
      emoji: null,
    });
  });
  it("reads a file of the previous release as before: no history field appears", () => {
    const old = JSON.stringify([
      { id: "1", name: "Read", streakCount: 1, lastCompletedDate: TEST_TODAY, completedDates: [TEST_TODAY] },
    ]);
    expect(parseBackup(old)).toEqual({
      ok: true,
      habits: [
        {
          id: "1",
          name: "Read",
          streakCount: 1,
          lastCompletedDate: TEST_TODAY,
          completedDates: [TEST_TODAY],
        },
      ],
      groups: [],
    });
  });
  it("reads a version 2 file, { version, habits }, with kinds, rules, numbers, notes and a reminder", () => {
    const target = { atMost: true, amount: 2, per: "day", unit: "coffees" };
    const water = {
      name: "Coffee",
      completedDates: [],
      kind: "measurable",
      rules: [{ from: "2026-11-01", frequency: null, target }],
      step: 1,
      values: [["2026-11-20", 3]],
      notes: [["2026-11-20", "Long night"]],
      reminder: { time: "08:00", weekdays: [1, 2, 3] },
    };
    const result = parseBackup(JSON.stringify({ version: 2, habits: [water, habit()] }));
    expect(result).toEqual({ ok: true, habits: [water, habit()], groups: [] });
    expect(reasonOf({ version: 3, habits: [] })).toBe("format: a backup of version 3 needs a newer app");
    expect(reasonOf({ version: 2, habits: [{ ...water, rules: undefined }] })).toMatch(
      /item 1: rules: a measurable/,
    );
    expect(reasonOf({ version: 2, habits: [habit({ values: [["2026-11-20", 1]] })] })).toMatch(/no numbers/);
  });
  it("reads a file's groups and each habit's group by name, both optional, under the name rule", () => {
    const file = {
      version: 2,
      habits: [habit({ group: " Morning " }), habit({ group: null }), habit()],
      groups: [{ name: "Morning", folded: true }, { name: "Evening" }],
    };
    const result = parseBackup(JSON.stringify(file));
    expect(result.ok && result.groups).toEqual([{ name: "Morning", folded: true }, { name: "Evening" }]);
    expect(result.ok && result.habits.map((h) => h.group)).toEqual(["Morning", null, undefined]);
    expect(reasonOf({ ...file, groups: [{ name: "" }] })).toMatch(
      /^format: groups: item 1: name: Group name/,
    );
    expect(reasonOf({ ...file, groups: [{ name: "A", id: "x" }] })).toMatch(/unknown field "id"/);
    expect(reasonOf({ ...file, groups: Array.from({ length: 51 }, (_, i) => ({ name: `G${i}` })) })).toMatch(
      /at most 50 groups/,
    );
    expect(reasonOf({ version: 2, habits: [habit({ group: "a\u0007b" })] })).toMatch(
      /item 1: group: Group name cannot contain control characters/,
    );
  });
  it("reads the bare array of the release before kinds, with its history fields, as yes/no habits", () => {
    const previous = [
      {
        id: "a",
        name: "Swim",
        streakCount: 1,
        lastCompletedDate: TEST_TODAY,
        completedDates: [TEST_TODAY],
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
        skippedDates: ["2026-11-19"],
        schedule: { weekdays: [1, 3] },
        archived: false,
        position: 0,
        emoji: "🏊",
      },
    ];
    const result = parseBackup(JSON.stringify(previous));
    expect(result).toEqual({ ok: true, habits: previous, groups: [] });
    expect(result.ok && result.habits[0]).not.toHaveProperty("kind");
  });
  it("writes version 2 with the kind's fields, a habit without rules getting its schedule from its first day", () => {
    const measured = {
      ...makeHabit("Water", []),
      kind: "measurable" as const,
      rules: [
        {
          from: "2026-11-01",
          frequency: null,
          target: { atMost: false, amount: 8, per: "day" as const, unit: "" },
        },
      ],
      step: 0.25,
      values: [["2026-11-20", 2.5]] as [string, number][],
      notes: [["2026-11-20", "Hot"]] as [string, string][],
    };
    const file = JSON.parse(buildBackup([measured, { ...habits[2]!, schedule: { weekdays: [2] } }])) as {
      version: number;
      habits: Record<string, unknown>[];
    };
    expect(file.version).toBe(2);
    expect(file.habits[0]).toMatchObject({
      kind: "measurable",
      rules: measured.rules,
      step: 0.25,
      values: measured.values,
      notes: measured.notes,
    });
    expect(file.habits[1]).toMatchObject({
      kind: "yesNo",
      rules: [{ from: habits[2]!.createdAt.slice(0, 10), frequency: { weekdays: [2] }, target: null }],
      step: 1,
      values: [],
      notes: [],
    });
    const back = parseBackup(JSON.stringify(file));
    expect(back.ok && back.habits[0]).toMatchObject({ kind: "measurable", values: measured.values });
  });
  it("accepts the minimal original shape and trims the name", () => {
    expect(
      parseBackup(
        JSON.stringify([
          habit({ name: "  Read ", id: "1700000000000", streakCount: 2, lastCompletedDate: null }),
        ]),
      ),
    ).toEqual({
      ok: true,
      habits: [
        { name: "Read", id: "1700000000000", streakCount: 2, lastCompletedDate: null, completedDates: [] },
      ],
      groups: [],
    });
  });
});

describe("parseBackup rejections", () => {
  it.each([
    ["not JSON", "{", /^parse: /],
    ["an empty file", "", /^parse: /],
    ["an object", { habits: [] }, /^format: a backup must be a JSON array of habits$/],
    ["null", null, /^format: a backup must be a JSON array of habits$/],
    ["a non-object item", ["Read"], /^format: item 1: Invalid input: expected object/],
    ["a missing name", [{ completedDates: [] }], /^format: item 1: name: /],
    ["a blank name", [habit({ name: "  " })], /^format: item 1: name: Habit name cannot be empty$/],
    [
      "a 101-char name",
      [habit({ name: "x".repeat(101) })],
      /^format: item 1: name: Habit name must be at most 100 characters$/,
    ],
    [
      "a 10,000-char name",
      [habit(), habit({ name: "x".repeat(10_000) })],
      /^format: item 2: name: Habit name must be at most 100 characters$/,
    ],
    ["a missing completedDates", [{ name: "Read" }], /^format: item 1: completedDates: /],
    [
      "a string completedDates",
      [habit({ completedDates: "2026-01-01" })],
      /^format: item 1: completedDates: Invalid input: expected array/,
    ],
    [
      "an impossible date",
      [habit(), habit(), habit({ completedDates: ["2026-01-01", "2026-01-02", "2026-02-30"] })],
      new RegExp(`^format: item 3: completedDates\\[2\\]: ${INVALID_LOCAL_DATE_MESSAGE}$`),
    ],
    [
      "a US-style date",
      [habit({ completedDates: ["11/21/2026"] })],
      /^format: item 1: completedDates\[0\]: must be a real calendar date/,
    ],
    [
      "a duplicate date",
      [habit({ completedDates: ["2026-01-01", "2026-01-02", "2026-01-01"] })],
      /^format: item 1: completedDates\[2\]: duplicate date 2026-01-01$/,
    ],
    [
      "a bad lastCompletedDate",
      [habit({ lastCompletedDate: "yesterday" })],
      /^format: item 1: lastCompletedDate: must be a real calendar date/,
    ],
    [
      "a string streakCount",
      [habit({ streakCount: "3" })],
      /^format: item 1: streakCount: Invalid input: expected number/,
    ],
    [
      "a skipped day twice",
      [habit({ skippedDates: ["2026-01-01", "2026-01-01"] })],
      /^format: item 1: skippedDates\[1\]: duplicate date 2026-01-01$/,
    ],
    [
      "an empty schedule",
      [habit({ schedule: { weekdays: [] } })],
      /^format: item 1: schedule: must be null \(every day\) or \{ weekdays/,
    ],
    ["a weekday 7", [habit({ schedule: { weekdays: [7] } })], /^format: item 1: schedule: must be null/],
    ["a string archived", [habit({ archived: "yes" })], /^format: item 1: archived: must be true or false$/],
    [
      "an infinite position",
      [habit({ position: "Infinity" })],
      /^format: item 1: position: must be a finite number$/,
    ],
    [
      "a long emoji",
      [habit({ emoji: "😀".repeat(9) })],
      /^format: item 1: emoji: must be at most 16 characters$/,
    ],
    ["an empty emoji", [habit({ emoji: "" })], /^format: item 1: emoji: must not be empty/],
    [
      "an emoji with a control character",
      [habit({ emoji: "a\n" })],
      /^format: item 1: emoji: must not contain control characters$/,
    ],
    ["an unknown field", [habit({ isAdmin: true })], /^format: item 1: unknown field "isAdmin"$/],
    ["two unknown fields", [habit({ a: 1, b: 2 })], /^format: item 1: unknown fields "a", "b"$/],
    [
      "more than 1000 habits",
      Array.from({ length: 1001 }, () => habit()),
      /^format: a backup holds at most 1000 habits$/,
    ],
  ])("rejects %s", (_label, value, expected) => {
    expect(reasonOf(value)).toMatch(expected);
  });
  it("accepts exactly 1000 habits", () =>
    expect(reasonOf(Array.from({ length: 1000 }, () => habit()))).toBe("ok"));
  it("rejects a file over 5 MB before parsing it", () => {
    expect(reasonOf(" ".repeat(MAX_BACKUP_CHARS + 1))).toBe("format: file is larger than 5 MB");
  });
});

describe("backupHabitSchema with a latest day (the server's UTC date plus one)", () => {
  const schema = backupHabitSchema("2026-11-22");
  const issue = (dates: string[]) => schema.safeParse(habit({ completedDates: dates })).error?.issues[0];

  it("accepts days up to and including the latest", () => {
    expect(
      schema.safeParse(habit({ completedDates: ["2000-01-01", "2026-11-21", "2026-11-22"] })).success,
    ).toBe(true);
  });
  it.each(["2026-11-23", "9999-12-31"])("refuses %s, naming the date and where it is", (date) => {
    expect(issue(["2026-11-20", date])).toMatchObject({
      path: ["completedDates", 1],
      message: `${date} is in the future: the latest day allowed is 2026-11-22`,
    });
  });
  it("refuses a skipped day after the latest too", () => {
    expect(schema.safeParse(habit({ skippedDates: ["2026-11-23"] })).error?.issues[0]).toMatchObject({
      path: ["skippedDates", 0],
      message: "2026-11-23 is in the future: the latest day allowed is 2026-11-22",
    });
  });
  it("leaves future days alone without a latest day (the browser reads files with its own clock)", () => {
    expect(BackupHabitSchema.safeParse(habit({ completedDates: ["9999-12-31"] })).success).toBe(true);
  });
});
