import { describe, expect, it } from "vitest";
import { applyTable } from "./i18n/catalogue-apply";
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

describe("in another language", () => {
  it("names the suggestions as the language's catalogue does, and matches habits by those names", async () => {
    const german = (await import("./messages/compiled/de/first-screen")).default;
    applyTable("first-screen", german);
    try {
      expect(SUGGESTED_HABITS[0]!.name).toBe("Wasser trinken");
      expect(suggestionsNotPresent(["wasser TRINKEN"]).map((s) => s.name)).not.toContain("Wasser trinken");
    } finally {
      applyTable("first-screen");
    }
    expect(SUGGESTED_HABITS[0]!.name).toBe("Drink water");
  });
});
