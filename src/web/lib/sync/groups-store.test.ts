import { describe, expect, it } from "vitest";
import type { SyncHabit, SyncPull } from "../../../core/sync";
import { MAX_GROUPS } from "../../../core/sync";
import { groupProblem } from "../habits/groups";
import {
  applyChanges,
  emptyReplica,
  type LocalOp,
  opChanges,
  pullChanges,
  rebase,
  type Replica,
  storedHabits,
} from "./replica-state";
import { habitWrites as writes, type WriteTarget } from "./sync-engine";
import { failureMessage } from "./sync-loop";

const t0 = "2026-11-01T00:00:00.000Z";

/** The real replica behind the writes, as sync-engine.test.ts: each op applies as the engine applies it. */
function store() {
  let replica: Replica = emptyReplica();
  const ops: LocalOp[] = [];
  const apply = (op: LocalOp) => {
    ops.push(op);
    replica = applyChanges(replica, opChanges(op, t0));
    return Promise.resolve(true);
  };
  const engine: WriteTarget = {
    getSnapshot: () => ({ replica, habits: storedHabits(replica) }),
    write: apply,
    removeHeld: (op) => apply(op),
    undo: () => Promise.resolve(false),
  };
  const groups = () => replica.settings.groups;
  const names = () => groups().map((group) => group.name);
  const habit = (name: string) => storedHabits(replica).find((h) => h.name === name)!;
  return { engine, ops, groups, names, habit, replica: () => replica };
}

const row = (id: string, groupId: string | null): SyncHabit => ({
  id,
  name: id,
  createdAt: t0,
  updatedAt: t0,
  schedule: null,
  archived: false,
  position: 0,
  emoji: null,
  kind: "yesNo",
  rules: [{ from: "2026-11-01", frequency: null, target: null }],
  step: 1,
  uuid: id.replaceAll("-", ""),
  groupId,
});
const page = (p: Partial<SyncPull>): SyncPull => ({
  cursor: "c1",
  more: false,
  habits: [],
  completions: [],
  deletedHabitIds: [],
  ...p,
});

describe("the group writes", () => {
  it("adds groups last, renames, folds and moves them, each as one op of the contract", async () => {
    const s = store();
    expect(await writes.addGroup(s.engine, " Morning ")).toBe(true);
    expect(await writes.addGroup(s.engine, "Health")).toBe(true);
    expect(await writes.addGroup(s.engine, "Evening")).toBe(true);
    expect(s.names()).toEqual(["Morning", "Health", "Evening"]);
    expect(s.ops[0]).toEqual({
      opId: expect.any(String),
      type: "createGroup",
      groupId: expect.any(String),
      name: "Morning",
      position: 0,
    });
    const [morning, health, evening] = s.groups();
    expect(await writes.updateGroup(s.engine, health!.id, { name: "Body" })).toBe(true);
    expect(await writes.updateGroup(s.engine, health!.id, { name: "Body" })).toBe(false); // no change
    expect(await writes.updateGroup(s.engine, morning!.id, { folded: true })).toBe(true);
    expect(s.ops.at(-1)).toEqual({
      opId: expect.any(String),
      type: "updateGroup",
      groupId: morning!.id,
      folded: true,
    });
    expect(await writes.moveGroup(s.engine, evening!.id, "up")).toBe(true);
    expect(s.names()).toEqual(["Morning", "Evening", "Body"]);
    expect(s.ops.at(-1)).toMatchObject({ type: "updateGroup", groupId: evening!.id, position: 0.5 });
    expect(await writes.moveGroup(s.engine, morning!.id, "up")).toBe(false); // first already
    expect(s.groups()[0]).toMatchObject({ name: "Morning", folded: true });
  });

  it("refuses a name the rule or another group refuses, and the group past the limit", async () => {
    const s = store();
    await writes.addGroup(s.engine, "Morning");
    expect(await writes.addGroup(s.engine, "   ")).toBe(false);
    expect(await writes.addGroup(s.engine, "x".repeat(101))).toBe(false);
    expect(await writes.addGroup(s.engine, "MORNING")).toBe(false);
    expect(groupProblem("  ", s.groups())).toBe("Group name cannot be empty");
    expect(groupProblem("x".repeat(101), s.groups())).toBe("Group name must be at most 100 characters");
    expect(groupProblem("morning", s.groups())).toBe("A group with this name already exists");
    // A group may keep its own name, in another case too.
    expect(groupProblem("MORNING", s.groups(), s.groups()[0]!.id)).toBeNull();
    for (let i = 1; i < MAX_GROUPS; i++) expect(await writes.addGroup(s.engine, `Group ${i}`)).toBe(true);
    expect(s.groups()).toHaveLength(MAX_GROUPS);
    expect(groupProblem("One more", s.groups())).toBe(`You can have at most ${MAX_GROUPS} groups`);
    expect(await writes.addGroup(s.engine, "One more")).toBe(false);
    expect(s.groups()).toHaveLength(MAX_GROUPS);
  });

  it("sets a habit's group only to one of the user's groups; deleting a group ungroups its habits", async () => {
    const s = store();
    await writes.addGroup(s.engine, "Morning");
    const groupId = s.groups()[0]!.id;
    expect(await writes.add(s.engine, "Stretch", { groupId: "not-a-group" })).toBe(false);
    expect(await writes.add(s.engine, "Stretch", { groupId })).toBe(true);
    expect(s.ops.at(-1)).toMatchObject({ type: "createHabit", name: "Stretch", groupId });
    await writes.add(s.engine, "Read");
    const read = s.habit("Read").id;
    expect(s.habit("Read").groupId).toBeNull();
    expect(await writes.update(s.engine, read, { groupId: "not-a-group" })).toBe(false);
    expect(await writes.update(s.engine, read, { groupId })).toBe(true);
    expect(s.ops.at(-1)).toEqual({ opId: expect.any(String), type: "updateHabit", habitId: read, groupId });
    expect(await writes.update(s.engine, read, { groupId })).toBe(false); // already there
    expect(s.habit("Read").groupId).toBe(groupId);
    expect(await writes.removeGroup(s.engine, groupId)).toBe(true);
    expect(s.ops.at(-1)).toEqual({ opId: expect.any(String), type: "deleteGroup", groupId });
    expect(s.groups()).toEqual([]);
    expect([s.habit("Read").groupId, s.habit("Stretch").groupId]).toEqual([null, null]);
    expect(await writes.removeGroup(s.engine, groupId)).toBe(false);
  });
});

describe("groups in the replica", () => {
  it("takes the pull's groups in their order and each habit's groupId; a previous server's answer has none", () => {
    const groups = [
      { id: "g2", name: "Health", position: 2, folded: true },
      { id: "g1", name: "Morning", position: 1, folded: false },
    ];
    let r = applyChanges(
      emptyReplica(),
      pullChanges(
        page({
          habits: [row("a", "g1"), row("b", null)],
          settings: { dayStart: 0, vacations: [], weekStart: null, groups },
        }),
        true,
      ),
    );
    expect(r.settings.groups.map((group) => group.id)).toEqual(["g1", "g2"]);
    expect(storedHabits(r).map((h) => [h.id, h.groupId])).toEqual([
      ["a", "g1"],
      ["b", null],
    ]);
    // A server of the previous release sends neither.
    const { groupId: _, ...old } = row("c", null);
    const settings = { dayStart: 0, vacations: [], weekStart: null } as never;
    r = applyChanges(r, pullChanges(page({ habits: [old as SyncHabit], settings }), false));
    expect(r.settings.groups).toEqual([]);
    expect(r.habits.get("c")?.groupId).toBeNull();
  });

  it("keeps a waiting group write on top of a pull (rebase), as every local write", () => {
    const settings = {
      dayStart: 0,
      vacations: [],
      weekStart: null,
      groups: [{ id: "g1", name: "Morning", position: 0, folded: false }],
    };
    const waiting: LocalOp[] = [
      { opId: "o1", type: "createGroup", groupId: "g2", name: "Health", position: 1 },
      { opId: "o2", type: "updateGroup", groupId: "g1", folded: true },
      { opId: "o3", type: "updateHabit", habitId: "a", groupId: "g2" },
    ];
    const pulled = pullChanges(page({ habits: [row("a", "g1")], settings }), true);
    const r = applyChanges(emptyReplica(), rebase(pulled, waiting, t0));
    expect(r.settings.groups).toEqual([
      { id: "g1", name: "Morning", position: 0, folded: true },
      { id: "g2", name: "Health", position: 1, folded: false },
    ]);
    expect(r.habits.get("a")?.groupId).toBe("g2");
  });
});

describe("a group write the server refuses", () => {
  it("says why: the name another device took, the limit, or that it could not be saved", () => {
    const create: LocalOp = { opId: "o", type: "createGroup", groupId: "g", name: "Morning" };
    expect(failureMessage(create, "GROUP_NAME_TAKEN")).toBe("A group with this name already exists");
    expect(failureMessage(create, "GROUP_LIMIT")).toBe(`You can have at most ${MAX_GROUPS} groups`);
    expect(failureMessage({ opId: "o", type: "deleteGroup", groupId: "g" }, "GROUP_NOT_FOUND")).toBe(
      "The group could not be saved. Please try again.",
    );
  });
});
