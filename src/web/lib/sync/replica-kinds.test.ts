// The local store's kinds, rules, numbers and notes (docs/decisions/0061): each op applied locally, pulled pages
// with values and notes, and the ops still queued re-applied on a pull.
import { describe, expect, it } from "vitest";
import type { HabitRule, Target } from "../../../core/habit-kind";
import { toDayNumber } from "../../../core/local-date";
import type { SyncHabit, SyncOp, SyncPull } from "../../../core/sync";
import {
  applyChanges,
  emptyReplica,
  type LocalOp,
  opChanges,
  pullChanges,
  rebase,
  type Replica,
  restoreChanges,
  storedHabits,
  takePage,
  startPull,
  withHabitDefaults,
} from "./replica-state";

const t0 = "2026-11-01T10:00:00.000Z";
const t1 = "2026-11-21T11:00:00.000Z";
const GLASSES: Target = { atMost: false, amount: 8, per: "day", unit: "glasses" };
const water = (extra: Partial<SyncHabit> = {}): SyncHabit => ({
  id: "w",
  name: "Water",
  createdAt: t0,
  updatedAt: t0,
  schedule: null,
  archived: false,
  position: 0,
  emoji: null,
  kind: "measurable",
  rules: [{ from: "2026-11-01", frequency: null, target: GLASSES }],
  step: 1,
  groupId: null,
  ...extra,
});
const page = (p: Partial<SyncPull>): SyncPull => ({
  cursor: "c1",
  more: false,
  habits: [],
  completions: [],
  deletedHabitIds: [],
  ...p,
});
const days = (
  habitId: string,
  lists: { done?: string[]; skipped?: string[]; undone?: string[] },
  values: [string, number][] = [],
  notes: [string, string][] = [],
) => ({ habitId, done: [], skipped: [], undone: [], ...lists, values, notes });
const apply = (r: Replica, ops: LocalOp[], now = t1) =>
  applyChanges(
    r,
    ops.flatMap((op) => opChanges(op, now)),
  );
const pulled = (...pages: SyncPull[]) =>
  pages.reduce((r, p, i) => applyChanges(r, pullChanges(p, i === 0)), emptyReplica());
const row = (r: Replica, id = "w") => storedHabits(r).find((h) => h.id === id)!;
const op = (o: Record<string, unknown>) => ({ opId: `o${Math.random()}`, habitId: "w", ...o }) as SyncOp;

describe("a habit's kind, rules and step", () => {
  it("are kept as pulled, and an older server's habit is yes/no with one rule of its schedule", () => {
    const r = pulled(page({ habits: [water({ step: 0.25 })] }));
    expect(row(r)).toMatchObject({ kind: "measurable", step: 0.25, rules: water().rules });
    const old = withHabitDefaults({
      id: "o",
      name: "Old",
      createdAt: "2026-05-02T08:00:00Z",
      updatedAt: "2026-05-02T08:00:00Z",
      schedule: { weekdays: [1, 3] },
    });
    expect(old).toMatchObject({
      kind: "yesNo",
      step: 1,
      rules: [{ from: "2026-05-02", frequency: { weekdays: [1, 3] }, target: null }],
    });
    // Rules that do not fit the kind are not taken: the habit keeps one rule of its schedule.
    const misfit = withHabitDefaults({ ...water(), kind: "yesNo" });
    expect(misfit.rules).toEqual([{ from: "2026-11-01", frequency: null, target: null }]);
  });

  it("createHabit makes a habit of its kind, rules and step; its schedule is the last rule's weekdays", () => {
    const rules: HabitRule[] = [{ from: "2026-11-21", frequency: { weekdays: [2, 4] }, target: GLASSES }];
    const r = apply(emptyReplica(), [
      { opId: "c", type: "createHabit", habitId: "w", name: "Water", kind: "measurable", rules, step: 2 },
    ]);
    expect(r.habits.get("w")).toMatchObject({
      kind: "measurable",
      rules,
      step: 2,
      schedule: { weekdays: [2, 4] },
    });
  });

  it("setRules applies from its day and keeps the earlier rules; updateHabit changes the step", () => {
    let r = pulled(page({ habits: [water()] }));
    r = apply(r, [
      op({ type: "setRules", from: "2026-11-15", frequency: { weekdays: [1] }, target: GLASSES }),
      op({ type: "updateHabit", step: 0.5 }),
    ]);
    expect(r.habits.get("w")).toMatchObject({
      rules: [
        { from: "2026-11-01", frequency: null, target: GLASSES },
        { from: "2026-11-15", frequency: { weekdays: [1] }, target: GLASSES },
      ],
      schedule: { weekdays: [1] },
      step: 0.5,
      updatedAt: t1,
    });
    // From an earlier day, the later rules are replaced.
    r = apply(r, [
      op({ type: "setRules", from: "2026-11-10", frequency: null, target: { ...GLASSES, amount: 6 } }),
    ]);
    expect(r.habits.get("w")?.rules).toEqual([
      { from: "2026-11-01", frequency: null, target: GLASSES },
      { from: "2026-11-10", frequency: null, target: { ...GLASSES, amount: 6 } },
    ]);
    expect(r.habits.get("w")?.schedule).toBeNull();
  });

  it("setSettings keeps the week start; a pull's settings carry it", () => {
    let r = apply(emptyReplica(), [{ opId: "s", type: "setSettings", weekStart: 0 }]);
    expect(r.settings).toMatchObject({ weekStart: 0, dayStart: 0 });
    r = applyChanges(
      r,
      pullChanges(page({ settings: { dayStart: 60, vacations: [], weekStart: null, groups: [] } }), false),
    );
    expect(r.settings).toEqual({ dayStart: 60, vacations: [], weekStart: null, groups: [] });
  });
});

describe("a day's number and note", () => {
  const base = () => pulled(page({ habits: [water()] }));

  it("setAmount sets or clears a day's number; addAmount raises it, rounded to 3 decimals", () => {
    let r = apply(base(), [
      op({ type: "setAmount", date: "2026-11-20", value: 5 }),
      op({ type: "addAmount", date: "2026-11-21", add: 0.1 }),
      op({ type: "addAmount", date: "2026-11-21", add: 0.2 }),
      op({ type: "addAmount", date: "2026-11-20", add: 1 }),
    ]);
    expect(row(r).values).toEqual([
      ["2026-11-20", 6],
      ["2026-11-21", 0.3],
    ]);
    expect(row(r).dayValues?.days).toEqual(Int32Array.from(["2026-11-20", "2026-11-21"], toDayNumber));
    expect(Array.from(row(r).dayValues!.items)).toEqual([6, 0.3]);
    r = apply(r, [op({ type: "setAmount", date: "2026-11-20", value: null })]);
    expect(row(r).values).toEqual([["2026-11-21", 0.3]]);
    r = apply(r, [op({ type: "setAmount", date: "2026-11-21", value: null })]);
    expect(row(r).values).toBeUndefined();
    expect(r.values.size).toBe(0);
  });

  it("a number does not change the day's state, nor a state the number", () => {
    const r = apply(base(), [
      op({ type: "setAmount", date: "2026-11-20", value: 3 }),
      op({ type: "setDay", date: "2026-11-20", state: "skipped" }),
      op({ type: "setDay", date: "2026-11-20", state: "none" }),
    ]);
    expect(row(r)).toMatchObject({ values: [["2026-11-20", 3]], skippedDates: [], completedDates: [] });
  });

  it("setNote sets or clears a day's note, on any kind of habit", () => {
    let r = apply(base(), [
      op({ type: "setNote", date: "2026-11-19", note: "at the gym" }),
      op({ type: "setNote", date: "2026-11-20", note: "ill" }),
    ]);
    expect(row(r).notes).toEqual([
      ["2026-11-19", "at the gym"],
      ["2026-11-20", "ill"],
    ]);
    r = apply(r, [op({ type: "setNote", date: "2026-11-19", note: null })]);
    expect(row(r).notes).toEqual([["2026-11-20", "ill"]]);
    expect(row(r).dayNotes?.days).toEqual(Int32Array.of(toDayNumber("2026-11-20")));
  });

  it("a delete takes the numbers and notes with it, and its restore brings them back", () => {
    const r = apply(base(), [
      op({ type: "setAmount", date: "2026-11-20", value: 3 }),
      op({ type: "setNote", date: "2026-11-20", note: "ok" }),
    ]);
    const gone = apply(r, [op({ type: "deleteHabit" })]);
    expect(gone.values.size + gone.notes.size).toBe(0);
    const back = applyChanges(
      gone,
      restoreChanges({
        habit: r.habits.get("w")!,
        done: [],
        skipped: [],
        values: [["2026-11-20", 3]],
        notes: [["2026-11-20", "ok"]],
        cursor: null,
      }),
    );
    expect(row(back)).toEqual(row(r));
  });

  it("an import keeps the habits' kinds, numbers and notes", () => {
    const r = apply(emptyReplica(), [
      {
        opId: "i",
        type: "importAll",
        habits: [
          {
            id: "x",
            name: "Water",
            completedDates: [],
            kind: "measurable",
            rules: water().rules,
            step: 2,
            values: [["2026-11-02", 4]],
            notes: [["2026-11-02", "hot day"]],
          },
        ],
      },
    ]);
    expect(row(r, "x")).toMatchObject({
      kind: "measurable",
      step: 2,
      values: [["2026-11-02", 4]],
      notes: [["2026-11-02", "hot day"]],
    });
  });
});

describe("pulls with numbers and notes", () => {
  it("a listed day takes the page's number and note; a listed day without one loses its own", () => {
    let r = pulled(
      page({
        habits: [water()],
        completions: [
          days(
            "w",
            { undone: ["2026-11-18/2026-11-20"] },
            [
              ["2026-11-18", 2],
              ["2026-11-19", 4],
              ["2026-11-20", 8],
            ],
            [["2026-11-19", "tired"]],
          ),
        ],
      }),
    );
    expect(row(r).values).toEqual([
      ["2026-11-18", 2],
      ["2026-11-19", 4],
      ["2026-11-20", 8],
    ]);
    r = applyChanges(
      r,
      pullChanges(
        page({
          completions: [
            days(
              "w",
              { undone: ["2026-11-19"], skipped: ["2026-11-20"] },
              [["2026-11-20", 1]],
              [["2026-11-20", "away"]],
            ),
          ],
        }),
        false,
      ),
    );
    expect(row(r)).toMatchObject({
      values: [
        ["2026-11-18", 2],
        ["2026-11-20", 1],
      ],
      notes: [["2026-11-20", "away"]],
      skippedDates: ["2026-11-20"],
    });
  });

  it("a full pull over several pages gathers every page's numbers and replaces the copy's", () => {
    const before = apply(pulled(page({ habits: [water()] })), [
      op({ type: "setAmount", date: "2026-11-01", value: 9 }),
    ]);
    let run = startPull("");
    const first = takePage(run, {
      ...page({
        habits: [water()],
        completions: [days("w", { undone: ["2026-11-02"] }, [["2026-11-02", 2]])],
      }),
      more: true,
    });
    expect(first.write).toBeNull();
    run = first.run;
    const last = takePage(
      run,
      page({ completions: [days("w", { undone: ["2026-11-03"] }, [["2026-11-03", 3]])] }),
    );
    const r = applyChanges(before, last.write!);
    expect(row(r).values).toEqual([
      ["2026-11-02", 2],
      ["2026-11-03", 3],
    ]);
  });

  it("re-applies the queued numbers, raises and notes on top of a pull", () => {
    const pull = pullChanges(
      page({
        habits: [water()],
        completions: [days("w", { undone: ["2026-11-21"] }, [["2026-11-21", 4]], [["2026-11-21", "server"]])],
      }),
      true,
    );
    const waiting: SyncOp[] = [
      op({ type: "addAmount", date: "2026-11-21", add: 1 }),
      op({ type: "setAmount", date: "2026-11-20", value: 2 }),
      op({ type: "setNote", date: "2026-11-21", note: "mine" }),
      op({ type: "setRules", from: "2026-11-21", frequency: null, target: { ...GLASSES, amount: 10 } }),
    ];
    const r = applyChanges(emptyReplica(), rebase(pull, waiting, t1));
    expect(row(r)).toMatchObject({
      values: [
        ["2026-11-20", 2],
        ["2026-11-21", 5],
      ],
      notes: [["2026-11-21", "mine"]],
    });
    expect(row(r).rules.at(-1)).toEqual({
      from: "2026-11-21",
      frequency: null,
      target: { ...GLASSES, amount: 10 },
    });
  });

  it("gives the same row for a habit whose numbers and notes did not change", () => {
    const r = pulled(page({ habits: [water(), water({ id: "v", name: "Steps" })] }));
    const [a, b] = [row(r, "w"), row(r, "v")];
    const r2 = apply(r, [op({ type: "setAmount", date: "2026-11-20", value: 3 })]);
    expect(row(r2, "v")).toBe(b);
    expect(row(r2, "w")).not.toBe(a);
  });
});
