import { describe, expect, it } from "vitest";
import { buildBackup } from "../../../core/backup";
import { MAX_BACKUP_CHARS } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { makeHabit } from "../../../core/test-habits";
import { readBackupFile } from "./read-backup-file";

const file = (name: string, text: string, size = text.length) => ({ name, size, text: async () => text });
const item = (extra: Record<string, unknown> = {}) => ({
  name: "Read",
  completedDates: ["2026-11-20"],
  ...extra,
});
const json = (value: unknown) => file("backup.json", JSON.stringify(value));
const { importInvalidFormat, importParseError } = messages.validation;

describe("readBackupFile", () => {
  it("accepts our own export", async () => {
    const habits = [makeHabit("Read", ["2026-11-19", "2026-11-20"]), makeHabit("Walk")];
    const result = await readBackupFile(file("habit-streaks-backup-2026-11-21.json", buildBackup(habits)));
    expect(result).toMatchObject({
      ok: true,
      habits: [{ name: "Read", completedDates: ["2026-11-19", "2026-11-20"] }, { name: "Walk" }],
    });
  });

  it.each([
    ["a file that is not .json", file("backup.txt", JSON.stringify([item()])), importInvalidFormat, /\.json/],
    ["broken JSON", file("backup.json", "[{"), importParseError, /./],
    ["an object instead of an array", json({ habits: [item()] }), importInvalidFormat, /array/],
    ["an item without a name", json([{ completedDates: [] }]), importInvalidFormat, /item 1: name/],
    [
      "duplicate dates",
      json([item({ completedDates: ["2026-11-20", "2026-11-20"] })]),
      importInvalidFormat,
      /duplicate date/,
    ],
    [
      "an impossible date",
      json([item({ completedDates: ["2026-02-30"] })]),
      importInvalidFormat,
      /completedDates/,
    ],
    ["an unknown field", json([item({ colour: "red" })]), importInvalidFormat, /unknown field "colour"/],
    [
      "a 10,000-character name",
      json([item({ name: "x".repeat(10_000) })]),
      importInvalidFormat,
      /at most 100/,
    ],
    ["an empty list", json([]), importInvalidFormat, /no habits/],
  ])("rejects %s with the product's alert and a reason", async (_label, input, alert, reason) => {
    const result = await readBackupFile(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.alert).toBe(alert);
    expect(result.reason).toMatch(reason);
  });

  it("rejects a file over the size limit without reading it", async () => {
    let read = false;
    const big = { name: "big.json", size: MAX_BACKUP_CHARS + 1, text: async () => ((read = true), "[]") };
    expect(await readBackupFile(big)).toMatchObject({
      ok: false,
      alert: importInvalidFormat,
      reason: /5 MB/,
    });
    expect(read).toBe(false);
  });
});
