// The read path's kept answers and sessions (docs/decisions/0059-server-read-path.md): a change made through this
// process's routes shows at once, one made outside them at once on PostgreSQL and within POSITION_CACHE_MS on
// SQLite; sign-out ends a session at once in this process, a disabled account is refused within SESSION_CACHE_MS.
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { pinnedClock, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { setCompletion } from "../habits/habits.repo";
import { SESSION_CACHE_MS } from "../auth/session-lookup";
import { POSITION_CACHE_MS } from "./change-hub";
import { addDays } from "../../core/local-date";
import type { Habit } from "../../core/habit";
import type { SyncPull } from "../../core/sync";

const DAY = 24 * 60 * 60 * 1000;
const LIMITS = { maxHabits: 1000, maxDays: 100_000, writeRateMax: 1000 } as never;

describe.each(testDialects())("the read path on $dialect", (dialect) => {
  const clock = pinnedClock();
  const t = useTestServer(dialect, clock, { transport: "in-process" });
  let user: TestUser;
  let habitId: string;
  beforeAll(async () => {
    user = await t.signUp();
    habitId = (await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "Read" } })).body.id;
  });
  const list = async (headers: Record<string, string> = {}) =>
    (await t.call<Habit[]>(user, "GET", "/api/habits", { headers })).body;
  const pull = async (cursor: string) =>
    (await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${cursor}`)).body;

  /**
   * A write made outside this process's write routes shows on the next read on PostgreSQL, and within
   * POSITION_CACHE_MS on SQLite, whose process keeps positions between its own writes (decision 0059).
   */
  const afterOutsideWrite = () => {
    if (dialect.dialect === "sqlite") clock.advance(POSITION_CACHE_MS);
  };

  it("shows a write made outside this server's routes (another process) on the next list", async () => {
    expect((await list())[0]).toMatchObject({ id: habitId, completedToday: false });
    expect((await list())[0]).toMatchObject({ completedToday: false }); // kept
    // As another server process would: the write moves the user's change counter in the shared database.
    await setCompletion(t.running.database.db, user.id, habitId, TEST_DAY, true, clock.now(), LIMITS);
    afterOutsideWrite();
    expect((await list())[0]).toMatchObject({ completedToday: true, streakCount: 1 });
  });

  it("shows a push from another device on the next list", async () => {
    const before = (await list())[0]!;
    const yesterday = addDays(TEST_DAY, -1);
    const pushed = await t.call(user, "POST", "/api/sync/push", {
      json: { ops: [{ opId: crypto.randomUUID(), type: "setDay", habitId, date: yesterday, state: "done" }] },
    });
    expect(pushed.status).toBe(200);
    const after = (await list())[0]!;
    expect(after.completedDates).toEqual([...before.completedDates, yesterday].sort());
    expect(after.streakCount).toBe(2);
  });

  it("derives the figures again when the user's day changes", async () => {
    expect((await list({ "x-local-date": TEST_DAY }))[0]).toMatchObject({
      completedToday: true,
      streakCount: 2,
    });
    const tomorrow = addDays(TEST_DAY, 1);
    clock.advance(DAY);
    try {
      const next = (await list({ "x-local-date": tomorrow }))[0]!;
      expect(next.completedToday).toBe(false);
      clock.advance(DAY);
      expect((await list())[0]).toMatchObject({ completedToday: false, streakCount: 0 });
    } finally {
      clock.advance(-2 * DAY);
    }
  });

  it("sends the kept list gzipped to a client that takes gzip, the same JSON as to one that does not", async () => {
    for (let i = 0; i < 10; i++) await t.call(user, "POST", "/api/habits", { json: { name: `More ${i}` } });
    const plain = await t.call<Habit[]>(user, "GET", "/api/habits");
    const zipped = await t.running.app.request("http://localhost/api/habits", {
      headers: { cookie: user.cookie, "accept-encoding": "gzip, br" },
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    const body = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8")) as unknown;
    expect(body).toEqual(plain.body);
  });

  it("answers an in-sync pull as a full pull would, and a later write's pull with the change", async () => {
    let cursor = "0";
    for (;;) {
      const page = await pull(cursor);
      cursor = page.cursor;
      if (!page.more) break;
    }
    const res = await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${cursor}`);
    expect(res.body).toEqual({ cursor, more: false, habits: [], completions: [], deletedHabitIds: [] });
    expect(res.headers.get("content-encoding")).toBeNull();
    await setCompletion(t.running.database.db, user.id, habitId, TEST_DAY, false, clock.now(), LIMITS);
    afterOutsideWrite();
    const changed = await pull(cursor);
    expect(Number(changed.cursor)).toBeGreaterThan(Number(cursor));
    expect(changed.completions).toEqual([
      expect.objectContaining({ habitId, undone: [expect.stringContaining(TEST_DAY)] }),
    ]);
    // A cursor ahead of the counter (a restored database) is still answered with a reset.
    expect((await pull(String(Number(changed.cursor) + 5))).reset).toBe(true);
  });

  it("ends a signed-out session at once", async () => {
    const other = await t.signUp();
    expect((await t.call(other, "GET", "/api/profile")).status).toBe(200); // the session is now kept
    const out = await t.call(other, "POST", "/api/auth/sign-out", {
      json: {},
      headers: { origin: t.running.url },
    });
    expect(out.status).toBeLessThan(400);
    expect((await t.call(other, "GET", "/api/profile")).status).toBe(401);
    expect((await t.call(other, "GET", "/api/habits")).status).toBe(401);
  });

  it("refuses a disabled account within SESSION_CACHE_MS, even when disabled by another process", async () => {
    const other = await t.signUp();
    expect((await t.call(other, "GET", "/api/profile")).status).toBe(200);
    // As `npm run user disable` does from its own process: the row changes, this process is not told.
    await t.running.database.db
      .updateTable("user")
      .set({ banned: dialect.dialect === "sqlite" ? 1 : true })
      .where("id", "=", other.id)
      .execute();
    clock.advance(SESSION_CACHE_MS);
    expect((await t.call(other, "GET", "/api/profile")).status).toBe(401);
    expect((await t.call(other, "GET", "/api/sync?cursor=1")).status).toBe(401);
  });
});
