// Groups of habits on both dialects (docs/product.md, "Groups"): the sync ops and their refusals, what a second
// device's pull learns, a deleted group's habits ungrouped, the REST routes, and what an API token may read.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MAX_GROUPS,
  type HabitGroup,
  type SyncOp,
  type SyncPull,
  type SyncPushResult,
} from "../../core/sync";
import type { CreatedApiToken } from "../../core/contract-schema";
import { buildBackup } from "../../core/backup";
import type { Habit } from "../../core/habit";
import { testDialects } from "../../../test/support/databases";
import {
  expectError,
  useTestServer,
  type CallOptions,
  type TestUser,
} from "../../../test/support/api-server";

describe.each(testDialects())("groups on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { transport: "in-process" });
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  const push = async (user: TestUser, ops: SyncOp[]) => {
    const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Each op's status, or its rejection's code. */
  const outcomes = async (user: TestUser, ops: SyncOp[]) =>
    (await push(user, ops)).results.map((r) => (r.status === "rejected" ? r.code : r.status));
  const pull = async (user: TestUser, cursor = "") => {
    const res = await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${cursor}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const op = {
    createGroup: (groupId: string, name: string, extra: Partial<SyncOp> = {}): SyncOp =>
      ({ opId: randomUUID(), type: "createGroup", groupId, name, ...extra }) as SyncOp,
    updateGroup: (
      groupId: string,
      change: { name?: string; position?: number; folded?: boolean },
    ): SyncOp => ({
      opId: randomUUID(),
      type: "updateGroup",
      groupId,
      ...change,
    }),
    deleteGroup: (groupId: string): SyncOp => ({ opId: randomUUID(), type: "deleteGroup", groupId }),
    createHabit: (habitId: string, name: string, groupId?: string | null): SyncOp => ({
      opId: randomUUID(),
      type: "createHabit",
      habitId,
      name,
      ...(groupId !== undefined && { groupId }),
    }),
    group: (habitId: string, groupId: string | null): SyncOp => ({
      opId: randomUUID(),
      type: "updateHabit",
      habitId,
      groupId,
    }),
  };

  it("a second device's pull has no groups and every habit ungrouped for a user without groups", async () => {
    const user = await t.signUp();
    await outcomes(user, [op.createHabit(randomUUID(), "Read")]);
    const page = await pull(user);
    expect(page.settings?.groups).toEqual([]);
    expect(page.habits).toMatchObject([{ name: "Read", groupId: null }]);
  });

  it("creates groups and puts habits in them by sync ops; a second device's pull sees both", async () => {
    const user = await t.signUp();
    const [morning, health] = [randomUUID(), randomUUID()];
    const [walk, read, stretch] = [randomUUID(), randomUUID(), randomUUID()];
    const before = (await pull(user)).cursor;
    expect(
      await outcomes(user, [
        op.createGroup(morning, " Morning "),
        op.createGroup(health, "Health", { folded: true }),
        op.createHabit(walk, "Walk", health),
        op.createHabit(read, "Read"),
        op.createHabit(stretch, "Stretch", null),
        op.group(read, morning),
      ]),
    ).toEqual(Array(6).fill("applied"));
    const page = await pull(user, before);
    // The name rule's stored form (trimmed); appended after the last, in order.
    expect(page.settings?.groups).toEqual([
      { id: morning, name: "Morning", position: 0, folded: false },
      { id: health, name: "Health", position: 1, folded: true },
    ]);
    const groupOf = Object.fromEntries(page.habits.map((h) => [h.name, h.groupId]));
    expect(groupOf).toEqual({ Walk: health, Read: morning, Stretch: null });

    // A rename, a move before the first and an unfold reach the other device with the settings.
    const cursor = page.cursor;
    expect(
      await outcomes(user, [
        op.updateGroup(health, { name: "Body", position: -0.5, folded: false }),
        op.group(walk, null),
      ]),
    ).toEqual(["applied", "applied"]);
    const next = await pull(user, cursor);
    expect(next.settings?.groups).toEqual([
      { id: health, name: "Body", position: -0.5, folded: false },
      { id: morning, name: "Morning", position: 0, folded: false },
    ]);
    expect(next.habits).toMatchObject([{ id: walk, groupId: null }]);
    // A pull after it, in sync, carries neither the settings nor the habits again.
    const inSync = await pull(user, next.cursor);
    expect(inSync.settings).toBeUndefined();
    expect(inSync.habits).toEqual([]);
  });

  it("refuses a taken name, an unknown group, a reused id and a bad name, each with its code", async () => {
    const user = await t.signUp();
    const [home, away] = [randomUUID(), randomUUID()];
    const habit = randomUUID();
    expect(await outcomes(user, [op.createGroup(home, "Home"), op.createGroup(away, "Away")])).toEqual([
      "applied",
      "applied",
    ]);
    const unknown = randomUUID();
    expect(
      await outcomes(user, [
        op.createGroup(randomUUID(), "HOME"), // same name, as same-name.ts compares
        op.updateGroup(away, { name: " home" }),
        op.createGroup(home, "Elsewhere"), // its id again, under a new opId
        op.createHabit(habit, "Walk", unknown),
        op.createHabit(habit, "Walk"),
        op.group(habit, unknown),
        op.updateGroup(unknown, { folded: true }),
        op.deleteGroup(unknown),
        op.createGroup(randomUUID(), "  "),
        op.createGroup(randomUUID(), "Tab\there"),
        op.createGroup(randomUUID(), "x".repeat(101)),
        { opId: randomUUID(), type: "updateGroup", groupId: home } as SyncOp, // changes nothing
        op.createGroup("not-a-uuid", "Fine"),
        op.updateGroup(away, { name: "Away" }), // its own name: no clash with itself
      ]),
    ).toEqual([
      "GROUP_NAME_TAKEN",
      "GROUP_NAME_TAKEN",
      "CONFLICT",
      "GROUP_NOT_FOUND",
      "applied",
      "GROUP_NOT_FOUND",
      "GROUP_NOT_FOUND",
      "GROUP_NOT_FOUND",
      "VALIDATION_FAILED",
      "VALIDATION_FAILED",
      "VALIDATION_FAILED",
      "VALIDATION_FAILED",
      "VALIDATION_FAILED",
      "applied",
    ]);
    // Nothing of the refused ops was written.
    const page = await pull(user);
    expect(page.settings?.groups.map((g) => g.name)).toEqual(["Home", "Away"]);
    expect(page.habits).toMatchObject([{ id: habit, groupId: null }]);
  });

  it(`holds at most ${MAX_GROUPS} groups: the next is refused with GROUP_LIMIT, and one deleted makes room`, async () => {
    const user = await t.signUp();
    const ids = Array.from({ length: MAX_GROUPS }, () => randomUUID());
    const results = await outcomes(
      user,
      ids.map((id, i) => op.createGroup(id, `Group ${i}`)),
    );
    expect(results).toEqual(Array(MAX_GROUPS).fill("applied"));
    expect(await outcomes(user, [op.createGroup(randomUUID(), "One more")])).toEqual(["GROUP_LIMIT"]);
    expectError(await t.call(user, "POST", "/api/groups", { json: { name: "By REST" } }), 409, "GROUP_LIMIT");
    expect(await outcomes(user, [op.deleteGroup(ids[0]!), op.createGroup(randomUUID(), "One more")])).toEqual(
      ["applied", "applied"],
    );
    expect((await pull(user)).settings?.groups).toHaveLength(MAX_GROUPS);
  });

  it("deleting a group ungroups its habits, and a second device's pull carries both", async () => {
    const user = await t.signUp();
    const [gone, kept] = [randomUUID(), randomUUID()];
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await outcomes(user, [
      op.createGroup(gone, "Gone"),
      op.createGroup(kept, "Kept"),
      op.createHabit(a, "A", gone),
      op.createHabit(b, "B", gone),
      op.createHabit(c, "C", kept),
    ]);
    const cursor = (await pull(user)).cursor;
    expect(await outcomes(user, [op.deleteGroup(gone)])).toEqual(["applied"]);
    const page = await pull(user, cursor);
    expect(page.settings?.groups.map((g) => g.id)).toEqual([kept]);
    expect(page.habits.map((h) => [h.id, h.groupId]).sort()).toEqual(
      [
        [a, null],
        [b, null],
      ].sort(),
    );
    // The deleted group's id is gone for good: a habit cannot join it, and it cannot be deleted twice.
    expect(await outcomes(user, [op.group(c, gone), op.deleteGroup(gone)])).toEqual([
      "GROUP_NOT_FOUND",
      "GROUP_NOT_FOUND",
    ]);
  });

  describe("backup", () => {
    const groupsOf = async (user: TestUser) =>
      (await t.call<{ groups: HabitGroup[] }>(user, "GET", "/api/groups")).body.groups;
    const habitsOf = async (user: TestUser) => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
    /** Each habit's name and its group's name. */
    const membership = async (user: TestUser) => {
      const names = new Map((await groupsOf(user)).map((g) => [g.id, g.name]));
      return Object.fromEntries(
        (await habitsOf(user)).map((h) => [h.name, h.groupId ? names.get(h.groupId) : null]),
      );
    };

    it("restores each habit's group by name, finding the user's own or making it, and round-trips", async () => {
      const user = await t.signUp();
      const health = randomUUID();
      await outcomes(user, [op.createGroup(health, "Health")]);
      const file = {
        version: 2,
        habits: [
          { name: "Walk", completedDates: [], group: "HEALTH" },
          { name: "Read", completedDates: [], group: "Morning" },
          { name: "Plan", completedDates: [], group: "Evening" },
          { name: "Idle", completedDates: [] },
        ],
        groups: [{ name: "Evening" }, { name: "Morning", folded: true }],
      };
      const res = await t.call(user, "PUT", "/api/habits", { json: file });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The user's group kept; the file's made after it, in the file's order, folded as the file says.
      expect(
        (await groupsOf(user)).map(({ name, position, folded }) => ({ name, position, folded })),
      ).toEqual([
        { name: "Health", position: 0, folded: false },
        { name: "Evening", position: 1, folded: false },
        { name: "Morning", position: 2, folded: true },
      ]);
      expect((await groupsOf(user))[0]!.id).toBe(health);
      expect(await membership(user)).toEqual({
        Walk: "Health",
        Read: "Morning",
        Plan: "Evening",
        Idle: null,
      });
      // A second device learns the groups and the habits' groups by its pull.
      const page = await pull(user);
      expect(page.settings?.groups.map((g) => g.name)).toEqual(["Health", "Evening", "Morning"]);
      expect(page.habits.find((h) => h.name === "Walk")?.groupId).toBe(health);

      // The app's own backup of this account restores the same on another account.
      const other = await t.signUp();
      const backup = JSON.parse(buildBackup(await habitsOf(user), await groupsOf(user))) as unknown;
      const restored = await t.call(other, "PUT", "/api/habits", { json: backup });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(await membership(other)).toEqual(await membership(user));
      expect((await groupsOf(other)).map(({ name, folded }) => ({ name, folded }))).toEqual(
        (await groupsOf(user)).map(({ name, folded }) => ({ name, folded })),
      );
    });

    it("adds a Loop-style bare array's groups too, and refuses the import past the limit, changing nothing", async () => {
      const user = await t.signUp();
      const added = await t.call(user, "POST", "/api/habits/import", {
        json: [{ name: "Stretch", completedDates: [], group: "Body" }],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(await membership(user)).toEqual({ Stretch: "Body" });

      await outcomes(
        user,
        Array.from({ length: MAX_GROUPS - 1 }, (_, i) => op.createGroup(randomUUID(), `Group ${i}`)),
      );
      const before = await pull(user);
      const refused = await t.call(user, "POST", "/api/habits/import", {
        json: [
          { name: "Nap", completedDates: [], group: "body" },
          { name: "Swim", completedDates: [], group: "Water" },
        ],
      });
      expectError(refused, 409, "GROUP_LIMIT");
      const after = await pull(user);
      expect(after.habits.map((h) => h.name)).toEqual(before.habits.map((h) => h.name));
      expect(after.settings?.groups).toEqual(before.settings?.groups);
      expectError(
        await t.call(user, "PUT", "/api/habits", {
          json: { version: 2, habits: [], groups: [{ name: "" }] },
        }),
        400,
        "VALIDATION_FAILED",
      );
    });
  });

  describe("REST", () => {
    type HabitAnswer = { id: string; name: string; groupId?: string | null };
    const call = <T>(method: string, path: string, opts?: CallOptions) =>
      t.call<T>(alice, method, path, opts);

    it("lists, adds, changes and deletes groups, and puts a habit in one", async () => {
      expect((await call<{ groups: HabitGroup[] }>("GET", "/api/groups")).body).toEqual({ groups: [] });
      const made = await call<HabitGroup>("POST", "/api/groups", { json: { name: "Evening" } });
      expect(made.status).toBe(201);
      expect(made.body).toEqual({ id: expect.any(String), name: "Evening", position: 0, folded: false });
      const second = await call<HabitGroup>("POST", "/api/groups", { json: { name: "Work", folded: true } });
      expect(second.body).toMatchObject({ name: "Work", position: 1, folded: true });

      const habit = await call<HabitAnswer>("POST", "/api/habits", { json: { name: "Journal" } });
      expect(habit.body.groupId).toBeNull();
      const grouped = await call<HabitAnswer>("PATCH", `/api/habits/${habit.body.id}`, {
        json: { groupId: made.body.id },
      });
      expect(grouped.status, JSON.stringify(grouped.body)).toBe(200);
      expect(grouped.body).toMatchObject({ name: "Journal", groupId: made.body.id });
      const listed = await call<HabitAnswer[]>("GET", "/api/habits");
      expect(listed.body.find((h) => h.id === habit.body.id)?.groupId).toBe(made.body.id);

      const moved = await call<HabitGroup>("PATCH", `/api/groups/${second.body.id}`, {
        json: { position: -1, name: "Office" },
      });
      expect(moved.body).toEqual({ ...second.body, name: "Office", position: -1 });
      expect(
        (await call<{ groups: HabitGroup[] }>("GET", "/api/groups")).body.groups.map((g) => g.name),
      ).toEqual(["Office", "Evening"]);

      const deleted = await call("DELETE", `/api/groups/${made.body.id}`);
      expect(deleted.status).toBe(204);
      const after = await call<HabitAnswer[]>("GET", "/api/habits");
      expect(after.body.find((h) => h.id === habit.body.id)?.groupId).toBeNull();
      expectError(await call("DELETE", `/api/groups/${made.body.id}`), 404, "GROUP_NOT_FOUND");
      // Renamed and ungrouped in one PATCH; the previous release's body (the name alone) still renames.
      const both = await call<HabitAnswer>("PATCH", `/api/habits/${habit.body.id}`, {
        json: { name: "Diary", groupId: null },
      });
      expect(both.body).toMatchObject({ name: "Diary", groupId: null });
    });

    it("answers 400, 404 and 409, never 500, to what it cannot take", async () => {
      const group = (await call<HabitGroup>("POST", "/api/groups", { json: { name: "Reading" } })).body;
      const habit = (await call<HabitAnswer>("POST", "/api/habits", { json: { name: "Novel" } })).body;
      const bad: [string, string, unknown][] = [
        ["POST", "/api/groups", {}],
        ["POST", "/api/groups", { name: "" }],
        ["POST", "/api/groups", { name: "a\u202Eb" }],
        ["POST", "/api/groups", { name: 7 }],
        ["POST", "/api/groups", { name: "Fine", folded: "yes" }],
        ["POST", "/api/groups", { name: "Fine", id: randomUUID() }],
        ["PATCH", `/api/groups/${group.id}`, {}],
        ["PATCH", `/api/groups/${group.id}`, { position: "first" }],
        ["PATCH", `/api/groups/${group.id}`, { position: null }],
        ["PATCH", "/api/groups/not-a-uuid", { folded: true }],
        ["DELETE", "/api/groups/not-a-uuid", undefined],
        ["PATCH", `/api/habits/${habit.id}`, {}],
        ["PATCH", `/api/habits/${habit.id}`, { groupId: "Reading" }],
      ];
      for (const [method, path, json] of bad) {
        const res = await call(method, path, json === undefined ? {} : { json });
        expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
      }
      expectError(await call("POST", "/api/groups", { json: { name: "reading" } }), 409, "GROUP_NAME_TAKEN");
      const other = randomUUID();
      expectError(
        await call("PATCH", `/api/groups/${other}`, { json: { folded: true } }),
        404,
        "GROUP_NOT_FOUND",
      );
      expectError(
        await call("PATCH", `/api/habits/${habit.id}`, { json: { groupId: other } }),
        404,
        "GROUP_NOT_FOUND",
      );
      // Another user's group is not found either.
      const bob = await t.signUp();
      expectError(
        await t.call(bob, "PATCH", `/api/groups/${group.id}`, { json: { folded: true } }),
        404,
        "GROUP_NOT_FOUND",
      );
    });

    it("lets a read-only API token read the groups, and refuses it a change", async () => {
      const created = await call<CreatedApiToken>("POST", "/api/tokens", {
        json: { name: "Dashboard", scope: "read-only" },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const headers = { authorization: `Bearer ${created.body.token}`, origin: "" };
      const read = await t.call<{ groups: HabitGroup[] }>(null, "GET", "/api/groups", { headers });
      expect(read.status).toBe(200);
      expect(read.body.groups.length).toBeGreaterThan(0);
      expectError(
        await t.call(null, "POST", "/api/groups", { headers, json: { name: "Nope" } }),
        403,
        "FORBIDDEN",
      );
      expectError(await t.call(null, "GET", "/api/groups"), 401, "UNAUTHENTICATED");
    });
  });
});
