// The list's days and each REST mark's answer are the database's. Random writes of every kind, through the API's
// own paths (a push of few or many day ops, the REST mark, renames, archives, moves, deletes, new habits, a restore
// that replaces every habit), each followed by the list: its days, and each mark's answer, must be those a fresh
// read of the database gives, on SQLite and on PostgreSQL (whose list is one statement of its own: habits.repo.ts).
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../core/local-date";
import type { SyncOp } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { DAY_DONE, DAY_SKIPPED } from "../db/schema";

type Listed = { id: string; name: string; completedDates: string[]; skippedDates: string[] };

const DAYS = Array.from({ length: 6 }, (_, i) => addDays(TEST_DAY, -i));
const HABITS = 3;

type Step =
  | { kind: "push"; ops: { habit: number; day: number; state: "done" | "skipped" | "none" }[] }
  | { kind: "mark"; habit: number; day: number; done: boolean }
  | { kind: "rename" | "archive" | "move" | "delete"; habit: number }
  | { kind: "create" }
  | { kind: "replace"; days: number[] }
  | { kind: "list" };

const habit = fc.nat({ max: HABITS - 1 });
const day = fc.nat({ max: DAYS.length - 1 });
const dayOp = fc.record({
  habit,
  day,
  state: fc.constantFrom("done", "skipped", "none") as fc.Arbitrary<"done" | "skipped" | "none">,
});
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("push" as const),
      ops: fc.array(dayOp, { minLength: 1, maxLength: 3 }),
    }),
  },
  // More than 16 day ops: the general push (push.repo.ts), not the one for small pushes.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("push" as const),
      ops: fc.array(dayOp, { minLength: 17, maxLength: 20 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("mark" as const), habit, day, done: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom("rename" as const, "archive" as const, "move" as const, "delete" as const),
      habit,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("create" as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("replace" as const), days: fc.array(day, { maxLength: 4 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("list" as const) }) },
);

describe.each(testDialects())("the list's days on $dialect", (dialect) => {
  const t = useTestServer(dialect);

  const list = async (user: TestUser) => {
    const res = await t.call<Listed[]>(user, "GET", "/api/habits");
    expect(res.status).toBe(200);
    return res.body;
  };

  /** Each habit's days as the database holds them now, read afresh, a row a day. */
  const fresh = async (ids: string[]) => {
    const rows =
      ids.length === 0
        ? []
        : await t.running.database.db
            .selectFrom("completions")
            .select(["habit_id", "date", "done"])
            .where("habit_id", "in", ids)
            .orderBy("date")
            .execute();
    const days = (id: string, state: number) =>
      rows.filter((row) => row.habit_id === id && row.done === state).map((row) => row.date);
    return ids.map((id) => ({ id, done: days(id, DAY_DONE), skipped: days(id, DAY_SKIPPED) }));
  };

  const apply = async (user: TestUser, habits: string[], s: Step) => {
    const id = (i: number) => habits[i % habits.length]!;
    switch (s.kind) {
      case "push": {
        if (habits.length === 0) return;
        const ops: SyncOp[] = s.ops.map((o) => ({
          opId: randomUUID(),
          type: "setDay",
          habitId: id(o.habit),
          date: DAYS[o.day]!,
          state: o.state,
        }));
        expect((await t.call(user, "POST", "/api/sync/push", { json: { ops } })).status).toBe(200);
        return;
      }
      case "mark": {
        if (habits.length === 0) return;
        const path = `/api/habits/${id(s.habit)}/completions/${DAYS[s.day]}`;
        const marked = await t.call<Listed>(user, s.done ? "PUT" : "DELETE", path);
        expect(marked.status).toBe(200);
        // The mark's answer (habits.repo.ts setCompletion) holds the database's days too.
        const [expected] = await fresh([id(s.habit)]);
        expect({
          id: marked.body.id,
          done: marked.body.completedDates,
          skipped: marked.body.skippedDates ?? [],
        }).toEqual(expected);
        return;
      }
      case "rename":
      case "archive":
      case "move":
      case "delete": {
        if (habits.length === 0) return;
        const habitId = id(s.habit);
        const op: SyncOp =
          s.kind === "rename"
            ? { opId: randomUUID(), type: "renameHabit", habitId, name: `R${randomUUID().slice(0, 4)}` }
            : s.kind === "archive"
              ? { opId: randomUUID(), type: "updateHabit", habitId, archived: true }
              : s.kind === "move"
                ? { opId: randomUUID(), type: "moveHabit", habitId, position: 0 }
                : { opId: randomUUID(), type: "deleteHabit", habitId };
        expect((await t.call(user, "POST", "/api/sync/push", { json: { ops: [op] } })).status).toBe(200);
        return;
      }
      case "create": {
        expect(
          (await t.call(user, "POST", "/api/habits", { json: { name: `N${habits.length}` } })).status,
        ).toBe(201);
        return;
      }
      case "replace": {
        const backup = [{ name: "Restored", completedDates: [...new Set(s.days.map((d) => DAYS[d]!))] }];
        expect((await t.call(user, "PUT", "/api/habits", { json: backup })).status).toBe(200);
        return;
      }
      case "list":
        return;
    }
  };

  it("are always the days the database holds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const user = await t.signUp();
        for (let i = 0; i < HABITS; i++)
          await t.call(user, "POST", "/api/habits", { json: { name: `H${i}` } });
        let listed = await list(user);
        for (const s of steps) {
          await apply(
            user,
            listed.map((h) => h.id),
            s,
          );
          listed = await list(user);
          const expected = await fresh(listed.map((h) => h.id));
          expect(
            listed.map((h) => ({ id: h.id, done: h.completedDates, skipped: h.skippedDates ?? [] })),
          ).toEqual(expected);
        }
      }),
      { numRuns: dialect.dialect === "postgres" ? 8 : 25 },
    );
  });
});
