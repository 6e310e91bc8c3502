import { describe, expect, it } from "vitest";
import { backupFileName, buildBackup, isBackupFileName } from "./backup";
import { makeHabit, TEST_TODAY } from "./test-habits";

describe("buildBackup", () => {
  const habits = [
    makeHabit("Read", ["2026-11-19", "2026-11-20", TEST_TODAY]),
    makeHabit("Méditer 🧘", []),
    makeHabit("Run", ["2024-02-29"]),
  ];

  it("writes the SPEC §3 fields as a pretty JSON array", () => {
    const text = buildBackup(habits);
    expect(text).toContain('\n  {\n    "id": "Read"');
    const [first] = JSON.parse(text) as Record<string, unknown>[];
    expect(Object.keys(first ?? {})).toEqual([
      "id",
      "name",
      "streakCount",
      "lastCompletedDate",
      "completedDates",
      "createdAt",
      "updatedAt",
    ]);
    expect(first).toMatchObject({ streakCount: 3, lastCompletedDate: TEST_TODAY });
    expect(buildBackup([])).toBe("[]");
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
