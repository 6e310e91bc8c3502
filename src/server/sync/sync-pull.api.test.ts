import { beforeAll, describe, expect, it } from "vitest";
import { expandDayRanges } from "../../core/day-ranges";
import { addDays } from "../../core/local-date";
import { SYNC_DEFAULT_LIMIT, SYNC_MAX_LIMIT, type SyncPull } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

const YESTERDAY = addDays(TEST_DAY, -1);

describe.each(testDialects())("sync pull on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  const pull = async (user: TestUser, cursor = "", limit?: number) => {
    const query = `cursor=${cursor}${limit ? `&limit=${limit}` : ""}`;
    const res = await t.call<SyncPull>(user, "GET", `/api/sync?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Every page from `cursor` on, merged the way a device applies them. */
  const pullAll = async (user: TestUser, cursor = "", limit?: number) => {
    const habits = new Map<string, string>();
    const done = new Map<string, Set<string>>();
    const deleted: string[] = [];
    let pages = 0;
    for (let page: SyncPull | undefined; !page || page.more; pages++) {
      page = await pull(user, page?.cursor ?? cursor, limit);
      for (const h of page.habits) habits.set(h.id, h.name);
      for (const d of page.completions) {
        const set = done.get(d.habitId) ?? new Set();
        for (const day of expandDayRanges(d.done)) set.add(day);
        for (const day of expandDayRanges(d.undone)) set.delete(day);
        done.set(d.habitId, set);
      }
      for (const id of page.deletedHabitIds) {
        habits.delete(id);
        done.delete(id);
        deleted.push(id);
      }
      cursor = page.cursor;
    }
    return { habits, done, deleted, cursor, pages };
  };

  it("reads the web app's query form and every other form alike, and refuses the same bad ones", async () => {
    const user = await t.signUp();
    for (const name of ["A", "B", "C"]) await t.call(user, "POST", "/api/habits", { json: { name } });
    const get = async (query: string) => {
      const res = await t.call<SyncPull>(user, "GET", `/api/sync?${query}`);
      return { status: res.status, body: res.body };
    };
    // The same request written as the web app writes it (read by one pattern) and otherwise (read by the schema).
    const pairs = [
      ["cursor=0&limit=2", "limit=2&cursor=0"],
      ["cursor=0", `limit=${SYNC_DEFAULT_LIMIT}&cursor=0`],
      ["cursor=000&limit=0002", "limit=2&cursor="],
    ];
    for (const [plain, other] of pairs) {
      const [a, b] = [await get(plain!), await get(other!)];
      expect(a.status, plain).toBe(200);
      expect(a, `${plain} / ${other}`).toEqual(b);
    }
    const first = (await get("cursor=0&limit=2")).body;
    expect(first.habits).toHaveLength(2);
    expect(first.more).toBe(true);
    const current = (await get(`cursor=${first.cursor}`)).body.cursor;
    expect(await get(`cursor=${current}&limit=500`)).toEqual(await get(`limit=500&cursor=${current}`));
    for (const bad of [
      "cursor=5&limit=0",
      `cursor=5&limit=${SYNC_MAX_LIMIT + 1}`,
      "cursor=1234567890123456",
      "cursor=-1",
      "cursor=1&x=2",
    ]) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      expect((res.body as unknown as { error: { code: string } }).error.code, bad).toBe("VALIDATION_FAILED");
    }
  });

  it("starts empty, then sends what changed since the cursor, and a device in sync gets a few bytes", async () => {
    const bob = await t.signUp();
    const empty = await pull(bob);
    const settings = { dayStart: 0, vacations: [], weekStart: null, groups: [] };
    const nothing = { cursor: "0", more: false, habits: [], completions: [], deletedHabitIds: [] };
    // A pull from the beginning always carries the settings, the defaults before any were set.
    expect(empty).toEqual({ ...nothing, settings });

    const { body: read } = await t.call<{ id: string }>(bob, "POST", "/api/habits", {
      json: { name: "Read" },
    });
    await t.call(bob, "PUT", `/api/habits/${read.id}/completions/${TEST_DAY}`);
    const first = await pull(bob);
    expect(first.habits.map((h) => h.name)).toEqual(["Read"]);
    expect(first.completions).toEqual([
      { habitId: read.id, done: [TEST_DAY], skipped: [], undone: [], values: [], notes: [] },
    ]);

    await t.call(bob, "PATCH", `/api/habits/${read.id}`, { json: { name: "Read more" } });
    const next = await pull(bob, first.cursor);
    expect(next.habits.map((h) => h.name)).toEqual(["Read more"]);
    expect(next.completions).toEqual([]);

    const res = await t.call<SyncPull>(bob, "GET", `/api/sync?cursor=${next.cursor}`);
    expect(res.body).toEqual({ ...nothing, cursor: next.cursor });
    expect(JSON.stringify(res.body).length).toBeLessThan(100);
  });

  it("sends tombstones for deleted habits and unmarked days", async () => {
    const { body: a } = await t.call<{ id: string }>(alice, "POST", "/api/habits", { json: { name: "A" } });
    const { body: b } = await t.call<{ id: string }>(alice, "POST", "/api/habits", { json: { name: "B" } });
    await t.call(alice, "PUT", `/api/habits/${a.id}/completions/${YESTERDAY}`);
    await t.call(alice, "PUT", `/api/habits/${a.id}/completions/${TEST_DAY}`);
    await t.call(alice, "PUT", `/api/habits/${b.id}/completions/${TEST_DAY}`);
    const synced = await pull(alice);
    expect(synced.completions).toContainEqual({
      habitId: a.id,
      done: [`${YESTERDAY}/${TEST_DAY}`],
      skipped: [],
      undone: [],
      values: [],
      notes: [],
    });

    await t.call(alice, "DELETE", `/api/habits/${a.id}/completions/${TEST_DAY}`);
    await t.call(alice, "DELETE", `/api/habits/${b.id}`);
    const later = await pull(alice, synced.cursor);
    expect(later.deletedHabitIds).toEqual([b.id]);
    expect(later.completions).toEqual([
      { habitId: a.id, done: [], skipped: [], undone: [TEST_DAY], values: [], notes: [] },
    ]);
    const all = await pullAll(alice);
    expect([...all.habits.values()]).toEqual(["A"]);
    expect([...all.done.get(a.id)!]).toEqual([YESTERDAY]);
  });

  it("pages with `more`, and the pages add up to the whole account", async () => {
    const carol = await t.signUp();
    const backup = Array.from({ length: 5 }, (_, i) => ({
      name: `Habit ${i}`,
      completedDates: Array.from({ length: 40 }, (_, d) => addDays(TEST_DAY, -d * (i + 1))),
    }));
    expect((await t.call(carol, "PUT", "/api/habits", { json: backup })).status).toBe(200);
    const { body: list } = await t.call<{ id: string }[]>(carol, "GET", "/api/habits");
    await t.call(carol, "PATCH", `/api/habits/${list[4]!.id}`, { json: { name: "Renamed" } });

    const first = await pull(carol, "", 30);
    expect(first.more).toBe(true);
    // Every day's habit is in the same page or an earlier one, even when its row changed later.
    const known = new Set(first.habits.map((h) => h.id));
    for (const d of first.completions) expect(known.has(d.habitId)).toBe(true);
    const paged = await pullAll(carol, "", 30);
    expect(paged.pages).toBeGreaterThan(6);
    const whole = await pullAll(carol);
    expect(whole.pages).toBe(1);
    expect(paged.habits).toEqual(whole.habits);
    expect(paged.done).toEqual(whole.done);
    expect([...whole.habits.values()].sort()).toEqual([
      "Habit 0",
      "Habit 1",
      "Habit 2",
      "Habit 3",
      "Renamed",
    ]);
    for (const h of list) expect(whole.done.get(h.id)?.size).toBe(40);

    // An import replaces everything: the old habits come back as tombstones.
    await t.call(carol, "PUT", "/api/habits", { json: [{ name: "Only", completedDates: [] }] });
    const after = await pullAll(carol, paged.cursor, 30);
    expect(after.deleted.sort()).toEqual(list.map((h) => h.id).sort());
    expect([...after.habits.values()]).toEqual(["Only"]);
  });

  it("answers 400 for a cursor or limit that is not one", async () => {
    for (const query of ["cursor=abc", "limit=0", "limit=999999", "cursor=1&other=2"]) {
      const res = await t.call<{ error: { code: string } }>(alice, "GET", `/api/sync?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await t.call(null, "GET", "/api/sync")).status).toBe(401);
  });
});
