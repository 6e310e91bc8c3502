import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_HABIT_NAME_LENGTH } from "../../core/constants";
import { addDays } from "../../core/local-date";
import { MAX_EMOJI_LENGTH, SYNC_MAX_OPS, type SyncOp, type SyncPushResult } from "../../core/sync";
import { SYNC_PUSH_MAX_BYTES } from "../../core/sync-push-size";
import { testDialects } from "../../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

type HabitBody = { id: string; name: string; completedDates: string[] };

describe.each(testDialects())("sync push on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  const push = async (user: TestUser, ops: SyncOp[]) => {
    const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const habits = async (user: TestUser) => (await t.call<HabitBody[]>(user, "GET", "/api/habits")).body;
  const op = {
    create: (habitId: string, name = "Walk"): SyncOp => ({
      opId: randomUUID(),
      type: "createHabit",
      habitId,
      name,
    }),
    rename: (habitId: string, name: string): SyncOp => ({
      opId: randomUUID(),
      type: "renameHabit",
      habitId,
      name,
    }),
    remove: (habitId: string): SyncOp => ({ opId: randomUUID(), type: "deleteHabit", habitId }),
    mark: (habitId: string, date = TEST_DAY, done = true): SyncOp => ({
      opId: randomUUID(),
      type: "setCompletion",
      habitId,
      date,
      done,
    }),
  };

  it("applies ops in order with the client's habit id, and the cursor moves on", async () => {
    const user = await t.signUp();
    const id = randomUUID();
    const before = await t.call<{ cursor: string }>(user, "GET", "/api/sync");
    const result = await push(user, [op.create(id, "Walk"), op.mark(id), op.rename(id, "Walk far")]);
    expect(result.results.map((r) => r.status)).toEqual(["applied", "applied", "applied"]);
    expect(Number(result.cursor)).toBeGreaterThan(Number(before.body.cursor));
    expect(await habits(user)).toMatchObject([{ id, name: "Walk far", completedDates: [TEST_DAY] }]);
  });

  it("stores an op replayed 3 times once", async () => {
    const id = randomUUID();
    const ops = [op.create(id, "Once"), op.mark(id)];
    const first = await push(alice, ops);
    expect(first.results.map((r) => r.status)).toEqual(["applied", "applied"]);
    for (let i = 0; i < 3; i++) {
      const again = await push(alice, ops);
      expect(again.results.map((r) => r.status)).toEqual(["duplicate", "duplicate"]);
    }
    const mine = (await habits(alice)).filter((h) => h.id === id);
    expect(mine).toMatchObject([{ name: "Once", completedDates: [TEST_DAY] }]);
  });

  it("applies a push sent twice in parallel once", async () => {
    const user = await t.signUp();
    const ops = Array.from({ length: 10 }, (_, i) => op.create(randomUUID(), `Habit ${i}`));
    const [a, b] = await Promise.all([push(user, ops), push(user, ops)]);
    const statuses = [...a.results, ...b.results].map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill("applied"), ...Array(10).fill("duplicate")]);
    expect(await habits(user)).toHaveLength(10);
  });

  it("rejects a bad op with its code, applies the later ones, and answers a replay with the same rejection", async () => {
    const user = await t.signUp();
    const id = randomUUID();
    const bad: SyncOp[] = [
      op.create(id, "Kept"),
      op.rename(id, ""),
      op.mark(id, addDays(TEST_DAY, 2)),
      op.mark(randomUUID()),
      { opId: randomUUID(), type: "explode" } as unknown as SyncOp,
      op.mark(id),
    ];
    const result = await push(user, bad);
    expect(result.results.map((r) => (r.status === "rejected" ? r.code : r.status))).toEqual([
      "applied",
      "VALIDATION_FAILED",
      "INVALID_DATE",
      "HABIT_NOT_FOUND",
      "VALIDATION_FAILED",
      "applied",
    ]);
    expect(result.results[1]).toMatchObject({ message: expect.stringMatching(/Habit name cannot be empty/) });
    expect(await habits(user)).toMatchObject([{ id, name: "Kept", completedDates: [TEST_DAY] }]);
    const replay = await push(user, bad.slice(1, 3));
    expect(replay.results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("rejects a create past the habit quota with 409's code, and counts a delete in the same push", async () => {
    const user = await t.signUp();
    const full = Array.from({ length: 499 }, (_, i) => ({ name: `Habit ${i}`, completedDates: [] }));
    expect((await t.call(user, "PUT", "/api/habits", { json: full })).status).toBe(200);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await push(user, [op.create(a), op.create(b), op.mark(a), op.remove(a), op.create(c)]);
    expect(first.results.map((r) => (r.status === "rejected" ? r.code : r.status))).toEqual([
      "applied",
      "QUOTA_EXCEEDED",
      "applied",
      "applied",
      "applied",
    ]);
    expect(await habits(user)).toHaveLength(500);
  });

  it("refuses another user's habit id and never touches their habit", async () => {
    const bob = await t.signUp();
    const { body: theirs } = await t.call<HabitBody>(bob, "POST", "/api/habits", { json: { name: "Bob's" } });
    const result = await push(alice, [
      op.create(theirs.id, "Mine"),
      op.rename(theirs.id, "Stolen"),
      op.remove(theirs.id),
    ]);
    expect(result.results.map((r) => (r.status === "rejected" ? r.code : r.status))).toEqual([
      "CONFLICT",
      "HABIT_NOT_FOUND",
      "HABIT_NOT_FOUND",
    ]);
    expect(await habits(bob)).toMatchObject([{ id: theirs.id, name: "Bob's" }]);
  });

  it("drops writes to a deleted habit: the delete wins", async () => {
    const user = await t.signUp();
    const id = randomUUID();
    await push(user, [op.create(id, "Gone"), op.mark(id, addDays(TEST_DAY, -1))]);
    // Another device deletes it; this device's late ops arrive afterwards.
    expect((await t.call(user, "DELETE", `/api/habits/${id}`)).status).toBe(204);
    const late = await push(user, [
      op.mark(id),
      op.rename(id, "Back"),
      op.remove(id),
      op.create(id, "Again"),
    ]);
    expect(late.results.map((r) => r.status)).toEqual(["dropped", "dropped", "dropped", "dropped"]);
    expect(await habits(user)).toEqual([]);
    const pull = await t.call<{ deletedHabitIds: string[] }>(user, "GET", "/api/sync");
    expect(pull.body.deletedHabitIds).toEqual([id]);
  });

  it("takes the largest valid batch, and a push body up to the size a device batches by (SYNC_PUSH_MAX_BYTES)", async () => {
    const user = await t.signUp();
    /**
     * 100 creates with the longest names in three-byte characters, the longest emoji in four-byte characters, every
     * weekday and the longest position, padded with blanks to `bytes` if given.
     */
    const body = (bytes?: number) => {
      const ops = Array.from({ length: SYNC_MAX_OPS }, () => ({
        ...op.create(randomUUID(), "語".repeat(MAX_HABIT_NAME_LENGTH)),
        emoji: "😀".repeat(MAX_EMOJI_LENGTH / 2),
        schedule: { weekdays: [6, 5, 4, 3, 2, 1, 0] },
        position: -Number.MAX_VALUE,
      }));
      const json = JSON.stringify({ ops });
      if (bytes === undefined) return json;
      const pad = bytes - Buffer.byteLength(json);
      expect(pad).toBeGreaterThanOrEqual(0);
      return json.slice(0, -1) + " ".repeat(pad) + "}";
    };
    const largest = body();
    expect(Buffer.byteLength(largest)).toBeLessThan(SYNC_PUSH_MAX_BYTES);
    for (const json of [largest, body(SYNC_PUSH_MAX_BYTES)]) {
      const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { body: json });
      expect(res.status, `${Buffer.byteLength(json)} bytes`).toBe(200);
      expect(res.body.results.map((r) => r.status)).toEqual(Array(SYNC_MAX_OPS).fill("applied"));
    }
    const over = await t.call<{ error: { code: string } }>(user, "POST", "/api/sync/push", {
      body: body(SYNC_PUSH_MAX_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await habits(user)).toHaveLength(2 * SYNC_MAX_OPS);
  });

  it("answers 400 for a push that is not one", async () => {
    for (const json of [{}, { ops: "x" }, { ops: [{ type: "createHabit" }] }, { ops: [], extra: 1 }]) {
      const res = await t.call<{ error: { code: string } }>(alice, "POST", "/api/sync/push", { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const tooMany = Array.from({ length: 101 }, () => op.remove(randomUUID()));
    expect((await t.call(alice, "POST", "/api/sync/push", { json: { ops: tooMany } })).status).toBe(400);
    expect((await t.call(null, "POST", "/api/sync/push", { json: { ops: [] } })).status).toBe(401);
  });
});
