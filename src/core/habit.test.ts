import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completionRate } from "./completion-rate";
import { deriveFromDays, deriveHabit, type StoredHabit } from "./habit";
import { habitDays } from "./habit-days";
import { addDays, type LocalDate, toDayNumber } from "./local-date";
import { bestStreak, currentStreak, normalizeDates } from "./streaks";
import { anyHistory } from "./test-habits";

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

  it("gives back the stored lists when they are distinct and ascending, and new ones without changing them else", () => {
    const completedDates = ["2026-11-19", "2026-11-20"];
    const skippedDates = ["2026-11-18"];
    const habit = deriveHabit({ ...stored, completedDates, skippedDates }, "2026-11-21");
    expect(habit.completedDates).toBe(completedDates);
    expect(habit.skippedDates).toBe(skippedDates);
    const overlapping = ["2026-11-18", "2026-11-20"];
    expect(
      deriveHabit({ ...stored, completedDates, skippedDates: overlapping }, "2026-11-21").skippedDates,
    ).toEqual(["2026-11-18"]);
    expect(overlapping).toEqual(["2026-11-18", "2026-11-20"]);
  });

  it("property: every figure is currentStreak's, bestStreak's and completionRate's with the habit's rules, however often it is derived again after changes", () => {
    let id = 0;
    const change = fc.record({
      state: fc.constantFrom("done", "skipped", "none"),
      offset: fc.integer({ min: -70, max: 0 }),
    });
    fc.assert(
      fc.property(anyHistory, fc.array(change, { maxLength: 5 }), (h, changes) => {
        const base: StoredHabit = { ...stored, id: `p${id++}`, schedule: h.schedule };
        let done = h.done;
        let skipped = h.skipped;
        for (const c of [null, null, ...changes]) {
          // Each change sets one day, on new arrays of the same dates (as the web store gives them).
          if (c) {
            const date = addDays(h.today, c.offset);
            done = normalizeDates(done.filter((d) => d !== date).concat(c.state === "done" ? [date] : []));
            skipped = normalizeDates(
              skipped.filter((d) => d !== date).concat(c.state === "skipped" ? [date] : []),
            );
          }
          const habit = deriveHabit(
            { ...base, completedDates: done.slice(), skippedDates: skipped.slice() },
            h.today,
            h.vacations,
          );
          const rules = { skippedDates: skipped, schedule: h.schedule, vacations: h.vacations };
          const dates: LocalDate[] = normalizeDates(done);
          expect(habit).toMatchObject({
            completedDates: dates,
            skippedDates: normalizeDates(skipped).filter((d) => !dates.includes(d)),
            streakCount: currentStreak(done, h.today, rules),
            bestStreak: bestStreak(done, rules),
            completionRate: completionRate(done, h.today, rules),
            completedToday: dates.includes(h.today),
            lastCompletedDate: dates.at(-1) ?? null,
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("property: deriveFromDays gives deriveHabit's habit from the days as day numbers (skipped and done overlapping too)", () => {
    fc.assert(
      fc.property(anyHistory, fc.boolean(), (h, withSkips) => {
        // As the web store holds a habit: its lists distinct and ascending, and their day numbers.
        const completedDates = normalizeDates(h.done);
        const habit: StoredHabit = {
          ...stored,
          completedDates,
          schedule: h.schedule,
          ...(withSkips ? { skippedDates: normalizeDates(h.skipped) } : {}),
        };
        const days = habitDays(completedDates, {
          skippedDates: habit.skippedDates,
          schedule: h.schedule,
          vacations: h.vacations,
        });
        const fromDays = deriveFromDays(habit, days, toDayNumber(h.today));
        expect(fromDays).toEqual(deriveHabit(habit, h.today, h.vacations));
        // And from the strings as they may come unsorted, with repeats.
        const unsorted = {
          ...habit,
          completedDates: h.done,
          ...(withSkips ? { skippedDates: h.skipped } : {}),
        };
        expect(fromDays).toEqual(deriveHabit(unsorted, h.today, h.vacations));
      }),
      { numRuns: 500 },
    );
  });
});
