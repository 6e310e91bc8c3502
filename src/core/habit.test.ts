import { describe, expect, it } from "vitest";
import { deriveHabit } from "./habit";

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

  it("keeps the new optional fields and derives with skips, the schedule and the user's vacations", () => {
    const habit = deriveHabit(
      {
        ...stored,
        completedDates: ["2026-11-16", "2026-11-18", "2026-11-20"],
        skippedDates: ["2026-11-20", "2026-11-17", "2026-11-17"],
        schedule: { weekdays: [1, 2, 3, 4, 5] },
        archived: false,
        position: 2,
        emoji: "📚",
      },
      "2026-11-21",
      [{ from: "2026-11-19", to: "2026-11-19" }],
    );
    expect(habit).toMatchObject({
      skippedDates: ["2026-11-17"], // the 20th was done: done wins
      schedule: { weekdays: [1, 2, 3, 4, 5] },
      archived: false,
      position: 2,
      emoji: "📚",
      streakCount: 3, // Mon done, Tue skipped, Wed done, Thu vacation, Fri done, Saturday not due
      bestStreak: 3,
      completedToday: false,
      completionRate: 100,
    });
    expect(
      deriveHabit({ ...stored, completedDates: ["2026-11-18", "2026-11-20"] }, "2026-11-21").streakCount,
    ).toBe(1);
  });
});
