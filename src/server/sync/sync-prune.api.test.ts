// Pruning op results and tombstones, and the `reset` answer of a pull whose cursor cannot be answered by changes
// (docs/decisions/0027-sync-pruning.md).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/local-date";
import type { SyncOp, SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { pruneSync } from "./prune.repo";

const DAY = 86_400_000;
const YESTERDAY = addDays(TEST_DAY, -1);
const LATER = addDays(TEST_DAY, 20);

describe.each(testDialects())("sync pruning and reset on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  const db = () => t.running.database.db;
  const pull = async (user: TestUser, cursor = "", limit?: number) => {
    const query = `cursor=${cursor}${limit ? `&limit=${limit}` : ""}`;
    const res = await t.call<SyncPull>(user, "GET", `/api/sync?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const push = async (user: TestUser, ops: SyncOp[]) => {
    const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results.map((r) => r.status);
  };
  const create = (habitId: string, name: string): SyncOp => ({
    opId: randomUUID(),
    type: "createHabit",
    habitId,
    name,
  });
  const rename = (habitId: string, name: string): SyncOp => ({
    opId: randomUUID(),
    type: "renameHabit",
    habitId,
    name,
  });
  const mark = (habitId: string, date: string): SyncOp => ({
    opId: randomUUID(),
    type: "setCompletion",
    habitId,
    date,
    done: true,
  });
  /** What the server keeps for the user: their unmarked days, deleted habits and op ids. */
  const kept = async (user: TestUser) => ({
    undone: (
      await db()
        .selectFrom("completions")
        .select(["habit_id", "date"])
        .where("user_id", "=", user.id)
        .where("done", "=", 0)
        .orderBy("date")
        .execute()
    ).map((row) => `${row.habit_id} ${row.date}`),
    deleted: (
      await db().selectFrom("deleted_habits").select("id").where("user_id", "=", user.id).execute()
    ).map((row) => row.id),
    ops: (await db().selectFrom("sync_ops").select("op_id").where("user_id", "=", user.id).execute())
      .map((row) => row.op_id)
      .sort(),
  });

  it("prunes op results and tombstones past their retention, keeps young ones, and resets an older cursor", async () => {
    const user = await t.signUp();
    const t0 = t.clock.now().getTime();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const oldRename = rename(a, "Read");
    expect(
      await push(user, [
        create(a, "A"),
        create(b, "B"),
        create(c, "C"),
        mark(a, YESTERDAY),
        mark(a, TEST_DAY),
      ]),
    ).toEqual(Array(5).fill("applied"));
    expect(await push(user, [oldRename])).toEqual(["applied"]);
    const beforeTombstones = (await pull(user)).cursor;
    // Old tombstones: an unmarked day and a deleted habit.
    expect((await t.call(user, "DELETE", `/api/habits/${a}/completions/${TEST_DAY}`)).status).toBe(200);
    expect((await t.call(user, "DELETE", `/api/habits/${b}`)).status).toBe(204);
    const afterOld = (await pull(user)).cursor;
    expect(await pruneSync(db(), new Date(t0))).toMatchObject({ days: 0, habits: 0 });

    t.clock.advance(20 * DAY);
    const youngRename = rename(a, "Read more");
    const young = [mark(a, LATER), youngRename];
    try {
      // Young tombstones and op results, 20 days later.
      expect(await push(user, young)).toEqual(["applied", "applied"]);
      expect((await t.call(user, "DELETE", `/api/habits/${a}/completions/${LATER}`)).status).toBe(200);
      expect((await t.call(user, "DELETE", `/api/habits/${c}`)).status).toBe(204);
    } finally {
      t.clock.advance(-20 * DAY);
    }
    await pruneSync(db(), new Date(t0 + 20 * DAY));
    const before = await kept(user);
    expect(before.undone).toEqual([`${a} ${TEST_DAY}`, `${a} ${LATER}`]);
    expect(before.deleted.sort()).toEqual([b, c].sort());

    // 31 days after the first writes, from two server processes at once: deletes are idempotent.
    const at31 = new Date(t0 + 31 * DAY);
    const passes = await Promise.all([pruneSync(db(), at31), pruneSync(db(), at31)]);
    const done = passes.filter((p) => p !== null);
    expect(done.reduce((sum, p) => sum + p.days, 0)).toBeGreaterThanOrEqual(1);
    const after = await kept(user);
    expect(after.undone).toEqual([`${a} ${LATER}`]);
    expect(after.deleted).toEqual([c]);
    expect(after.ops).toEqual(young.map((op) => op.opId).sort());

    // A cursor from before the pruned tombstones cannot be answered by changes: reset, with a full first page.
    const full = await pull(user);
    expect(full.habits.map((h) => h.name)).toEqual(["Read more"]);
    expect(await pull(user, beforeTombstones)).toEqual({ ...full, reset: true });
    // A device that had seen them goes on by changes, and still hears of the young tombstones.
    const next = await pull(user, afterOld);
    expect(next).not.toHaveProperty("reset");
    expect(next.deletedHabitIds).toEqual([c]);
    expect(next.completions).toEqual([
      { habitId: a, done: [], skipped: [], undone: [LATER], values: [], notes: [] },
    ]);

    // A young op replayed is still recognised; a replay past the window is a new op (last writer wins again).
    expect(await push(user, [youngRename])).toEqual(["duplicate"]);
    expect(await push(user, [oldRename])).toEqual(["applied"]);
    expect((await pull(user)).habits.map((h) => h.name)).toEqual(["Read"]);
  });

  it("answers reset when the cursor is ahead of the server (restored from an older backup)", async () => {
    const user = await t.signUp();
    const [a, b] = [randomUUID(), randomUUID()];
    await push(user, [create(a, "A"), create(b, "B"), mark(a, TEST_DAY), mark(b, TEST_DAY)]);
    const full = await pull(user);
    const ahead = String(Number(full.cursor) + 1000);
    expect(await pull(user, ahead)).toEqual({ ...full, reset: true });
    // The reset answer is the first page of a full pull: it pages like one.
    const first = await pull(user, "", 1);
    expect(first.more).toBe(true);
    expect(await pull(user, ahead, 1)).toEqual({ ...first, reset: true });
  });

  it("answers by changes, without reset, for a cursor from the beginning, the present or in between", async () => {
    const id = randomUUID();
    const start = await pull(alice);
    await push(alice, [create(id, "Walk")]);
    for (const cursor of ["", "0", start.cursor]) {
      const page = await pull(alice, cursor);
      expect(page, cursor).not.toHaveProperty("reset");
      expect(page.habits.map((h) => h.id)).toContain(id);
    }
    const now = await pull(alice, (await pull(alice)).cursor);
    expect(now).not.toHaveProperty("reset");
    expect(now.habits).toEqual([]);
  });
});
