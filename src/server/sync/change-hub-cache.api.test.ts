// The one cache (docs/decisions/0059-server-read-path.md): on SQLite a user's position is read once and kept until
// a write request of theirs in this process ends or POSITION_CACHE_MS passes; on PostgreSQL every call reads the
// database. The list's answer is kept in the same entry, dropped with it, and within one bound.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { pinnedClock, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { setCompletion } from "../habits/habits.repo";
import { createUserCache, ENTRY_BYTES, POSITION_CACHE_MS, type UserCache } from "./change-hub";
import type { Habit } from "../../core/habit";
import type { SyncPull } from "../../core/sync";

const LIMITS = { maxHabits: 1000, maxDays: 100_000, writeRateMax: 1000 } as never;

describe.each(testDialects())("the user cache on $dialect", (dialect) => {
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
  /** A cache of its own on the server's database, for the checks made here without a request. */
  let cache: UserCache;
  beforeEach(() => {
    cache = createUserCache(db(), 1024 * 1024);
  });
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
    cache.forget(user.id);
    const queries = countQueries();
    const first = await cache.position(user.id, now);
    expect(first.current).toBeGreaterThan(0);
    expect(queries()).toBe(1);
    expect(await cache.position(user.id, now + POSITION_CACHE_MS - 1)).toEqual(first);
    expect(queries()).toBe(kept ? 1 : 2);
    // Past the bound, or on a clock that went back, it is read again.
    await cache.position(user.id, now + POSITION_CACHE_MS);
    await cache.position(user.id, now - 1);
    expect(queries()).toBe(kept ? 3 : 4);
  });

  it("reads the database again after a forget, and sees the write made meanwhile", async () => {
    const now = clock.now().getTime();
    const before = await cache.position(user.id, now);
    await outsideWrite(true);
    cache.forget(user.id);
    expect((await cache.position(user.id, now)).current).toBeGreaterThan(before.current);
  });

  it("does not keep a position whose read began before a forget", async () => {
    const now = clock.now().getTime();
    cache.forget(user.id);
    const original = db().executeQuery.bind(db());
    // A write of the user commits and is forgotten while the read is under way (its answer waits for a WAL sync).
    spy = vi.spyOn(db(), "executeQuery").mockImplementationOnce(async (query) => {
      const result = await original(query);
      await outsideWrite(false);
      cache.forget(user.id);
      return result;
    });
    const stale = await cache.position(user.id, now);
    const fresh = await cache.position(user.id, now);
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
    const sync = (cursor: string) => t.call<SyncPull>(user, "GET", `/api/sync?cursor=${cursor}`);
    clock.advance(POSITION_CACHE_MS); // whatever an earlier test left kept is past its bound
    let cursor = "0";
    for (let page = (await sync(cursor)).body; ; page = (await sync(cursor)).body) {
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect((await sync(cursor)).body.cursor).toBe(cursor); // in sync: the position is now kept
    const bad = await t.call(user, "PUT", `/api/habits/${habitId}/completions/not-a-day`);
    expect(bad.status).toBe(400);
    const calls = (spy = vi.spyOn(db(), "executeQuery")).mock.calls;
    expect((await sync(cursor)).body.cursor).toBe(cursor);
    const positionReads = calls.filter(
      ([query]) => "sql" in query && query.sql.includes('from "sync_state"'),
    );
    expect(positionReads).toHaveLength(1); // read again: none on SQLite had it been kept
  });

  it("keeps the list's answer in the user's entry while the counter holds, and drops it with the entry", async () => {
    const now = clock.now().getTime();
    const { current } = await cache.position(user.id, now);
    const kept = cache.keepAnswer(user.id, current, TEST_DAY, "[1]");
    expect(cache.answer(user.id, current, TEST_DAY)).toBe(kept);
    expect(cache.answer(user.id, current + 1, TEST_DAY)).toBeUndefined();
    expect(cache.answer(user.id, current, "2000-01-01")).toBeUndefined();
    expect(cache.bytes()).toBe(ENTRY_BYTES + 3);
    cache.forget(user.id);
    expect(cache.answer(user.id, current, TEST_DAY)).toBeUndefined();
    expect(cache.bytes()).toBe(0);
  });

  it("holds its entries, answers included, within its bound, the least recently used user going first", async () => {
    const small = createUserCache(db(), 3 * ENTRY_BYTES + 30);
    small.keepAnswer("a", 1, TEST_DAY, "x".repeat(10));
    small.keepAnswer("b", 1, TEST_DAY, "x".repeat(10));
    expect(small.answer("a", 1, TEST_DAY)).toBeDefined(); // a is now the most recently used
    small.keepAnswer("c", 1, TEST_DAY, "x".repeat(20));
    expect(small.bytes()).toBeLessThanOrEqual(3 * ENTRY_BYTES + 30);
    expect(small.answer("b", 1, TEST_DAY)).toBeUndefined();
    expect(small.answer("a", 1, TEST_DAY)).toBeDefined();
    expect(small.answer("c", 1, TEST_DAY)).toBeDefined();
    // An answer larger than the whole bound is sent, not kept.
    expect(small.keepAnswer("d", 1, TEST_DAY, "x".repeat(4 * ENTRY_BYTES)).size).toBe(4 * ENTRY_BYTES);
    expect(small.answer("d", 1, TEST_DAY)).toBeUndefined();
  });
});
