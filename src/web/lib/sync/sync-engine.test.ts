import { describe, expect, it } from "vitest";
import type { LocalOp } from "./replica-state";
import { applyChanges, emptyReplica, opChanges, type Replica, storedHabits } from "./replica-state";
import { habitWrites as writes, type WriteTarget } from "./sync-engine";

const TODAY = "2026-11-21";
const t0 = "2026-11-01T00:00:00.000Z";

/** The real replica behind the writes: each op applies as the engine applies it; `ops` records what was queued. */
function store() {
  let replica: Replica = emptyReplica();
  const ops: LocalOp[] = [];
  const apply = (op: LocalOp) => {
    ops.push(op);
    replica = applyChanges(replica, opChanges(op, new Date(Date.parse(t0) + ops.length).toISOString()));
    return Promise.resolve(true);
  };
  const engine: WriteTarget = {
    getSnapshot: () => ({ replica, habits: storedHabits(replica) }),
    write: apply,
    removeHeld: (op) => apply(op),
    undo: () => Promise.resolve(false),
  };
  return { engine, ops, names: () => storedHabits(replica).map((h) => h.name), replica: () => replica };
}

describe("the habit writes", () => {
  it("a new habit goes first, with its emoji and schedule in canonical form", async () => {
    const s = store();
    await writes.add(s.engine, "Read");
    await writes.add(s.engine, "Walk", { emoji: " 🚶 ", schedule: { weekdays: [5, 1] } });
    await writes.add(s.engine, "Swim", { emoji: "\u0007", schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6] } });
    expect(await writes.add(s.engine, "  ")).toBe(false);
    expect(s.names()).toEqual(["Swim", "Walk", "Read"]);
    expect(
      s.ops.map((op) => (op.type === "createHabit" ? [op.position, op.emoji, op.schedule] : null)),
    ).toEqual([
      [0, undefined, undefined],
      [-1, "🚶", { weekdays: [1, 5] }],
      [-2, undefined, undefined], // a control character is no emoji; every weekday is daily
    ]);
  });

  it("sets a day from 2000-01-01 up to today only; cycles none → done → skipped → none; toggles today", async () => {
    const s = store();
    await writes.add(s.engine, "Read");
    const id = storedHabits(s.replica())[0]!.id;
    expect(await writes.setDay(s.engine, TODAY, id, "2026-11-22", "done")).toBe(false);
    expect(await writes.setDay(s.engine, TODAY, id, "1999-12-31", "done")).toBe(false);
    expect(await writes.setDay(s.engine, TODAY, id, "2026-02-30", "done")).toBe(false);
    expect(await writes.setDay(s.engine, TODAY, "unknown", TODAY, "done")).toBe(false);
    expect(await writes.setDay(s.engine, TODAY, id, "2000-01-01", "skipped")).toBe(true);
    const states = [];
    for (let i = 0; i < 3; i++) {
      await writes.cycleDay(s.engine, TODAY, id, "2026-11-20");
      const habit = storedHabits(s.replica())[0]!;
      states.push(
        habit.completedDates.includes("2026-11-20")
          ? "done"
          : habit.skippedDates.includes("2026-11-20")
            ? "skipped"
            : "none",
      );
    }
    expect(states).toEqual(["done", "skipped", "none"]);
    await writes.setDay(s.engine, TODAY, id, TODAY, "skipped");
    await writes.toggle(s.engine, TODAY, id); // a skipped today becomes done
    expect(storedHabits(s.replica())[0]!.completedDates).toEqual([TODAY]);
    await writes.toggle(s.engine, TODAY, id);
    expect(storedHabits(s.replica())[0]).toMatchObject({ completedDates: [], skippedDates: ["2000-01-01"] });
  });

  it("update writes only what it is given, and nothing when nothing is given", async () => {
    const s = store();
    await writes.add(s.engine, "Read");
    const id = storedHabits(s.replica())[0]!.id;
    expect(await writes.update(s.engine, id, {})).toBe(false);
    await writes.update(s.engine, id, { schedule: { weekdays: [3, 1] }, archived: true });
    expect(s.ops.at(-1)).toEqual({
      opId: expect.any(String),
      type: "updateHabit",
      habitId: id,
      schedule: { weekdays: [1, 3] },
      archived: true,
    });
    await writes.update(s.engine, id, { emoji: "" });
    expect(s.replica().habits.get(id)).toMatchObject({ emoji: null, archived: true });
  });

  it("moves up and down among the habits shown with it, and to a place before another", async () => {
    const s = store();
    for (const name of ["D", "C", "B", "A"]) await writes.add(s.engine, name);
    const idOf = (name: string) => storedHabits(s.replica()).find((h) => h.name === name)!.id;
    await writes.update(s.engine, idOf("B"), { archived: true });
    await writes.move(s.engine, idOf("A"), "down"); // passes the archived B
    expect(s.names()).toEqual(["B", "C", "A", "D"]);
    await writes.move(s.engine, idOf("A"), "up");
    expect(s.names()).toEqual(["B", "A", "C", "D"]);
    expect(await writes.move(s.engine, idOf("A"), "up")).toBe(false); // first of those shown already
    await writes.moveTo(s.engine, idOf("D"), idOf("A"));
    expect(s.names()).toEqual(["B", "D", "A", "C"]);
    await writes.moveTo(s.engine, idOf("B"), null);
    expect(s.names()).toEqual(["D", "A", "C", "B"]);
  });

  it("writes a new habit's kind, rules and step only when they fit; the add form's call is unchanged", async () => {
    const s = store();
    const target = { atMost: false, amount: 8, per: "day" as const, unit: "glasses" };
    const rules = [{ from: TODAY, frequency: null, target }];
    expect(await writes.add(s.engine, "Water", { kind: "measurable" })).toBe(false); // no target
    expect(await writes.add(s.engine, "Water", { kind: "yesNo", rules })).toBe(false); // a target on yes/no
    expect(await writes.add(s.engine, "Water", { kind: "measurable", rules, step: 0 })).toBe(false);
    expect(await writes.add(s.engine, "Water", { kind: "measurable", rules, step: 0.25 })).toBe(true);
    expect(s.ops).toEqual([
      {
        opId: expect.any(String),
        type: "createHabit",
        habitId: expect.any(String),
        name: "Water",
        position: 0,
        kind: "measurable",
        rules,
        step: 0.25,
      },
    ]);
    expect(storedHabits(s.replica())[0]).toMatchObject({ kind: "measurable", rules, step: 0.25 });
  });
});

describe("the writes of numbers, notes, rules and steps", () => {
  const target = { atMost: false, amount: 8, per: "day" as const, unit: "glasses" };
  async function withHabits() {
    const s = store();
    await writes.add(s.engine, "Read");
    await writes.add(s.engine, "Water", {
      kind: "measurable",
      rules: [{ from: "2026-11-01", frequency: null, target }],
    });
    await writes.add(s.engine, "Smoke", {
      kind: "quit",
      rules: [
        {
          from: "2026-11-01",
          frequency: null,
          target: { atMost: true, amount: 0, per: "day", unit: "times" },
        },
      ],
    });
    const idOf = (name: string) => storedHabits(s.replica()).find((h) => h.name === name)!.id;
    return { s, read: idOf("Read"), water: idOf("Water"), smoke: idOf("Smoke") };
  }
  const valuesOf = (s: ReturnType<typeof store>, id: string) =>
    storedHabits(s.replica()).find((h) => h.id === id)!.values;

  it("sets and raises a measurable or quit habit's number, from 2000-01-01 up to today, never a yes/no one's", async () => {
    const { s, read, water, smoke } = await withHabits();
    expect(await writes.setAmount(s.engine, TODAY, read, TODAY, 3)).toBe(false);
    expect(await writes.setAmount(s.engine, TODAY, water, "2026-11-22", 3)).toBe(false);
    expect(await writes.setAmount(s.engine, TODAY, water, TODAY, -1)).toBe(false);
    expect(await writes.setAmount(s.engine, TODAY, water, TODAY, 1.0001)).toBe(false);
    expect(await writes.setAmount(s.engine, TODAY, water, TODAY, 3)).toBe(true);
    expect(await writes.setAmount(s.engine, TODAY, water, TODAY, 3)).toBe(false); // no change
    expect(await writes.addAmount(s.engine, TODAY, water, TODAY, 0)).toBe(false);
    expect(await writes.addAmount(s.engine, TODAY, water, TODAY, 2)).toBe(true);
    expect(await writes.addAmount(s.engine, TODAY, smoke, TODAY, 1)).toBe(true);
    expect(await writes.addAmount(s.engine, TODAY, read, TODAY, 1)).toBe(false);
    expect(valuesOf(s, water)).toEqual([[TODAY, 5]]);
    expect(valuesOf(s, smoke)).toEqual([[TODAY, 1]]);
    expect(s.ops.slice(-3).map((op) => op.type)).toEqual(["setAmount", "addAmount", "addAmount"]);
    expect(await writes.setAmount(s.engine, TODAY, water, TODAY, null)).toBe(true);
    expect(valuesOf(s, water)).toBeUndefined();
  });

  it("a habit that counts a number is never set done: its days cycle between skipped and not", async () => {
    const { s, water } = await withHabits();
    expect(await writes.setDay(s.engine, TODAY, water, TODAY, "done")).toBe(false);
    expect(await writes.toggle(s.engine, TODAY, water)).toBe(false);
    await writes.cycleDay(s.engine, TODAY, water, "2026-11-20");
    expect(storedHabits(s.replica()).find((h) => h.id === water)?.skippedDates).toEqual(["2026-11-20"]);
    await writes.cycleDay(s.engine, TODAY, water, "2026-11-20");
    expect(storedHabits(s.replica()).find((h) => h.id === water)?.skippedDates).toEqual([]);
  });

  it("sets a day's note, trimmed, blank as none, at most 500 characters", async () => {
    const { s, read } = await withHabits();
    expect(await writes.setNote(s.engine, TODAY, read, TODAY, "  felt good ")).toBe(true);
    expect(await writes.setNote(s.engine, TODAY, read, TODAY, "felt good")).toBe(false);
    expect(await writes.setNote(s.engine, TODAY, read, TODAY, "x".repeat(501))).toBe(false);
    expect(s.ops.at(-1)).toMatchObject({ type: "setNote", note: "felt good", date: TODAY });
    expect(await writes.setNote(s.engine, TODAY, read, TODAY, "   ")).toBe(true);
    expect(s.ops.at(-1)).toMatchObject({ type: "setNote", note: null });
    expect(storedHabits(s.replica()).find((h) => h.id === read)?.notes).toBeUndefined();
  });

  it("changes the rules from a day when they fit the kind and change something; the step when it is one", async () => {
    const { s, read, water, smoke } = await withHabits();
    const weekly = { times: 3, per: "week" as const };
    expect(await writes.setRules(s.engine, read, "2026-11-16", weekly, null)).toBe(true);
    expect(await writes.setRules(s.engine, read, "2026-11-16", weekly, null)).toBe(false); // the same
    expect(await writes.setRules(s.engine, read, "2026-11-16", null, target)).toBe(false); // yes/no: no target
    expect(await writes.setRules(s.engine, smoke, "2026-11-16", null, target)).toBe(false); // quit stays at 0
    expect(await writes.setRules(s.engine, water, "1999-12-31", null, target)).toBe(false);
    expect(await writes.setRules(s.engine, water, "2026-11-16", null, { ...target, amount: 6 })).toBe(true);
    expect(s.replica().habits.get(read)?.rules.at(-1)).toEqual({
      from: "2026-11-16",
      frequency: weekly,
      target: null,
    });
    expect(await writes.setStep(s.engine, water, 0)).toBe(false);
    expect(await writes.setStep(s.engine, water, 1)).toBe(false); // already
    expect(await writes.setStep(s.engine, water, 250)).toBe(true);
    expect(s.ops.at(-1)).toMatchObject({ type: "updateHabit", step: 250 });
    expect(s.replica().habits.get(water)?.step).toBe(250);
  });
});
