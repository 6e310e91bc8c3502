// The REST mark on this thread's SQLite writer (mark-now.repo.ts) answers from the habit's kept days while the
// habit's row keeps the version they were kept at, even when the user's other habits changed meanwhile; once the
// habit's own days change elsewhere it reads them again. list-days.api.test.ts checks every answer against the
// database over random writes; this one checks that the days are not read when they need not be.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedClock, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { testDialects } from "../../../test/support/databases";
import { addDays, type LocalDate } from "../../core/local-date";
import type { Habit } from "../../core/habit";
import { connectSqlite } from "../db/database";
import { DAY_DONE } from "../db/schema";
import type { SyncSql } from "../db/sqlite-writer";
import { pushDaysNow } from "../sync/push-days.repo";
import { datesOfHabits, type KeptEntry } from "./habit-dates.repo";
import { markNow } from "./mark-now.repo";

const sqlite = testDialects().find((d) => d.dialect === "sqlite")!;
const limits = { maxHabits: 50, maxDays: 100_000, writeRateMax: 1000 } as never;
const YESTERDAY = addDays(TEST_DAY, -1);

describe("the REST mark's kept days on SQLite", () => {
  const clock = pinnedClock();
  const t = useTestServer(sqlite, clock);
  let user: TestUser;
  let a: string;
  let b: string;
  /** A connection of the test's own: better-sqlite3, or node:sqlite on a Node where its addon does not load. */
  let conn: ReturnType<typeof connectSqlite>;
  /** Every statement the marks run, on a connection of the test's own. */
  const statements: string[] = [];
  const sql: SyncSql = {
    all: <R>(text: string, parameters: readonly unknown[]) => {
      statements.push(text);
      return conn.prepare(text).all(parameters) as R[];
    },
    run: (text, parameters) => {
      statements.push(text);
      return Number(conn.prepare(text).run(parameters).changes);
    },
  };
  const readDays = () => statements.filter((s) => s.includes("group_concat")).length;
  /** One mark in a transaction of its own, as the group commit runs it; its entry is what setCompletion keeps. */
  const mark = (id: string, date: LocalDate, done: boolean, kept: KeptEntry | undefined) => {
    conn.exec("begin immediate");
    try {
      const marked = markNow(sql, { userId: user.id, id, date, done, now: clock.now(), limits }, kept)!;
      conn.exec("commit");
      return {
        dates: marked.dates,
        entry: { counter: marked.counter, habitVersion: Number(marked.row.version), dates: marked.dates },
      };
    } catch (error) {
      conn.exec("rollback");
      throw error;
    }
  };
  const fresh = async (id: string) => (await datesOfHabits(t.running.database.db, [id])).get(id);

  beforeAll(async () => {
    user = await t.signUp();
    a = (await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "A" } })).body.id;
    b = (await t.call<Habit>(user, "POST", "/api/habits", { json: { name: "B" } })).body.id;
    expect((await t.call(user, "PUT", `/api/habits/${a}/completions/${addDays(TEST_DAY, -3)}`)).status).toBe(
      200,
    );
    conn = connectSqlite(t.config.databaseUrl.replace(/^sqlite:/, ""));
    conn.exec("pragma busy_timeout = 5000");
  });
  afterAll(() => conn?.close());

  it("answers from the kept days after another habit's mark moved the counter", async () => {
    const first = mark(a, YESTERDAY, true, undefined);
    expect(readDays()).toBe(1); // nothing kept yet
    mark(b, TEST_DAY, true, undefined); // the user's counter moves; habit A's row does not
    statements.length = 0;
    const again = mark(a, TEST_DAY, true, first.entry);
    expect(readDays()).toBe(0);
    expect(again.dates).toEqual(await fresh(a));
  });

  it("reads the days again once the habit's own days changed elsewhere", async () => {
    const kept = mark(a, YESTERDAY, false, undefined).entry;
    // A push from another device sets one of A's days: its row takes a new version.
    conn.exec("begin immediate");
    pushDaysNow(
      sql,
      user.id,
      [{ opId: crypto.randomUUID(), habitId: a, date: addDays(TEST_DAY, -2), state: DAY_DONE }],
      {
        now: clock.now(),
        limits,
        latest: TEST_DAY,
      },
    );
    conn.exec("commit");
    statements.length = 0;
    const after = mark(a, YESTERDAY, true, kept);
    expect(readDays()).toBe(1);
    expect(after.dates).toEqual(await fresh(a));
    expect(after.dates.done).toContain(addDays(TEST_DAY, -2));
  });
});
