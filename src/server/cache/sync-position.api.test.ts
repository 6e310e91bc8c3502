// The kept sync position (docs/decisions/0059-server-read-path.md): on SQLite a user's position is read once and
// kept until a write request of theirs in this process ends or POSITION_CACHE_MS passes; on PostgreSQL every call
// reads the database.
import { afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { pinnedClock, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { setCompletion } from "../habits/habits.repo";
import { forgetPosition, POSITION_CACHE_MS, syncPosition } from "./sync-position.repo";
import type { Habit } from "../../core/habit";
import type { SyncPull } from "../../core/sync";

const LIMITS = { maxHabits: 1000, maxDays: 100_000, writeRateMax: 1000 } as never;

describe.each(testDialects())("the sync position on $dialect", (dialect) => {
  const clock = pinnedClock();
  const t = useTestServer(dialect, clock, { transport: "in-process" });
  const kept = dialect.dialect === "sqlite";
  let user: TestUser;
  let habitId: string;
  beforeAll(async () => {
    user = await t.signUp();
    habitId = (await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "Kept" } })).body.id;
  });
  const db = () => t.running.database.db;
  let spy: MockInstance | undefined;
  afterEach(() => {
    spy?.mockRestore();
    spy = undefined;
  });
  /** Counts the statements the database runs from here on. */
  const countQueries = () => {
    const calls = (spy = vi.spyOn(db(), "executeQuery")).mock.calls;
    return () => calls.length;
  };
  const outsideWrite = (done: boolean) =>
    setCompletion(db(), user.id, habitId, TEST_DAY, done, clock.now(), LIMITS);

  it("reads a position once and answers it again without a query within POSITION_CACHE_MS (SQLite only)", async () => {
    const now = clock.now().getTime();
    forgetPosition(db(), user.id);
    const queries = countQueries();
    const first = await syncPosition(db(), user.id, now);
    expect(first.current).toBeGreaterThan(0);
    expect(queries()).toBe(1);
    expect(await syncPosition(db(), user.id, now + POSITION_CACHE_MS - 1)).toEqual(first);
    expect(queries()).toBe(kept ? 1 : 2);
    // Past the bound, or on a clock that went back, it is read again.
    await syncPosition(db(), user.id, now + POSITION_CACHE_MS);
    await syncPosition(db(), user.id, now - 1);
    expect(queries()).toBe(kept ? 3 : 4);
  });

  it("reads the database again after forgetPosition, and sees the write made meanwhile", async () => {
    const now = clock.now().getTime();
    const before = await syncPosition(db(), user.id, now);
    await outsideWrite(true);
    forgetPosition(db(), user.id);
    expect((await syncPosition(db(), user.id, now)).current).toBeGreaterThan(before.current);
  });

  it("does not keep a position whose read began before a forget", async () => {
    const now = clock.now().getTime();
    forgetPosition(db(), user.id);
    const original = db().executeQuery.bind(db());
    // A write of the user commits and is forgotten while the read is under way (its answer waits for a WAL sync).
    spy = vi.spyOn(db(), "executeQuery").mockImplementationOnce(async (query) => {
      const result = await original(query);
      await outsideWrite(false);
      forgetPosition(db(), user.id);
      return result;
    });
    const stale = await syncPosition(db(), user.id, now);
    const fresh = await syncPosition(db(), user.id, now);
    expect(fresh.current).toBeGreaterThan(stale.current);
  });

  it("forgets the position when a write request of the user ends, so the next in-sync pull has the change", async () => {
    const sync = async (cursor: string) =>
      (await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${cursor}`)).body;
    let cursor = "0";
    for (let page = await sync(cursor); ; page = await sync(cursor)) {
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect((await sync(cursor)).cursor).toBe(cursor); // in sync: the position is now kept
    const marked = await t.call(user, "PUT", `/api/habits/${habitId}/completions/${TEST_DAY}`);
    expect(marked.status).toBeLessThan(300);
    const changed = await sync(cursor); // same clock: only the forget makes this read the database
    expect(Number(changed.cursor)).toBeGreaterThan(Number(cursor));
    expect(changed.completions).toEqual([
      expect.objectContaining({ habitId, done: [expect.stringContaining(TEST_DAY)] }),
    ]);
  });

  it("forgets the position even when the write request fails", async () => {
    const now = clock.now().getTime();
    await syncPosition(db(), user.id, now);
    const queries = countQueries();
    const bad = await t.call(user, "PUT", `/api/habits/${habitId}/completions/not-a-day`);
    expect(bad.status).toBe(400);
    await syncPosition(db(), user.id, now);
    expect(queries()).toBe(1);
  });
});
