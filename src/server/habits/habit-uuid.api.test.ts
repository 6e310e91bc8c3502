// A habit's Loop uuid (core/habit-uuid.ts, docs/decisions/0071) on both dialects: migration 0016 gives every habit
// its id without hyphens; a habit made by a push, the REST create or an import gets one, keeps it, and carries it
// in the pull, the list and the backup; a malformed or repeated uuid is refused or replaced.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Habit } from "../../core/habit";
import type { SyncOp, SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { buildOldDatabase } from "../../../test/support/old-database";
import { pinnedClock, startTestServer } from "../../../test/support/test-server";
import { useTestServer, type TestUser } from "../../../test/support/api-server";

const LOOP_UUID = "0123456789abcdef0123456789abcdef";
// Loop's upgrade to its version 24 gave older habits hex(randomblob(16) || id): here the id 12.
const LOOP_OLD_UUID = `${"9f".repeat(16)}3132`;

describe.each(testDialects())("migration 0016 (habit uuid) on $dialect", (dialect) => {
  it("gives every habit its id without hyphens", async () => {
    const database = await dialect.create();
    try {
      const id = randomUUID();
      const { accounts } = await buildOldDatabase(database.url, "0014_habit_kinds", async (db, [user]) => {
        const at = "2026-01-05T10:00:00.000Z";
        await db
          .insertInto("habits")
          .values({ id, user_id: user!.id, name: "Read", created_at: at, updated_at: at, version: 1 })
          .execute();
        await db.insertInto("sync_state").values({ user_id: user!.id, version: 1 }).execute();
      });
      const t = await startTestServer({ databaseUrl: database.url, clock: pinnedClock() });
      try {
        const account = accounts[0]!;
        const user = await t.post("/sign-in/email", { email: account.email, password: account.password });
        const pull = (await t.call<SyncPull>(user, "GET", "/api/sync")).body;
        expect(pull.habits.map((h) => h.uuid)).toEqual([id.replaceAll("-", "")]);
        const row = await t
          .running()
          .database.db.selectFrom("habits")
          .select("uuid")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        expect(row.uuid).toBe(id.replaceAll("-", ""));
      } finally {
        await t.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe.each(testDialects())("a habit's uuid on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  const push = async (user: TestUser, ops: SyncOp[]) => {
    const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results;
  };
  const create = (habitId: string, uuid?: string): SyncOp => ({
    opId: randomUUID(),
    type: "createHabit",
    habitId,
    name: `Habit ${habitId.slice(0, 8)}`,
    ...(uuid !== undefined && { uuid }),
  });
  const uuids = async (user: TestUser) => {
    const pulled = (await t.call<SyncPull>(user, "GET", "/api/sync")).body.habits;
    const listed = (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
    const byId = new Map(listed.map((h) => [h.id, h.uuid]));
    // The pull and the list agree.
    for (const h of pulled) expect(byId.get(h.id)).toBe(h.uuid);
    return new Map(pulled.map((h) => [h.id, h.uuid]));
  };

  it("keeps a pushed uuid, makes one from the id without it, and never changes it", async () => {
    const user = await t.signUp();
    const [a, b] = [randomUUID(), randomUUID()];
    expect((await push(user, [create(a, LOOP_UUID), create(b)])).map((r) => r.status)).toEqual([
      "applied",
      "applied",
    ]);
    await push(user, [
      { opId: randomUUID(), type: "renameHabit", habitId: a, name: "Renamed" },
      { opId: randomUUID(), type: "updateHabit", habitId: a, archived: true },
    ]);
    const made = await uuids(user);
    expect(made.get(a)).toBe(LOOP_UUID);
    expect(made.get(b)).toBe(b.replaceAll("-", ""));
  });

  it.each([
    ["with capitals", LOOP_UUID.toUpperCase()],
    ["with hyphens", "01234567-89ab-cdef-0123-456789abcdef"],
    ["too short", LOOP_UUID.slice(1)],
    ["not hex", `${LOOP_UUID.slice(0, 31)}g`],
  ])("refuses a uuid %s, saying what a uuid is", async (_label, uuid) => {
    const [result] = await push(alice, [create(randomUUID(), uuid)]);
    expect(result).toMatchObject({ status: "rejected", code: "VALIDATION_FAILED" });
    expect(result).toHaveProperty("message", expect.stringContaining("32 lowercase hexadecimal characters"));
  });

  it("refuses a second habit of the user with the same uuid; another user may have it", async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    await push(user, [create(randomUUID(), LOOP_UUID)]);
    const [again] = await push(user, [create(randomUUID(), LOOP_UUID)]);
    expect(again).toMatchObject({ status: "rejected", code: "CONFLICT" });
    expect((await push(other, [create(randomUUID(), LOOP_UUID)]))[0]!.status).toBe("applied");
  });

  it("gives a REST-made habit its id without hyphens", async () => {
    const res = await t.call<Habit>(alice, "POST", "/api/habits", { json: { name: "Made by REST" } });
    expect(res.status).toBe(201);
    expect(res.body.uuid).toBe(res.body.id.replaceAll("-", ""));
    expect((await uuids(alice)).get(res.body.id)).toBe(res.body.uuid);
  });

  it("keeps an import's uuids (Loop's long ones too), making its own for one absent or taken twice", async () => {
    const user = await t.signUp();
    const item = (name: string, uuid?: string) => ({ name, completedDates: [], ...(uuid && { uuid }) });
    const put = await t.call<Habit[]>(user, "PUT", "/api/habits", {
      json: [item("A", LOOP_UUID), item("B", LOOP_OLD_UUID), item("C"), item("D", LOOP_UUID)],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const byName = new Map(put.body.map((h) => [h.name, h]));
    expect(byName.get("A")!.uuid).toBe(LOOP_UUID);
    expect(byName.get("B")!.uuid).toBe(LOOP_OLD_UUID);
    expect(byName.get("C")!.uuid).toBe(byName.get("C")!.id.replaceAll("-", ""));
    expect(byName.get("D")!.uuid).toBe(byName.get("D")!.id.replaceAll("-", ""));
    // Added again: the uuids the user has are not taken twice.
    const added = await t.call<Habit[]>(user, "POST", "/api/habits/import", {
      json: [item("E", LOOP_UUID), item("F", "fedcba9876543210fedcba9876543210")],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = new Map(added.body.map((h) => [h.name, h]));
    expect(after.get("E")!.uuid).toBe(after.get("E")!.id.replaceAll("-", ""));
    expect(after.get("F")!.uuid).toBe("fedcba9876543210fedcba9876543210");
    expect(new Set((await uuids(user)).values()).size).toBe(6);
  });

  it("refuses an import whose uuid is malformed, naming the item and the field", async () => {
    const res = await t.call<{ error: { message: string } }>(alice, "PUT", "/api/habits", {
      json: [{ name: "A", completedDates: [], uuid: "not-a-uuid" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/uuid: must be a Loop uuid: 32 lowercase hexadecimal/);
  });
});
