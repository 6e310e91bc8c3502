// Pull pages against a reference computed from the stored rows: where a page ends, which rows it carries, and how
// its days become ranges, for any limit, on both dialects (pull.repo.ts reads a page in one statement on
// PostgreSQL and joins days without sorting them).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { toDayRanges } from "../../core/day-ranges";
import { addDays } from "../../core/local-date";
import { kindOf, rulesOf, scheduleOf } from "../db/habit-columns";
import type { SyncHabit, SyncHabitDays, SyncOp, SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

type Rows = {
  upTo: number;
  habits: {
    id: string;
    name: string;
    created_at: string;
    updated_at: string;
    version: number;
    schedule: string | null;
    archived: number;
    position: number;
    emoji: string | null;
    kind: string;
    rules: string | null;
    step: number;
    group_id: string | null;
  }[];
  deleted: { id: string; version: number }[];
  days: {
    habit_id: string;
    date: string;
    done: number;
    version: number;
    value: number | null;
    note: string | null;
  }[];
  settings:
    | { day_start: number; vacations: string; version: number; week_start: number | null; groups: string }
    | undefined;
};

/** The page after `after` as the contract defines it (SyncPull), from every row of the user. */
function expectedPage(rows: Rows, after: number, limit: number): SyncPull {
  const inPage = (end: number) => (row: { version: number }) => row.version > after && row.version <= end;
  const byVersion = <T extends { version: number }>(list: T[]) =>
    [...list].sort((a, b) => a.version - b.version);
  const ends = [rows.habits, rows.deleted, rows.days]
    .map((source) => byVersion(source.filter(inPage(rows.upTo)))[limit - 1]?.version)
    .filter((end) => end !== undefined);
  const end = Math.max(after, ends.length > 0 ? Math.min(...ends) : rows.upTo);
  const days = rows.days.filter(inPage(end));
  const habits = byVersion(rows.habits.filter(inPage(end)));
  const sent = new Set(habits.map((h) => h.id));
  const extra = byVersion(
    rows.habits.filter((h) => !sent.has(h.id) && days.some((d) => d.habit_id === h.id)),
  );
  const completions: SyncHabitDays[] = [...new Set(days.map((d) => d.habit_id))].sort().map((habitId) => {
    const own = days.filter((d) => d.habit_id === habitId).sort((a, b) => (a.date < b.date ? -1 : 1));
    const of = (...codes: number[]) => own.filter((d) => codes.includes(d.done)).map((d) => d.date);
    return {
      habitId,
      done: toDayRanges(of(1)),
      skipped: toDayRanges(of(2)),
      // A day with only a number or a note (code 3) is neither done nor skipped.
      undone: toDayRanges(of(0, 3)),
      values: own.filter((d) => d.value !== null).map((d): [string, number] => [d.date, d.value!]),
      notes: own.filter((d) => d.note !== null).map((d): [string, string] => [d.date, d.note!]),
    };
  });
  const toSync = (h: Rows["habits"][number]): SyncHabit => ({
    id: h.id,
    name: h.name,
    createdAt: h.created_at,
    updatedAt: h.updated_at,
    schedule: scheduleOf(h.schedule),
    archived: h.archived === 1,
    position: h.position,
    emoji: h.emoji,
    kind: kindOf(h.kind),
    rules: rulesOf(h),
    step: h.step,
    groupId: h.group_id,
  });
  const settings = rows.settings;
  return {
    cursor: String(end),
    more: end < rows.upTo,
    habits: [...habits, ...extra].map(toSync),
    completions,
    deletedHabitIds: byVersion(rows.deleted.filter(inPage(end))).map((d) => d.id),
    // Settings when they changed after the cursor, and from the beginning always.
    ...(settings && (after === 0 || settings.version > after)
      ? {
          settings: {
            dayStart: settings.day_start,
            vacations: JSON.parse(settings.vacations),
            weekStart: settings.week_start as 0 | 1 | null,
            groups: JSON.parse(settings.groups),
          },
        }
      : after === 0 && { settings: { dayStart: 0, vacations: [], weekStart: null, groups: [] } }),
  };
}

describe.each(testDialects())("sync pull pages on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { transport: "in-process" });
  let user: TestUser;

  const rowsOf = async (userId: string): Promise<Rows> => {
    const { db } = t.running.database;
    const [state, habits, deleted, days, settings] = await Promise.all([
      db.selectFrom("sync_state").select("version").where("user_id", "=", userId).executeTakeFirst(),
      db
        .selectFrom("habits")
        .select([
          "id",
          "name",
          "created_at",
          "updated_at",
          "version",
          "schedule",
          "archived",
          "position",
          "emoji",
          "kind",
          "rules",
          "step",
          "group_id",
        ])
        .where("user_id", "=", userId)
        .execute(),
      db.selectFrom("deleted_habits").select(["id", "version"]).where("user_id", "=", userId).execute(),
      db
        .selectFrom("completions")
        .select(["habit_id", "date", "done", "version", "value", "note"])
        .where("user_id", "=", userId)
        .execute(),
      db
        .selectFrom("user_settings")
        .select(["day_start", "vacations", "version", "week_start", "groups"])
        .where("user_id", "=", userId)
        .executeTakeFirst(),
    ]);
    return {
      upTo: Number(state?.version ?? 0),
      habits: habits.map((h) => ({ ...h, version: Number(h.version) })),
      deleted: deleted.map((d) => ({ ...d, version: Number(d.version) })),
      days: days.map((d) => ({ ...d, version: Number(d.version) })),
      settings: settings && { ...settings, version: Number(settings.version) },
    };
  };

  const push = async (ops: SyncOp[]) => {
    for (let i = 0; i < ops.length; i += 100) {
      const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", {
        json: { ops: ops.slice(i, i + 100) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results.filter((r) => r.status === "rejected")).toEqual([]);
    }
  };

  /** Pushes ops with the server's clock on `date` (a push takes days within one day of today only). */
  const pushOn = async (date: string, ops: SyncOp[]) => {
    const shift = Date.parse(date) - Date.parse(TEST_DAY);
    t.clock.advance(shift);
    try {
      await push(ops);
    } finally {
      t.clock.advance(-shift);
    }
  };

  beforeAll(async () => {
    user = await t.signUp();
    // Days pushed out of order (so the database does not meet them in date order), runs that cross months,
    // unmarked and skipped days, renames and other habit changes after a habit's days, settings in the middle,
    // and a row of deletes, from a fixed seed.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const op = <T extends Omit<SyncOp, "opId">>(fields: T) => ({ opId: randomUUID(), ...fields }) as SyncOp;
    const ids = Array.from({ length: 8 }, () => randomUUID());
    await push(
      ids.map((habitId, i) =>
        op({ type: "createHabit", habitId, name: `Habit ${i}`, ...(i === 2 && { emoji: "🏃" }) }),
      ),
    );
    const byDay = new Map<string, SyncOp[]>();
    for (let i = 0; i < 400; i++) {
      const habitId = ids[Math.floor(random() * 4)]!;
      const date = addDays(TEST_DAY, -Math.floor(random() * 60));
      const roll = random();
      byDay.set(date, [
        ...(byDay.get(date) ?? []),
        roll < 0.15
          ? op({ type: "setDay", habitId, date, state: "skipped" })
          : op({ type: "setCompletion", habitId, date, done: roll > 0.3 }),
      ]);
    }
    // Numbers and notes: a measurable habit's days, notes on yes/no days, some taken away again.
    const water = randomUUID();
    const target = { atMost: false, amount: 2, per: "day", unit: "l" } as const;
    await push([
      op({
        type: "createHabit",
        habitId: water,
        name: "Water",
        kind: "measurable",
        rules: [{ from: addDays(TEST_DAY, -60), frequency: null, target }],
      }),
    ]);
    for (let i = 0; i < 60; i++) {
      const date = addDays(TEST_DAY, -((i * 7) % 60));
      const habitId = ids[i % 4]!;
      byDay.set(date, [
        ...(byDay.get(date) ?? []),
        op({ type: "setAmount", habitId: water, date, value: i % 5 === 0 ? null : i / 4 }),
        ...(i % 3 === 0 ? [op({ type: "setNote", habitId, date, note: `Day "${i}", fine` })] : []),
        ...(i % 9 === 0 ? [op({ type: "setNote", habitId, date, note: null })] : []),
        ...(i % 11 === 0 ? [op({ type: "setDay", habitId: water, date, state: "skipped" })] : []),
      ]);
    }
    const shuffled = [...byDay].sort(() => random() - 0.5);
    for (const [date, ops] of shuffled.slice(0, 30)) await pushOn(date, ops);
    await push([op({ type: "setSettings", dayStart: 120, vacations: [{ from: TEST_DAY, to: TEST_DAY }] })]);
    for (const [date, ops] of shuffled.slice(30)) await pushOn(date, ops);
    const last: SyncOp[] = [
      op({ type: "renameHabit", habitId: ids[1]!, name: "Renamed" }),
      op({ type: "updateHabit", habitId: ids[0]!, schedule: { weekdays: [1, 3, 5] }, archived: true }),
      op({ type: "moveHabit", habitId: ids[3]!, position: -2.5 }),
    ];
    for (const habitId of ids.slice(4, 8)) {
      last.push(op({ type: "setCompletion", habitId, date: TEST_DAY, done: true }));
      last.push(op({ type: "deleteHabit", habitId }));
    }
    await push(last);
    await pushOn(addDays(TEST_DAY, -70), [
      op({ type: "setCompletion", habitId: ids[0]!, date: addDays(TEST_DAY, -70), done: true }),
    ]);
  });

  it("ends each page where the reference does and carries the same rows, days and ranges, for any limit", async () => {
    const rows = await rowsOf(user.id);
    expect(rows.days.some((d) => d.done === 0)).toBe(true);
    expect(rows.days.some((d) => d.done === 2)).toBe(true);
    expect(rows.settings?.version).toBeGreaterThan(1);
    expect(rows.days.some((d) => d.done === 3 && d.value !== null)).toBe(true);
    expect(rows.days.some((d) => d.done === 1 && d.note !== null)).toBe(true);
    // Some habit's days are stored out of date order by version: the page must sort them.
    const byVersion = [...rows.days].sort((a, b) => a.version - b.version);
    expect(
      byVersion.some(
        (d, i) => i > 0 && d.habit_id === byVersion[i - 1]!.habit_id && d.date < byVersion[i - 1]!.date,
      ),
    ).toBe(true);
    for (const limit of [2, 7, 50, 20000]) {
      let pages = 0;
      for (let after = 0, more = true; more; pages++) {
        const res = await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${after || ""}&limit=${limit}`);
        expect(res.status).toBe(200);
        expect(res.body, `limit ${limit}, after ${after}`).toEqual(expectedPage(rows, after, limit));
        expect(JSON.stringify(res.body)).toBe(JSON.stringify(expectedPage(rows, after, limit)));
        [after, more] = [Number(res.body.cursor), res.body.more];
      }
      expect(pages, `limit ${limit}`).toBeGreaterThan(limit < 50 ? 10 : 0);
    }
  });

  it("answers from a cursor in the middle of the history, and at the counter", async () => {
    const rows = await rowsOf(user.id);
    for (const after of [1, Math.floor(rows.upTo / 2), rows.upTo - 1, rows.upTo])
      for (const limit of [1, 5]) {
        const res = await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${after}&limit=${limit}`);
        expect(res.body, `limit ${limit}, after ${after}`).toEqual(expectedPage(rows, after, limit));
      }
  });
});
