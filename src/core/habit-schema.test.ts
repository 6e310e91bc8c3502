import { describe, expect, it } from "vitest";
import { HabitNameSchema, NewHabitSchema } from "./habit-schema";

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

describe("HabitNameSchema control characters", () => {
  it("refuses a name with a NUL or another control character", () => {
    expect(HabitNameSchema.safeParse("Read\u0000").success).toBe(false);
    expect(HabitNameSchema.safeParse("Re\u0007ad").success).toBe(false);
    expect(HabitNameSchema.safeParse("  Read  ").data).toBe("Read");
  });
});
