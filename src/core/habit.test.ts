import { describe, expect, it } from "vitest";
import { deriveHabit, HabitNameSchema, NewHabitSchema } from "./habit";

describe("HabitNameSchema and NewHabitSchema", () => {
  it("trims the name", () => expect(HabitNameSchema.parse("  Read  ")).toBe("Read"));
  it("rejects a blank name", () => {
    expect(HabitNameSchema.safeParse("   ").error?.issues[0]?.message).toBe("Habit name cannot be empty");
  });
  it("allows 100 characters and rejects 101 or 10,000", () => {
    expect(HabitNameSchema.safeParse("x".repeat(100)).success).toBe(true);
    expect(HabitNameSchema.safeParse("x".repeat(101)).error?.issues[0]?.message).toBe(
      "Habit name must be at most 100 characters",
    );
    expect(HabitNameSchema.safeParse("x".repeat(10_000)).success).toBe(false);
  });
  it("rejects unknown fields and a missing name", () => {
    expect(NewHabitSchema.safeParse({ name: "Read" }).data).toEqual({ name: "Read" });
    expect(NewHabitSchema.safeParse({ name: "Read", streakCount: 9 }).success).toBe(false);
    expect(NewHabitSchema.safeParse({}).success).toBe(false);
  });
});

describe("deriveHabit", () => {
  const stored = {
    id: "h1",
    userId: "u1",
    name: "Read",
    completedDates: ["2026-11-21", "2026-11-12", "2026-11-20", "2026-11-21"],
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-21T08:00:00.000Z",
  };
  it("normalizes the dates and derives every figure for today", () => {
    expect(deriveHabit(stored, "2026-11-21")).toEqual({
      ...stored,
      completedDates: ["2026-11-12", "2026-11-20", "2026-11-21"],
      streakCount: 2,
      bestStreak: 2,
      lastCompletedDate: "2026-11-21",
      completedToday: true,
      completionRate: 30,
    });
  });
  it("keeps yesterday's streak until the day after", () => {
    expect(deriveHabit(stored, "2026-11-22")).toMatchObject({ streakCount: 2, completedToday: false });
    expect(deriveHabit(stored, "2026-11-23")).toMatchObject({
      streakCount: 0,
      bestStreak: 2,
      lastCompletedDate: "2026-11-21",
    });
  });
  it("does not change the stored habit", () => {
    const copy = structuredClone(stored);
    deriveHabit(stored, "2026-11-21");
    expect(stored).toEqual(copy);
  });
});

describe("HabitNameSchema control characters", () => {
  it("refuses a name with a NUL or another control character", () => {
    expect(HabitNameSchema.safeParse("Read\u0000").success).toBe(false);
    expect(HabitNameSchema.safeParse("Re\u0007ad").success).toBe(false);
    expect(HabitNameSchema.safeParse("  Read  ").data).toBe("Read");
  });
});
