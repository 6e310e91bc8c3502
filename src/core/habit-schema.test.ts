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

describe("HabitNameSchema: one rule for names", () => {
  it.each([
    ["a lone high surrogate", "x\ud800y", /unpaired surrogate/],
    ["a lone low surrogate", "x\udc00y", /unpaired surrogate/],
    ["a C1 control (NEL)", "Read\u0085", /control characters/],
    ["a C1 control (CSI)", "\u009bRead", /control characters/],
    ["a right-to-left override", "Read\u202egnitirw", /text-direction/],
    ["a left-to-right embedding", "\u202aRead", /text-direction/],
    ["a first-strong isolate", "Read \u2068x\u2069", /text-direction/],
  ])("refuses %s", (_label, name, message) => {
    expect(HabitNameSchema.safeParse(name).error?.issues[0]?.message).toMatch(message);
  });

  it("keeps emoji, accents and right-to-left text", () => {
    for (const name of ["Run 🏃‍♀️", "Lire à voix haute", "קריאה", "読書 📚"]) {
      expect(HabitNameSchema.parse(name)).toBe(name);
    }
  });

  it("stores names NFC-normalised", () => {
    expect(HabitNameSchema.parse(" Cafe\u0301 ")).toBe("Caf\u00e9");
    expect(HabitNameSchema.parse("A\u030a")).toBe("\u00c5");
  });
});
