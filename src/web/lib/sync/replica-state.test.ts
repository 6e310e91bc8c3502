import { describe, expect, it } from "vitest";
import { toDayNumber } from "../../../core/local-date";
import type { SyncHabit, SyncOp, SyncPull } from "../../../core/sync";
import {
  applyChanges,
  type Change,
  emptyReplica,
  opChanges,
  pullChanges,
  type PullRun,
  rebase,
  restoreChanges,
  startPull,
  storedHabits,
  takePage,
  withHabitDefaults,
} from "./replica-state";
import type { LocalOp } from "./replica-state";

const t0 = "2026-11-21T10:00:00.000Z";
const t1 = "2026-11-21T11:00:00.000Z";
const habit = (id: string, name: string, createdAt = t0, position = 0): SyncHabit => ({
  id,
  name,
  createdAt,
  updatedAt: createdAt,
  schedule: null,
  archived: false,
  position,
  emoji: null,
  kind: "yesNo",
  rules: [{ from: createdAt.slice(0, 10), frequency: null, target: null }],
  step: 1,
  groupId: null,
});
/** Ascending dates as the day numbers the store holds beside them. */
const numbers = (dates: string[]) => Int32Array.from(dates, toDayNumber);
/** A habit as storedHabits lists it. */
const listed = (h: SyncHabit, completedDates: string[] = [], skippedDates: string[] = []) => {
  const { emoji: _none, ...rest } = h;
  const dayNumbers = { done: numbers(completedDates), skipped: numbers(skippedDates) };
  return { ...rest, completedDates, skippedDates, dayNumbers };
};
const page = (p: Partial<SyncPull>): SyncPull => ({
  cursor: "c1",
  more: false,
  habits: [],
  completions: [],
  deletedHabitIds: [],
  ...p,
});

describe("the replica", () => {
  it("applies local writes at once: add, tick, rename, untick, delete", () => {
    const ops: SyncOp[] = [
      { opId: "o1", type: "createHabit", habitId: "h1", name: "Read" },
      { opId: "o2", type: "setCompletion", habitId: "h1", date: "2026-11-21", done: true },
      { opId: "o3", type: "renameHabit", habitId: "h1", name: "Reading" },
    ];
    let r = applyChanges(
      emptyReplica(),
      ops.flatMap((op) => opChanges(op, t0)),
    );
    expect(storedHabits(r)).toEqual([listed(habit("h1", "Reading"), ["2026-11-21"])]);
    r = applyChanges(
      r,
      opChanges({ opId: "o4", type: "setCompletion", habitId: "h1", date: "2026-11-21", done: false }, t1),
    );
    expect(storedHabits(r)[0]?.completedDates).toEqual([]);
    r = applyChanges(r, opChanges({ opId: "o5", type: "deleteHabit", habitId: "h1" }, t1));
    expect(storedHabits(r)).toEqual([]);
  });

  it("drops a write to a deleted habit: the delete wins", () => {
    const r = applyChanges(emptyReplica(), [
      ...opChanges({ opId: "o1", type: "renameHabit", habitId: "gone", name: "X" }, t0),
      ...opChanges(
        { opId: "o2", type: "setCompletion", habitId: "gone", date: "2026-11-21", done: true },
        t0,
      ),
    ]);
    expect(r.habits.size).toBe(0);
    expect(r.done.size).toBe(0);
  });

  it("merges pulled pages: habits, completions with tombstones, deletions", () => {
    let r = applyChanges(
      emptyReplica(),
      pullChanges(
        page({
          habits: [habit("a", "Read"), habit("b", "Walk", t1)],
          completions: [
            { habitId: "a", done: ["2026-11-20/2026-11-21"], skipped: [], undone: [], values: [], notes: [] },
          ],
        }),
        true,
      ),
    );
    expect(storedHabits(r).map((h) => h.id)).toEqual(["b", "a"]); // newest first
    r = applyChanges(
      r,
      pullChanges(
        page({
          completions: [
            { habitId: "a", done: [], skipped: [], undone: ["2026-11-21"], values: [], notes: [] },
          ],
          deletedHabitIds: ["b"],
        }),
        false,
      ),
    );
    expect(storedHabits(r)).toEqual([listed(habit("a", "Read"), ["2026-11-20"])]);
  });

  it("a full pull replaces everything the copy held", () => {
    const r0 = applyChanges(emptyReplica(), pullChanges(page({ habits: [habit("old", "Old")] }), true));
    const r1 = applyChanges(r0, pullChanges(page({ habits: [habit("new", "New")] }), true));
    expect(storedHabits(r1).map((h) => h.id)).toEqual(["new"]);
  });

  it("re-applies the ops still waiting in the outbox on top of a pull, in order", () => {
    const pulled = pullChanges(
      page({
        habits: [habit("a", "Read")],
        completions: [{ habitId: "a", done: ["2026-11-21"], skipped: [], undone: [], values: [], notes: [] }],
      }),
      true,
    );
    const waiting: SyncOp[] = [
      { opId: "o1", type: "setCompletion", habitId: "a", date: "2026-11-21", done: false },
      { opId: "o2", type: "renameHabit", habitId: "a", name: "Reading" },
      { opId: "o3", type: "createHabit", habitId: "n", name: "New" },
      { opId: "o4", type: "setCompletion", habitId: "n", date: "2026-11-21", done: true },
    ];
    const r = applyChanges(emptyReplica(), rebase(pulled, waiting, t1));
    expect(storedHabits(r).map((h) => [h.name, h.completedDates])).toEqual([
      ["New", ["2026-11-21"]],
      ["Reading", []],
    ]);
  });

  it("never changes the replica it is given", () => {
    const r0 = applyChanges(emptyReplica(), pullChanges(page({ habits: [habit("a", "Read")] }), true));
    applyChanges(r0, [
      { kind: "setDays", habitId: "a", dates: ["2026-11-21"], state: "done" },
      { kind: "clear" },
    ]);
    expect(r0.habits.size).toBe(1);
    expect(r0.done.get("a")?.size ?? 0).toBe(0);
  });

  describe("a pull run", () => {
    /** Feeds pages to a run from `cursor`; returns every write it asked for, in order. */
    const feed = (cursor: string, pages: SyncPull[]) => {
      let run: PullRun = startPull(cursor);
      const writes: Change[][] = [];
      for (const p of pages) {
        const taken = takePage(run, p);
        run = taken.run;
        if (taken.write) writes.push(taken.write);
      }
      return { run, writes };
    };

    it("by changes, writes each page as it arrives and merges it", () => {
      const { writes, run } = feed("7", [
        page({ cursor: "8", more: true, habits: [habit("a", "Read")] }),
        page({ cursor: "9", habits: [habit("b", "Walk")] }),
      ]);
      expect(writes).toHaveLength(2);
      expect(writes.flat().some((c) => c.kind === "clear")).toBe(false);
      expect(run).toMatchObject({ cursor: "9", fromScratch: false, resets: 0 });
    });

    it("on reset, replaces the replica with the server's state and re-applies the outbox on top", () => {
      // The copy holds a habit the server lacks (it was restored from an older backup) and a day it lacks.
      const local = applyChanges(
        emptyReplica(),
        pullChanges(
          page({
            habits: [habit("gone", "Only here"), habit("kept", "Kept", t1)],
            completions: [
              { habitId: "gone", done: ["2026-11-20"], skipped: [], undone: [], values: [], notes: [] },
              {
                habitId: "kept",
                done: ["2026-11-19/2026-11-20"],
                skipped: [],
                undone: [],
                values: [],
                notes: [],
              },
            ],
          }),
          true,
        ),
      );
      const { writes, run } = feed("41", [
        page({
          cursor: "3",
          more: true,
          reset: true,
          habits: [habit("kept", "Kept", t1)],
          completions: [
            { habitId: "kept", done: ["2026-11-19"], skipped: [], undone: [], values: [], notes: [] },
          ],
        }),
        page({ cursor: "5", habits: [habit("server", "Server only")] }),
      ]);
      expect(writes).toHaveLength(1); // both pages at once, after the last
      expect(run).toMatchObject({ cursor: "5", fromScratch: true, resets: 1 });
      const waiting: SyncOp[] = [
        { opId: "o1", type: "setCompletion", habitId: "kept", date: "2026-11-21", done: true },
        { opId: "o2", type: "createHabit", habitId: "mine", name: "Made offline" },
      ];
      const after = applyChanges(local, rebase(writes[0]!, waiting, "2026-11-21T12:00:00.000Z"));
      expect(storedHabits(after).map((h) => [h.id, h.completedDates])).toEqual([
        ["mine", []],
        ["kept", ["2026-11-19", "2026-11-21"]],
        ["server", []],
      ]);
    });

    it("starts the gathering over when a reset comes in the middle of a pull from scratch", () => {
      const { writes } = feed("", [
        page({ cursor: "2", more: true, habits: [habit("early", "Seen before the reset")] }),
        page({ cursor: "4", more: true, reset: true, habits: [habit("a", "Read")] }),
        page({ cursor: "6", habits: [habit("b", "Walk", t1)] }),
      ]);
      expect(writes).toHaveLength(1);
      const r = applyChanges(emptyReplica(), writes[0]!);
      expect(storedHabits(r).map((h) => h.id)).toEqual(["b", "a"]);
    });

    it("a reset in the middle of a pull by changes replaces what the earlier pages wrote", () => {
      const { writes } = feed("10", [
        page({ cursor: "12", more: true, habits: [habit("x", "Written page by page")] }),
        page({ cursor: "3", reset: true, habits: [habit("a", "Read")] }),
      ]);
      expect(writes).toHaveLength(2);
      const r = writes.reduce((replica, w) => applyChanges(replica, w), emptyReplica());
      expect(storedHabits(r).map((h) => h.id)).toEqual(["a"]);
    });
  });
});

describe("the replica: history fields and day settings", () => {
  const apply = (r: ReturnType<typeof emptyReplica>, ops: LocalOp[], now = t0) =>
    applyChanges(
      r,
      ops.flatMap((op) => opChanges(op, now)),
    );
  const base = () =>
    applyChanges(
      emptyReplica(),
      pullChanges(page({ habits: [habit("a", "Read"), habit("b", "Walk", t1, 1)] }), true),
    );

  it("creates a habit with its emoji, schedule and position", () => {
    const r = apply(emptyReplica(), [
      {
        opId: "o1",
        type: "createHabit",
        habitId: "h",
        name: "Read",
        emoji: "📚",
        schedule: { weekdays: [1, 3] },
        position: -1,
      },
      { opId: "o2", type: "createHabit", habitId: "g", name: "Walk" },
    ]);
    expect(r.habits.get("h")).toEqual({
      ...habit("h", "Read", t0, -1),
      emoji: "📚",
      schedule: { weekdays: [1, 3] },
      rules: [{ from: "2026-11-21", frequency: { weekdays: [1, 3] }, target: null }],
    });
    expect(r.habits.get("g")).toEqual(habit("g", "Walk"));
    expect(storedHabits(r)[0]).toMatchObject({ id: "h", emoji: "📚" });
    expect(storedHabits(r)[1]).not.toHaveProperty("emoji"); // StoredHabit: absent without one
  });

  it("setDay moves a day between done, skipped and nothing; the old setCompletion still applies", () => {
    const day = "2026-11-20";
    let r = apply(base(), [{ opId: "o1", type: "setDay", habitId: "a", date: day, state: "done" }]);
    expect(storedHabits(r).find((x) => x.id === "a")).toMatchObject({
      completedDates: [day],
      skippedDates: [],
    });
    r = apply(r, [{ opId: "o2", type: "setDay", habitId: "a", date: day, state: "skipped" }]);
    expect(storedHabits(r).find((x) => x.id === "a")).toMatchObject({
      completedDates: [],
      skippedDates: [day],
    });
    r = apply(r, [{ opId: "o3", type: "setCompletion", habitId: "a", date: day, done: true }]);
    expect(storedHabits(r).find((x) => x.id === "a")).toMatchObject({
      completedDates: [day],
      skippedDates: [],
    });
    r = apply(r, [
      { opId: "o4", type: "setDay", habitId: "a", date: day, state: "skipped" },
      { opId: "o5", type: "setDay", habitId: "a", date: day, state: "none" },
    ]);
    expect(storedHabits(r).find((x) => x.id === "a")).toMatchObject({ completedDates: [], skippedDates: [] });
    // A day of a habit that is gone is dropped, skipped or not.
    r = apply(r, [{ opId: "o6", type: "setDay", habitId: "gone", date: day, state: "skipped" }]);
    expect(r.skipped.has("gone")).toBe(false);
  });

  it("updateHabit changes only the fields it gives; moveHabit the position", () => {
    let r = apply(
      base(),
      [
        { opId: "o1", type: "updateHabit", habitId: "a", schedule: { weekdays: [0, 6] } },
        { opId: "o2", type: "updateHabit", habitId: "a", archived: true, emoji: "🏃" },
      ],
      t1,
    );
    expect(r.habits.get("a")).toEqual({
      ...habit("a", "Read"),
      schedule: { weekdays: [0, 6] },
      archived: true,
      emoji: "🏃",
      updatedAt: t1,
    });
    r = apply(r, [
      { opId: "o3", type: "updateHabit", habitId: "a", schedule: null, emoji: null },
      { opId: "o4", type: "moveHabit", habitId: "a", position: 2.5 },
    ]);
    expect(r.habits.get("a")).toMatchObject({ schedule: null, archived: true, emoji: null, position: 2.5 });
    expect(storedHabits(r).map((x) => x.id)).toEqual(["b", "a"]); // by position now
  });

  it("setSettings changes the day start and the vacations it gives, vacations merged", () => {
    expect(emptyReplica().settings).toEqual({ dayStart: 0, vacations: [], weekStart: null, groups: [] });
    let r = apply(emptyReplica(), [{ opId: "o1", type: "setSettings", dayStart: 180 }]);
    expect(r.settings).toEqual({ dayStart: 180, vacations: [], weekStart: null, groups: [] });
    r = apply(r, [
      {
        opId: "o2",
        type: "setSettings",
        vacations: [
          { from: "2026-12-05", to: "2026-12-09" },
          { from: "2026-12-01", to: "2026-12-04" },
        ],
      },
    ]);
    expect(r.settings).toEqual({
      dayStart: 180,
      vacations: [{ from: "2026-12-01", to: "2026-12-09" }],
      weekStart: null,
      groups: [],
    });
  });

  it("applies pulled skipped days, tombstones and settings; a full pull replaces the settings too", () => {
    let r = applyChanges(
      emptyReplica(),
      pullChanges(
        page({
          habits: [habit("a", "Read")],
          completions: [
            {
              habitId: "a",
              done: ["2026-11-18/2026-11-19"],
              skipped: ["2026-11-20/2026-11-21"],
              undone: [],
              values: [],
              notes: [],
            },
          ],
          settings: {
            dayStart: 120,
            vacations: [{ from: "2026-12-01", to: "2026-12-02" }],
            weekStart: 0,
            groups: [],
          },
        }),
        true,
      ),
    );
    expect(storedHabits(r)[0]).toMatchObject({
      completedDates: ["2026-11-18", "2026-11-19"],
      skippedDates: ["2026-11-20", "2026-11-21"],
    });
    expect(r.settings.dayStart).toBe(120);
    // By changes: a day moves from skipped to done, another to nothing; no settings: they stay.
    r = applyChanges(
      r,
      pullChanges(
        page({
          completions: [
            {
              habitId: "a",
              done: ["2026-11-20"],
              skipped: [],
              undone: ["2026-11-21", "2026-11-18"],
              values: [],
              notes: [],
            },
          ],
        }),
        false,
      ),
    );
    expect(storedHabits(r)[0]).toMatchObject({
      completedDates: ["2026-11-19", "2026-11-20"],
      skippedDates: [],
    });
    expect(r.settings).toEqual({
      dayStart: 120,
      vacations: [{ from: "2026-12-01", to: "2026-12-02" }],
      weekStart: 0,
      groups: [],
    });
    r = applyChanges(
      r,
      pullChanges(page({ settings: { dayStart: 0, vacations: [], weekStart: null, groups: [] } }), true),
    );
    expect(r.settings).toEqual({ dayStart: 0, vacations: [], weekStart: null, groups: [] });
    expect(r.habits.size).toBe(0);
  });

  it("reads a habit of the previous release with the new fields at their defaults", () => {
    const old = { id: "a", name: "Read", createdAt: t0, updatedAt: t0 };
    expect(withHabitDefaults(old)).toEqual(habit("a", "Read"));
  });

  it("an import keeps the optional backup fields, in the file's order", () => {
    const r = apply(base(), [
      {
        opId: "i",
        type: "importAll",
        habits: [
          {
            id: "x",
            name: "First",
            completedDates: ["2026-11-01"],
            skippedDates: ["2026-11-02"],
            emoji: "🧘",
          },
          { id: "y", name: "Second", completedDates: [], archived: true, schedule: { weekdays: [2] } },
        ],
      },
    ]);
    expect(storedHabits(r).map((x) => [x.id, x.position, x.completedDates, x.skippedDates])).toEqual([
      ["x", 0, ["2026-11-01"], ["2026-11-02"]],
      ["y", 1, [], []],
    ]);
    expect(r.habits.get("x")?.emoji).toBe("🧘");
    expect(r.habits.get("y")).toMatchObject({ archived: true, schedule: { weekdays: [2] } });
  });

  it("a held delete re-applied on top of a pull keeps the habit hidden; its restore brings it back exactly", () => {
    const pulled = pullChanges(
      page({
        habits: [habit("a", "Read", t0, 3)],
        completions: [
          { habitId: "a", done: ["2026-11-20"], skipped: ["2026-11-19"], undone: [], values: [], notes: [] },
        ],
      }),
      true,
    );
    const r = applyChanges(
      emptyReplica(),
      rebase(pulled, [{ opId: "d", type: "deleteHabit", habitId: "a" }], t1),
    );
    expect(r.habits.size).toBe(0);
    expect(r.skipped.size).toBe(0);
    const before = applyChanges(emptyReplica(), pulled);
    const deleted = {
      habit: habit("a", "Read", t0, 3),
      done: ["2026-11-20"],
      skipped: ["2026-11-19"],
      cursor: "c1",
    };
    expect(applyChanges(r, restoreChanges(deleted))).toEqual(before);
  });
});

describe("storedHabits after a change (one new row per changed habit)", () => {
  const day = (n: number) => `2026-11-${String(n).padStart(2, "0")}`;
  const base = () =>
    applyChanges(emptyReplica(), [
      { kind: "putHabit", habit: habit("a", "Read", t0, 0) },
      { kind: "putHabit", habit: habit("b", "Run", t0, 1) },
      { kind: "setDays", habitId: "a", dates: [day(3), day(1), day(2)], state: "done" },
      { kind: "setDays", habitId: "b", dates: [day(1)], state: "skipped" },
    ]);

  it("gives the same row for a habit whose record and days did not change, a new one for the one that did", () => {
    const r0 = base();
    const [a0, b0] = storedHabits(r0);
    expect(a0?.completedDates).toEqual([day(1), day(2), day(3)]);
    const r1 = applyChanges(r0, [{ kind: "setDays", habitId: "b", dates: [day(4)], state: "done" }]);
    const [a1, b1] = storedHabits(r1);
    expect(a1).toBe(a0);
    expect(b1).not.toBe(b0);
    expect(b1).toEqual({
      ...b0,
      completedDates: [day(4)],
      dayNumbers: { done: numbers([day(4)]), skipped: numbers([day(1)]) },
    });
    const r2 = applyChanges(r1, [
      { kind: "patchHabit", id: "a", patch: { name: "Read more" }, updatedAt: t1 },
    ]);
    const [a2, b2] = storedHabits(r2);
    expect(b2).toBe(b1);
    expect(a2).toEqual({ ...a0, name: "Read more", updatedAt: t1 });
    // The rows made again from the same replica are those given before.
    expect(storedHabits(r2)[0]).toBe(a2);
  });

  it("leaves a habit's lists as they are when a change sets days already so (a pull bringing back a tick)", () => {
    const r0 = base();
    const r1 = applyChanges(r0, [
      { kind: "setDays", habitId: "a", dates: [day(2), day(3)], state: "done" },
      { kind: "setDays", habitId: "b", dates: [day(1)], state: "skipped" },
      { kind: "setDays", habitId: "b", dates: [day(9)], state: "none" },
    ]);
    expect(r1.done.get("a")).toBe(r0.done.get("a"));
    expect(r1.skipped.get("b")).toBe(r0.skipped.get("b"));
    expect(storedHabits(r1)).toEqual(storedHabits(r0));
    // A day moved from skipped to done is a change.
    const r2 = applyChanges(r0, [{ kind: "setDays", habitId: "b", dates: [day(1)], state: "done" }]);
    expect(storedHabits(r2)[1]).toMatchObject({ completedDates: [day(1)], skippedDates: [] });
  });

  it("holds each habit's days as day numbers beside the dates, through ticks, pulls, imports and deletes", () => {
    const fields = (r: ReturnType<typeof base>) =>
      storedHabits(r).map((h) => [h.id, h.completedDates, h.skippedDates, h.dayNumbers]);
    const expected = (r: ReturnType<typeof base>) =>
      storedHabits(r).map((h) => [
        h.id,
        h.completedDates,
        h.skippedDates,
        { done: numbers(h.completedDates), skipped: numbers(h.skippedDates) },
      ]);
    let r = base();
    const steps: Change[][] = [
      [{ kind: "setDays", habitId: "a", dates: [day(5)], state: "done" }], // a tick after the last day
      [{ kind: "setDays", habitId: "a", dates: [day(2)], state: "skipped" }], // done to skipped, in the middle
      [{ kind: "setDays", habitId: "a", dates: [day(1)], state: "none" }], // the first cleared
      [{ kind: "setDays", habitId: "b", dates: [day(1)], state: "done" }],
      [{ kind: "setDays", habitId: "b", dates: [day(9), day(7), day(8)], state: "done" }], // a pulled page
      [{ kind: "setDays", habitId: "a", dates: [day(2), day(3), day(4)], state: "none" }],
      [{ kind: "setDays", habitId: "a", dates: [day(5)], state: "none" }], // none left
      [{ kind: "setDays", habitId: "a", dates: [day(6)], state: "skipped" }],
    ];
    for (const changes of steps) {
      r = applyChanges(r, changes);
      expect(fields(r)).toEqual(expected(r));
    }
    expect(fields(r)).toEqual([
      ["a", [], [day(6)], { done: numbers([]), skipped: numbers([day(6)]) }],
      ["b", [day(1), day(7), day(8), day(9)], [], expect.anything()],
    ]);
    r = applyChanges(r, [{ kind: "deleteHabit", id: "b" }]);
    expect([...r.doneDays.keys()]).toEqual([]);
    expect([...r.skippedDays.keys()]).toEqual(["a"]);
    r = applyChanges(r, [{ kind: "clear" }]);
    expect(r.doneDays.size + r.skippedDays.size).toBe(0);
  });

  it("holds no day numbers for a habit with a day that cannot be read, until that day goes", () => {
    let r = applyChanges(base(), [{ kind: "setDays", habitId: "a", dates: ["2026-02-30"], state: "done" }]);
    expect(storedHabits(r)[0]?.dayNumbers).toBeUndefined();
    expect(storedHabits(r)[1]?.dayNumbers).toEqual({ done: numbers([]), skipped: numbers([day(1)]) });
    r = applyChanges(r, [{ kind: "setDays", habitId: "a", dates: [day(4)], state: "done" }]);
    expect(storedHabits(r)[0]?.dayNumbers).toBeUndefined();
    r = applyChanges(r, [{ kind: "setDays", habitId: "a", dates: ["2026-02-30"], state: "none" }]);
    expect(storedHabits(r)[0]?.dayNumbers).toEqual({
      done: numbers([day(1), day(2), day(3), day(4)]),
      skipped: numbers([]),
    });
  });
});
