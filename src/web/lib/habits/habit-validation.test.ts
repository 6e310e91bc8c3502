import { describe, expect, it } from "vitest";
import { loadBackupParser, parseHabitName, preloadHabitValidation } from "./habit-validation";

describe("habit validation loaded on first use", () => {
  it("checks a name with the shared schema", async () => {
    preloadHabitValidation();
    await expect(parseHabitName("  Read  ")).resolves.toBe("Read");
    await expect(parseHabitName("   ")).resolves.toBeNull();
    await expect(parseHabitName("x".repeat(101))).resolves.toBeNull();
    await expect(parseHabitName("Re\u0007ad")).resolves.toBeNull();
  });

  it("parses the backup shape with the shared parser", async () => {
    const parseBackup = await loadBackupParser();
    expect(parseBackup('[{"name":"Read","completedDates":[]}]')).toEqual({
      ok: true,
      habits: [{ name: "Read", completedDates: [] }],
      groups: [],
    });
    expect(parseBackup("{").ok).toBe(false);
  });
});
