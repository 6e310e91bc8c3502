// @vitest-environment jsdom
// Today's saved list (docs/decisions/0066): what is kept of the views, for whom, for which day, and when nothing is.
import { afterEach, describe, expect, it } from "vitest";
import { addDays } from "../../../core/local-date";
import type { SyncOp } from "../../../core/sync";
import { deriveAll } from "../../lib/habits/habit-views";
import { readSavedToday, savedOn } from "../../lib/habits/use-habits";
import { forgetUser } from "../../lib/last-user";
import { WEB_STORAGE_KEYS } from "../../lib/storage";
import { applyChanges, emptyReplica, opChanges, storedHabits } from "../../lib/sync/replica-state";
import { SAVED_TODAY_MAX_CHARS, saveToday } from "./save-today";

const TODAY = "2026-11-21";
const at = "2026-11-21T08:00:00.000Z";
const KEY = WEB_STORAGE_KEYS.todaySnapshot;

/** Real views, as the store derives them, of a habit done on each of the last 30 days with a note and a number. */
function views(name = "Read") {
  const ops: SyncOp[] = [
    { opId: "c", type: "createHabit", habitId: "h1", name },
    ...Array.from({ length: 30 }, (_, i): SyncOp => {
      const date = addDays(TODAY, -i);
      return { opId: `d${i}`, type: "setDay", habitId: "h1", date, state: "done" };
    }),
    { opId: "n", type: "setNote", habitId: "h1", date: TODAY, note: "a private note" },
  ];
  const rows = storedHabits(
    applyChanges(
      emptyReplica(),
      ops.flatMap((op) => opChanges(op, at)),
    ),
  );
  return deriveAll(rows, { today: TODAY, vacations: [], weekStart: 1, kindView: null });
}

afterEach(() => window.localStorage.clear());

describe("Today's saved list", () => {
  it("keeps each row's figures and the strip's 7 days, without notes or numbers, for its user only", () => {
    const [view] = views();
    expect(view!.completedDates).toHaveLength(30);
    expect(JSON.stringify(view)).toContain("a private note");
    saveToday("u1", TODAY, 1, [], [view!]);
    const saved = readSavedToday("u1")!;
    expect(saved.today).toBe(TODAY);
    const [row] = saved.habits;
    expect(row).toMatchObject({
      id: "h1",
      name: "Read",
      completedToday: true,
      streakCount: 30,
      bestStreak: 30,
    });
    expect(row!.completedDates).toEqual(Array.from({ length: 7 }, (_, i) => addDays(TODAY, i - 6)));
    expect(row!.notes).toBeUndefined();
    expect(window.localStorage.getItem(KEY)).not.toContain("a private note");
    expect(readSavedToday("u2")).toBeNull();
  });

  it("is not used on another day", () => {
    saveToday("u1", TODAY, 1, [], views());
    const saved = readSavedToday("u1");
    expect(savedOn(saved, TODAY)).toBe(saved);
    expect(savedOn(saved, addDays(TODAY, 1))).toBeNull();
  });

  it("is none when unreadable, too large, or once the user signs out", () => {
    window.localStorage.setItem(KEY, "{not json");
    expect(readSavedToday("u1")).toBeNull();

    saveToday("u1", TODAY, 1, [], views());
    saveToday("u1", TODAY, 1, [], views("x".repeat(SAVED_TODAY_MAX_CHARS)));
    expect(window.localStorage.getItem(KEY)).toBeNull();

    saveToday("u1", TODAY, 1, [], views());
    expect(readSavedToday("u1")).not.toBeNull();
    forgetUser();
    expect(readSavedToday("u1")).toBeNull();
  });
});

describe("Today's saved list with groups", () => {
  it("keeps the groups and each row's group, so that the first paint shows the sections; none without groups", () => {
    const morning = { id: "g1", name: "Morning", position: 0, folded: true };
    const rows = views().map((view) => ({ ...view, groupId: morning.id }));
    saveToday("u1", TODAY, 1, [], rows, [morning]);
    const saved = readSavedToday("u1");
    expect(saved?.groups).toEqual([morning]);
    expect(saved?.habits[0]?.groupId).toBe("g1");
    saveToday("u1", TODAY, 1, [], views(), []);
    expect(readSavedToday("u1")).not.toHaveProperty("groups");
  });
});
