import { describe, expect, it } from "vitest";
import { SUGGESTED_HABITS, suggestionsNotPresent } from "./suggested-habits";

describe("SUGGESTED_HABITS", () => {
  it("lists the 12 suggestions in order, each with an emoji", () => {
    expect(SUGGESTED_HABITS.map((s) => s.name)).toEqual([
      "Drink water",
      "Exercise",
      "Read a book",
      "Meditate",
      "Journal",
      "Sleep 8 hours",
      "Eat vegetables",
      "Take vitamins",
      "Gratitude",
      "Stretch",
      "No social media",
      "Study",
    ]);
    for (const s of SUGGESTED_HABITS) expect(s.emoji).toMatch(/\p{Extended_Pictographic}/u);
    expect(new Set(SUGGESTED_HABITS.map((s) => s.emoji)).size).toBe(12);
  });
});

describe("suggestionsNotPresent", () => {
  it("hides suggestions matching an existing habit, ignoring case and spaces", () => {
    const left = suggestionsNotPresent(["  drink WATER ", "Study", "Reading"]).map((s) => s.name);
    expect(left).toHaveLength(10);
    expect(left).not.toContain("Drink water");
    expect(left).not.toContain("Study");
    expect(left).toContain("Read a book");
  });
  it("returns all with no habits and none when all exist", () => {
    expect(suggestionsNotPresent([])).toEqual([...SUGGESTED_HABITS]);
    expect(suggestionsNotPresent(SUGGESTED_HABITS.map((s) => s.name.toUpperCase()))).toEqual([]);
  });
});
