// GET /api/stats on both dialects: the trends of habits written through sync, read with a read-only token, against
// figures worked out by hand (the user's today is Saturday 2026-11-21, weeks from Monday).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "../../core/contract-schema";
import { STATS_PER_MINUTE } from "../../core/constants";
import { addDays, type LocalDate } from "../../core/local-date";
import type { SyncOp } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";
import { StatsSchema } from "./stats.routes";

type Stats = ReturnType<typeof StatsSchema.parse>;

const run = (from: LocalDate, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
const op = <O extends Omit<SyncOp, "opId">>(o: O) => ({ opId: randomUUID(), ...o }) as SyncOp;

describe.each(testDialects())("stats API on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { transport: "in-process" });
  let ada: TestUser;
  let token: string;
  const read = { id: randomUUID(), name: "Read" };
  const water = { id: randomUUID(), name: "Water" };
  const old = { id: randomUUID(), name: "Old" };

  const push = async (user: TestUser, ops: SyncOp[]) => {
    const res = await t.call<{ results: { status: string }[] }>(user, "POST", "/api/sync/push", {
      json: { ops },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.status)).toEqual(ops.map(() => "applied"));
  };
  const stats = (query: string, user: TestUser | null = null) =>
    t.call<Stats>(user, "GET", `/api/stats${query}`, {
      headers: user ? {} : { authorization: `Bearer ${token}`, origin: "" },
    });

  beforeAll(async () => {
    ada = await t.signUp();
    // Read: every day from Thu 12, done 12 to 16. Water: at least 8 glasses a day from the 1st.
    // Old: every day from the 12th, done 14 to 18, archived.
    await push(ada, [
      op({
        type: "createHabit",
        habitId: read.id,
        name: read.name,
        rules: [{ from: "2026-11-12", frequency: null, target: null }],
      }),
      op({
        type: "createHabit",
        habitId: water.id,
        name: water.name,
        kind: "measurable",
        rules: [
          {
            from: "2026-11-01",
            frequency: null,
            target: { atMost: false, amount: 8, per: "day", unit: "glasses" },
          },
        ],
      }),
      op({
        type: "createHabit",
        habitId: old.id,
        name: old.name,
        rules: [{ from: "2026-11-12", frequency: null, target: null }],
      }),
      ...run("2026-11-12", 5).map((date) => op({ type: "setDay", habitId: read.id, date, state: "done" })),
      ...(
        [
          ["2026-11-13", 5],
          ["2026-11-14", 3],
          ["2026-11-17", 2],
          ["2026-11-19", 4],
        ] as const
      ).map(([date, value]) => op({ type: "setAmount", habitId: water.id, date, value })),
      ...run("2026-11-14", 5).map((date) => op({ type: "setDay", habitId: old.id, date, state: "done" })),
      op({ type: "updateHabit", habitId: old.id, archived: true }),
    ]);
    const made = await t.call<CreatedApiToken>(ada, "POST", "/api/tokens", {
      json: { name: "Dashboard", scope: "read-only" },
    });
    expect(made.status).toBe(201);
    token = made.body.token;
  });

  it("answers the trends between two days to a read-only token", async () => {
    const res = await stats("?from=2026-11-14&to=2026-11-18");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = StatsSchema.parse(res.body);
    expect(body).toMatchObject({ from: "2026-11-14", to: "2026-11-18", weekStart: 1 });
    // Read met Sat 14 to Mon 16 and missed Tue 17 and Wed 18; Water never reached 8.
    expect(body.share).toEqual({ met: 3, due: 10, share: 0.3 });
    const byId = new Map(body.habits.map((h) => [h.id, h]));
    expect(byId.get(read.id)?.share).toEqual({ met: 3, due: 5, share: 0.6 });
    expect(byId.get(water.id)?.share).toEqual({ met: 0, due: 5, share: 0 });
    expect(byId.has(old.id)).toBe(false);
    // The first week is cut to the range's Saturday and Sunday.
    expect(body.byWeek).toEqual([
      { from: "2026-11-14", to: "2026-11-15", met: 2, due: 4, share: 0.5 },
      { from: "2026-11-16", to: "2026-11-18", met: 1, due: 6, share: 1 / 6 },
    ]);
    expect(body.byMonth).toEqual([{ from: "2026-11-14", to: "2026-11-18", met: 3, due: 10, share: 0.3 }]);
    expect(body.weekdays.best?.weekday).toBe(1); // Monday: Read done, Water missed, 1 of 2; first in week order
    expect(body.weekdays.worst?.weekday).toBe(2); // Tuesday: 0 of 2
    expect(body.totals).toEqual([
      {
        id: water.id,
        name: "Water",
        unit: "glasses",
        weeks: [
          { from: "2026-11-14", to: "2026-11-15", total: 3 },
          { from: "2026-11-16", to: "2026-11-18", total: 2 },
        ],
      },
    ]);
    // Loop's score from 0: five days met, then two missed (multiplier 0.5 ^ (1 / 13) for a daily habit).
    const m = 0.5 ** (1 / 13);
    expect(byId.get(read.id)?.strength).toBeCloseTo((1 - m ** 5) * m ** 2, 10);
  });

  it("lists archived habits on request, and defaults to the year up to the user's today", async () => {
    const archived = await stats("?from=2026-11-14&to=2026-11-18&archived=true");
    expect(archived.body.habits.find((h) => h.id === old.id)?.share).toEqual({ met: 5, due: 5, share: 1 });
    const year = await stats("", ada);
    expect(year.status).toBe(200);
    expect(year.body).toMatchObject({ from: addDays(TEST_DAY, -364), to: TEST_DAY });
    // Read: done 12 to 16 of 12 to 20 (today, the 21st, is open); Water: 20 days from the 1st, none met.
    expect(year.body.share).toEqual({ met: 5, due: 29, share: 5 / 29 });
  });

  it("refuses a bad range with a message that says what is wrong, and changes nothing", async () => {
    expectError(await stats("?from=2026-11-19&to=2026-11-18"), 400, "INVALID_DATE", /after to/);
    expectError(await stats(`?to=${addDays(TEST_DAY, 1)}`), 400, "INVALID_DATE", /after the user's today/);
    expectError(await stats("?from=1999-12-31"), 400, "INVALID_DATE", /before 2000-01-01/);
    expect((await stats("?from=2026-02-30")).status).toBe(400);
    expect((await stats("?from=yesterday")).status).toBe(400);
    expect((await stats("?archived=yes")).status).toBe(400);
    expect((await stats("?limit=3")).status).toBe(400);
    expectError(await t.call(null, "GET", "/api/stats"), 401, "UNAUTHENTICATED");
  });

  it("answers at most STATS_PER_MINUTE a minute per account", async () => {
    const bea = await t.signUp();
    for (let i = 0; i < STATS_PER_MINUTE; i++) expect((await stats("", bea)).status).toBe(200);
    expectError(await stats("", bea), 429, "RATE_LIMITED", /stats/);
    // Another account is not held back.
    expect((await stats("?from=2026-11-14&to=2026-11-18")).status).toBe(200);
  });
});
