import { describe, expect, it } from "vitest";
import { toDayNumber } from "../../../core/local-date";
import type { Vacation } from "../../../core/vacation";
import type { ReplicaHabit } from "../sync/replica-state";
import { kindView } from "./kind-view";
import { deriveAll, deriveView, type ViewContext } from "./habit-views";

const row = (id: string, completedDates: string[]): ReplicaHabit => ({
  id,
  name: id,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  completedDates,
  skippedDates: [],
  schedule: null,
  archived: false,
  position: 0,
  kind: "yesNo",
  rules: [{ from: "2026-01-01", frequency: null, target: null }],
  step: 1,
  groupId: null,
});
const TODAY = "2026-11-21";
/** The views' context: a week from Monday, and the kinds' figures loaded (as once the engine is). */
const at = (today: string, vacations: readonly Vacation[]): ViewContext => ({
  today,
  vacations,
  weekStart: 1,
  kindView,
});

describe("deriveAll (a change derives only the habits it changed)", () => {
  it("keeps the view of a row that is the same object, for the same day and vacations", () => {
    const a = row("a", ["2026-11-20", "2026-11-21"]);
    const b = row("b", ["2026-11-20"]);
    const vacations: never[] = [];
    const [va, vb] = deriveAll([a, b], at(TODAY, vacations));
    const b2 = row("b", ["2026-11-20", "2026-11-21"]);
    const [va2, vb2] = deriveAll([a, b2], at(TODAY, vacations));
    expect(va2).toBe(va);
    expect(vb2).not.toBe(vb);
    expect(vb2).toEqual(deriveView(b2, TODAY, vacations));
    expect(vb2?.streakCount).toBe(2);
    // Another day, or other vacations, derive every habit again.
    const [va3] = deriveAll([a, b2], at("2026-11-22", vacations));
    expect(va3).not.toBe(va);
    expect(va3?.streakCount).toBe(2);
    expect(va3?.completedToday).toBe(false);
    const [va4] = deriveAll([a, b2], at(TODAY, [{ from: "2026-11-01", to: "2026-11-02" }]));
    expect(va4).not.toBe(va);
  });
});

describe("deriveAll's views (a habit's history is read when a figure of it is)", () => {
  it("read as deriveView's, field for field, today's standing at once", () => {
    const rows: ReplicaHabit[] = [
      row("done today", ["2026-11-19", "2026-11-20", "2026-11-21"]),
      row("not today", ["2026-11-01", "2026-11-20"]),
      { ...row("skipped today", ["2026-11-19"]), skippedDates: ["2026-11-20", "2026-11-21"] },
      {
        ...row("weekdays", ["2026-11-16", "2026-11-19", "2026-11-20"]),
        schedule: { weekdays: [1, 2, 3, 4, 5] },
      },
      { ...row("archived", []), archived: true, position: 3, emoji: "🏃" },
    ];
    const vacations = [{ from: "2026-11-10", to: "2026-11-12" }];
    const views = deriveAll(rows, at(TODAY, vacations));
    views.forEach((view, i) => {
      const expected = deriveView(rows[i]!, TODAY, vacations);
      expect(view.completedToday).toBe(expected.completedToday);
      expect(view.skippedToday).toBe(expected.skippedToday);
      expect(view).toEqual(expected);
      expect({ ...view }).toEqual({ ...expected });
    });
  });

  it("leaves the history unread until a figure is read, and keeps a field written", () => {
    // A date that cannot be read shows when the history is read: not before.
    const broken = row("broken", ["2026-02-30", TODAY]);
    const [view] = deriveAll([broken], at(TODAY, []));
    expect(view?.completedToday).toBe(true);
    expect(view?.name).toBe("broken");
    expect(() => view?.streakCount).toThrow(RangeError);
    const [fine] = deriveAll([row("fine", ["2026-11-20"])], at(TODAY, []));
    fine!.bestStreak = 7;
    expect(fine?.bestStreak).toBe(7);
    expect(fine?.streakCount).toBe(1);
  });
});

describe("deriveView from the day numbers the store holds", () => {
  it("gives the view that the dates give, without the day numbers in it", () => {
    const vacations = [{ from: "2026-11-10", to: "2026-11-12" }];
    const plain: ReplicaHabit = {
      ...row("weekdays", [
        "2026-11-09",
        "2026-11-13",
        "2026-11-16",
        "2026-11-18",
        "2026-11-19",
        "2026-11-20",
        "2026-11-21",
      ]),
      skippedDates: ["2026-11-17", "2026-11-20"], // the 20th done too: done wins
      schedule: { weekdays: [1, 2, 3, 4, 5] },
    };
    const numbers = (dates: string[]) => Int32Array.from(dates, toDayNumber);
    const withNumbers: ReplicaHabit = {
      ...plain,
      dayNumbers: { done: numbers(plain.completedDates), skipped: numbers(plain.skippedDates) },
    };
    const view = deriveView(withNumbers, TODAY, vacations);
    expect(view).toEqual(deriveView(plain, TODAY, vacations));
    expect(view).toMatchObject({ streakCount: 7, skippedDates: ["2026-11-17"] });
    expect(view).not.toHaveProperty("dayNumbers");
    expect({ ...deriveAll([withNumbers], at(TODAY, vacations))[0] }).toEqual(view);
  });
});
