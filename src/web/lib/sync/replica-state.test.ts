import { describe, expect, it } from "vitest";
import type { SyncOp, SyncPull } from "../../../core/sync";
import { applyChanges, emptyReplica, opChanges, pullChanges, rebase, storedHabits } from "./replica-state";

const t0 = "2026-11-21T10:00:00.000Z";
const t1 = "2026-11-21T11:00:00.000Z";
const habit = (id: string, name: string, createdAt = t0) => ({ id, name, createdAt, updatedAt: createdAt });
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
    expect(storedHabits(r)).toEqual([{ ...habit("h1", "Reading"), completedDates: ["2026-11-21"] }]);
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
          completions: [{ habitId: "a", done: ["2026-11-20/2026-11-21"], undone: [] }],
        }),
        true,
      ),
    );
    expect(storedHabits(r).map((h) => h.id)).toEqual(["b", "a"]); // newest first
    r = applyChanges(
      r,
      pullChanges(
        page({
          completions: [{ habitId: "a", done: [], undone: ["2026-11-21"] }],
          deletedHabitIds: ["b"],
        }),
        false,
      ),
    );
    expect(storedHabits(r)).toEqual([{ ...habit("a", "Read"), completedDates: ["2026-11-20"] }]);
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
        completions: [{ habitId: "a", done: ["2026-11-21"], undone: [] }],
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
    applyChanges(r0, [{ kind: "setDone", habitId: "a", date: "2026-11-21", done: true }, { kind: "clear" }]);
    expect(r0.habits.size).toBe(1);
    expect(r0.done.get("a")?.size ?? 0).toBe(0);
  });
});
