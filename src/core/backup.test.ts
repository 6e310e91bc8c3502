import { describe, expect, it } from "vitest";
import { backupFileName, buildBackup, isBackupFileName } from "./backup";
import { deriveHabit } from "./habit";
import { makeHabit, TEST_TODAY } from "./test-habits";

describe("buildBackup", () => {
  const habits = [
    makeHabit("Read", ["2026-11-19", "2026-11-20", TEST_TODAY]),
    makeHabit("Méditer 🧘", []),
    makeHabit("Run", ["2024-02-29"]),
  ];

  it("writes { version: 2, habits } with the original habit fields first, pretty", () => {
    const text = buildBackup(habits);
    expect(text).toContain('\n  "version": 2,\n  "habits": [\n    {\n      "id": "Read"');
    const [first] = (JSON.parse(text) as { habits: Record<string, unknown>[] }).habits;
    expect(Object.keys(first ?? {})).toEqual([
      "id",
      "name",
      "streakCount",
      "lastCompletedDate",
      "completedDates",
      "createdAt",
      "updatedAt",
      "skippedDates",
      "schedule",
      "archived",
      "position",
      "emoji",
      "kind",
      "rules",
      "step",
      "values",
      "notes",
      "group",
    ]);
    expect(first).toMatchObject({ streakCount: 3, lastCompletedDate: TEST_TODAY });
    expect(JSON.parse(buildBackup([]))).toEqual({ version: 2, habits: [], groups: [] });
  });

  it("writes the groups in their order, and each habit's group by name (null without one)", () => {
    const groups = [
      { id: "g2", name: "Evening", position: -1, folded: true },
      { id: "g1", name: "Morning", position: 0, folded: false },
    ];
    const grouped = [
      { ...habits[0]!, groupId: "g1" },
      { ...habits[1]!, groupId: null },
      { ...habits[2]!, groupId: "g2" },
    ];
    const file = JSON.parse(buildBackup(grouped, groups)) as {
      groups: unknown[];
      habits: { name: string; group: string | null }[];
    };
    expect(file.groups).toEqual([
      { name: "Evening", folded: true },
      { name: "Morning", folded: false },
    ]);
    expect(file.habits.map((h) => [h.name, h.group])).toEqual([
      ["Read", "Morning"],
      ["Méditer 🧘", null],
      ["Run", "Evening"],
    ]);
  });

  it("writes the history fields, defaults for a habit without them (its place in the list for position)", () => {
    const skipper = deriveHabit(
      {
        ...makeHabit("Swim", ["2026-11-20"]),
        skippedDates: ["2026-11-19"],
        schedule: { weekdays: [1, 3] },
        archived: true,
        position: -2.5,
        emoji: "🏊",
      },
      TEST_TODAY,
    );
    const rows = (
      JSON.parse(buildBackup([makeHabit("Read"), skipper])) as { habits: Record<string, unknown>[] }
    ).habits;
    expect(rows[0]).toMatchObject({
      skippedDates: [],
      schedule: null,
      archived: false,
      position: 0,
      emoji: null,
    });
    expect(rows[1]).toMatchObject({
      skippedDates: ["2026-11-19"],
      schedule: { weekdays: [1, 3] },
      archived: true,
      position: -2.5,
      emoji: "🏊",
    });
  });
});

describe("file names", () => {
  it("names the backup with the date", () =>
    expect(backupFileName("2026-11-21")).toBe("habit-streaks-backup-2026-11-21.json"));
  it.each([
    ["backup.json", true],
    ["BACKUP.JSON", true],
    ["habit-streaks-backup-2026-11-21.json", true],
    ["backup.json.txt", false],
    ["backup.jsonx", false],
    ["json", false],
    ["", false],
  ])("%j is a backup file name: %s", (name, expected) => expect(isBackupFileName(name)).toBe(expected));
});
