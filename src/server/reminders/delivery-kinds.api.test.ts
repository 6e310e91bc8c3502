// A reminder's text for every kind of habit, end to end on both dialects (docs/decisions/0064): the real server
// under a pinned clock reads the habits' kinds, rules and numbers and pushes to a local push service.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReminderSettings } from "../../core/contract-schema";
import { QUIT_TARGET, type HabitKind, type HabitRule } from "../../core/habit-kind";
import { messages } from "../../core/messages";
import { testDialects } from "../../../test/support/databases";
import { startPushService, type PushService } from "../../../test/support/push-service";
import { pinnedClock, useTestServer, type TestServer, type TestUser } from "../../../test/support/api-server";

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await push?.close();
});

// Sunday 2026-11-22 in Berlin; its week (from Monday, the user has chosen none) began on the 16th.
const SUNDAY = "2026-11-22";
const rule = (frequency: HabitRule["frequency"], target: HabitRule["target"] = null): HabitRule => ({
  from: "2026-11-01",
  frequency,
  target,
});

describe.each(testDialects())("a reminder's text per kind of habit on $dialect", (dialect) => {
  const t: TestServer = useTestServer(dialect, pinnedClock("2026-11-22T12:00:00.000Z"));

  const ok = async <T>(user: TestUser, method: string, path: string, json?: unknown, date = SUNDAY) => {
    const res = await t.call<T>(user, method, path, { json, headers: { "x-local-date": date } });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const apply = async (user: TestUser, ops: Record<string, unknown>[]) => {
    const body = await ok<{ results: { status: string }[] }>(user, "POST", "/api/sync/push", {
      ops: ops.map((op) => ({ opId: randomUUID(), ...op })),
    });
    expect(body.results.map((r) => r.status)).toEqual(ops.map(() => "applied"));
  };
  const habit = (name: string, position: number, kind: HabitKind, rules: HabitRule[]) => ({
    type: "createHabit",
    habitId: randomUUID(),
    name,
    position,
    kind,
    rules,
  });

  it("says what is left of a measured and an N-times habit, and never names one to stay under", async () => {
    const user = await t.signUp();
    await ok(user, "PUT", "/api/reminders/time-zone", { timeZone: "Europe/Berlin" });
    const water = habit("Water", 1, "measurable", [
      rule(null, { atMost: false, amount: 8, per: "day", unit: "glasses" }),
    ]);
    const run = habit("Run", 2, "yesNo", [rule({ times: 3, per: "week" })]);
    const coffee = habit("Coffee", 3, "measurable", [
      rule(null, { atMost: true, amount: 2, per: "day", unit: "cups" }),
    ]);
    const smoking = habit("Smoking", 4, "quit", [rule(null, QUIT_TARGET)]);
    const read = habit("Read", 5, "yesNo", [rule(null)]);
    await apply(user, [water, run, coffee, smoking, read]);
    await apply(user, [
      { type: "setAmount", habitId: water.habitId, date: SUNDAY, value: 3 },
      { type: "setAmount", habitId: water.habitId, date: "2026-11-21", value: 8 },
      { type: "setDay", habitId: run.habitId, date: "2026-11-17", state: "done" },
      { type: "setAmount", habitId: coffee.habitId, date: SUNDAY, value: 1 },
    ]);
    await ok(user, "POST", "/api/reminders", { time: "20:00" });
    const settings = await ok<ReminderSettings>(user, "GET", "/api/reminders");
    const device = await push.subscribe(settings.push.publicKey);
    await ok(user, "POST", "/api/push/subscriptions", { endpoint: device.endpoint, keys: device.keys });

    t.clock.advance(Date.parse("2026-11-22T19:00:03.000Z") - t.clock.now().getTime());
    await t.running.reminders.tick();
    await t.running.reminders.tick();
    expect(push.received(device)).toMatchObject([
      {
        date: SUNDAY,
        body: messages.reminderDelivery.leftTodayLines([
          "Water: 3 of 8 glasses",
          "Run: 1 of 3 this week",
          "Read",
        ]),
        habits: [
          { id: water.habitId, name: "Water", kind: "measurable" },
          { id: run.habitId, name: "Run" },
          { id: read.habitId, name: "Read" },
        ],
      },
    ]);
    expect(push.received(device)[0]).toMatchObject({
      body: "3 habits left today:\nWater: 3 of 8 glasses\nRun: 1 of 3 this week\nRead",
    });
  });
});
