// A push of day ops takes its own way on a SQLite file (push-days.repo.ts, docs/decisions/0038): statements run at
// once on the event loop's writer. Random pushes of every kind of day op, replays, other users' habits, buried
// habits, future days and the day quota go through that way for one account and through the general way
// (push.repo.ts, as on PostgreSQL) for its twin; the answers and every row they leave must be the same.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/local-date";
import type { SyncOp, SyncPushResult } from "../../core/sync";
import { nearTransaction, smallWrites, type Db } from "../db/database";
import { testDialects } from "../../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { dayOpsOf } from "./push-days.repo";
import { pushOps } from "./push.repo";
import { setCompletion } from "../habits/habits.repo";
import { ApiError } from "../http/errors";

const MAX_DAYS = 3;
const HABITS = 3;
const limits = { maxHabits: 50, maxDays: MAX_DAYS };

type Twin = { user: TestUser; habits: string[] };

describe("day writes on SQLite, at once and the general way", () => {
  const t = useTestServer(testDialects()[0]!, undefined, { env: { USER_MAX_DAYS: String(MAX_DAYS) } });
  const db = (): Db => t.running.database.db;
  let stranger: string;
  const unknown = randomUUID();

  /** An account with HABITS habits, the last one deleted (a buried habit). */
  const newTwin = async (): Promise<Twin> => {
    const user = await t.signUp();
    const habits = Array.from({ length: HABITS }, () => randomUUID());
    const ops: SyncOp[] = habits.map((habitId, i) => ({
      opId: randomUUID(),
      type: "createHabit",
      habitId,
      name: `H${i}`,
    }));
    ops.push({ opId: randomUUID(), type: "deleteHabit", habitId: habits.at(-1)! });
    const res = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
    expect(res.status).toBe(200);
    return { user, habits };
  };

  /** The user's change counter: the twins' numbers are compared from where each stood. */
  const base = async (twin: Twin) =>
    Number(
      (
        await db()
          .selectFrom("sync_state")
          .select("version")
          .where("user_id", "=", twin.user.id)
          .executeTakeFirstOrThrow()
      ).version,
    );

  /** Everything a push of day ops writes, with habits by index and change numbers from the user's first. */
  const rowsOf = async ({ user, habits }: Twin, base: number, opIds: string[], at: string) => {
    const index = (id: string) => habits.indexOf(id);
    const completions = await db()
      .selectFrom("completions")
      .select(["habit_id", "date", "done", "version"])
      .where("user_id", "=", user.id)
      .orderBy("habit_id")
      .orderBy("date")
      .execute();
    const habitRows = await db()
      .selectFrom("habits")
      .select(["id", "version", "updated_at"])
      .where("user_id", "=", user.id)
      .execute();
    const ops = await db()
      .selectFrom("sync_ops")
      .select(["op_id", "status", "code", "message", "created_at"])
      .where("user_id", "=", user.id)
      .where("op_id", "in", opIds)
      .orderBy("op_id")
      .execute();
    const count = await db()
      .selectFrom("day_counts")
      .select("days")
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    const counter = await db()
      .selectFrom("sync_state")
      .select("version")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    return {
      completions: completions
        .map((c) => ({ ...c, habit_id: index(c.habit_id), version: Number(c.version) - base }))
        .sort((a, b) => a.habit_id - b.habit_id || a.date.localeCompare(b.date)),
      habits: habitRows
        .map((h) => ({
          id: index(h.id),
          version: Number(h.version) - base,
          touched: h.updated_at === at, // else the time it was made, a moment apart for the twins
        }))
        .sort((a, b) => a.id - b.id),
      ops,
      count: count?.days,
      counter: Number(counter.version) - base,
    };
  };

  beforeAll(async () => {
    const other = await newTwin();
    stranger = other.habits[0]!;
  });

  // An op names a habit by index: 0 to 1 live, 2 buried, 3 another user's, 4 never seen; mostly live ones.
  const dayOp = fc.record({
    habit: fc.constantFrom(0, 0, 0, 1, 1, 1, 2, 3, 4),
    back: fc.integer({ min: -1, max: 3 }), // days before today; -1 is tomorrow (refused)
    kind: fc.constantFrom("done", "skipped", "none", "mark", "unmark"),
    replay: fc.constantFrom(0, 0, 0, 0, 0, 0, 1, 2, 5), // 0: a fresh op; n: the n-th op sent before, again
  });

  it("takes the way at once on the database, and the general way on its near twin", async () => {
    expect(await nearTransaction(db(), () => 1)).toEqual({ value: 1 });
    expect(await nearTransaction(smallWrites(db()), () => 1)).toBeUndefined();
  });

  it("answers and writes the same as the general way", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(dayOp, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (pushes) => {
          const [a, b] = [await newTwin(), await newTwin()];
          const [baseA, baseB] = [await base(a), await base(b)];
          const sent: SyncOp[] = [];
          const now = new Date(`${TEST_DAY}T12:00:00.000Z`);
          for (const push of pushes) {
            const fresh = push.map(() => randomUUID());
            const ops = (twin: Twin): SyncOp[] =>
              push.map((p, i) => {
                const earlier = p.replay && sent[sent.length - p.replay];
                const habitId = [...twin.habits, stranger, unknown][p.habit]!;
                const date = addDays(TEST_DAY, -p.back);
                const opId = earlier ? earlier.opId : fresh[i]!;
                if (p.kind === "mark" || p.kind === "unmark")
                  return { opId, type: "setCompletion", habitId, date, done: p.kind === "mark" };
                return { opId, type: "setDay", habitId, date, state: p.kind };
              });
            const options = { now, limits, latest: TEST_DAY };
            expect(dayOpsOf(ops(a))).toHaveLength(push.length);
            const atOnce = await pushOps(db(), a.user.id, ops(a), options);
            // The near twin of the database has no way of its own: pushOps takes the general way on it.
            const general = await pushOps(smallWrites(db()), b.user.id, ops(b), options);
            expect(atOnce.results).toEqual(general.results);
            expect(Number(atOnce.cursor) - baseA).toBe(Number(general.cursor) - baseB);
            sent.push(...ops(a));
          }
          const opIds = sent.map((op) => op.opId);
          const at = now.toISOString();
          expect(await rowsOf(a, baseA, opIds, at)).toEqual(await rowsOf(b, baseB, opIds, at));
        },
      ),
      { numRuns: 30 },
    );
  });

  // A REST mark (habits.repo.ts: setCompletion) takes the same way at once on SQLite (habits/mark-now.repo.ts).
  const mark = fc.record({
    habit: fc.constantFrom(0, 0, 1, 1, 2, 3),
    back: fc.integer({ min: 0, max: 3 }),
    done: fc.boolean(),
    push: fc.boolean(), // a push of setDay skipped first, from another device
  });

  it("marks by REST with the same answers and rows as the general way", async () => {
    const now = new Date(`${TEST_DAY}T12:00:00.000Z`);
    await fc.assert(
      fc.asyncProperty(fc.array(mark, { minLength: 1, maxLength: 12 }), async (marks) => {
        const [a, b] = [await newTwin(), await newTwin()];
        const [baseA, baseB] = [await base(a), await base(b)];
        const answer = (promise: Promise<unknown>) =>
          promise.then(
            (habit) => habit,
            (error: unknown) => (error instanceof ApiError ? error.code : Promise.reject(error)),
          );
        for (const m of marks) {
          const date = addDays(TEST_DAY, -m.back);
          const run = async (twin: Twin, way: Db) => {
            const habitId = [...twin.habits, stranger][m.habit]!;
            if (m.push) {
              const op: SyncOp = { opId: randomUUID(), type: "setDay", habitId, date, state: "skipped" };
              await pushOps(way, twin.user.id, [op], { now, limits, latest: TEST_DAY });
            }
            const habit = await answer(setCompletion(way, twin.user.id, habitId, date, m.done, now, limits));
            return typeof habit === "object" && habit ? { ...habit, id: 0, userId: 0, createdAt: 0 } : habit;
          };
          expect(await run(a, db())).toEqual(await run(b, smallWrites(db())));
        }
        const at = now.toISOString();
        expect(await rowsOf(a, baseA, [], at)).toEqual(await rowsOf(b, baseB, [], at));
      }),
      { numRuns: 20 },
    );
  });
});
