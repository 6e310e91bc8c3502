// One account cannot delay other people's reminders (docs/decisions/0054-push-to-public-addresses-fairly.md): the
// real scheduler under a controlled clock, a local server that accepts connections and never answers (the dead
// devices of one user), and web-push-testing for another user due at the same minute.
import { createECDH, randomBytes } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReminderSettings } from "../../core/contract-schema";
import { PUSH_DEVICES_MAX, REMINDER_TIMES_MAX } from "../../core/reminders/limits";
import { testDialects } from "../../../test/support/databases";
import { startPushService, type PushService } from "../../../test/support/push-service";
import { pinnedClock, useTestServer, type TestServer, type TestUser } from "../../../test/support/api-server";
import { PUSH_FAILURES_MAX } from "./delivery";
import { listDeliveries } from "./reminders.repo";

/** Accepts every connection and never answers, like a device's push service that hangs. */
async function startDeadService() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    socket.resume(); // reads and drops the request, so that it sees the sender close the connection
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Keys a browser would send: a P-256 point and a 16-byte secret, so that the payload can be encrypted. */
function deviceKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

const setClock = (t: TestServer, iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

describe.each(testDialects())("fair reminder sending on $dialect", (dialect) => {
  const t = useTestServer(dialect, pinnedClock("2026-11-21T12:00:00.000Z"));
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => {
    await push?.close();
  });

  const ok = async <T>(user: TestUser, method: string, path: string, json?: unknown) => {
    const res = await t.call<T>(user, method, path, { json });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  /** A user in UTC with `habits` habits, each with its own reminder at `time`, and `daily` daily ones at it too. */
  async function userWithReminders(time: string, habits: number, daily: number) {
    const user = await t.signUp();
    await ok(user, "PUT", "/api/reminders/time-zone", { timeZone: "UTC" });
    for (let i = 0; i < habits; i += 1) {
      const habit = await ok<{ id: string }>(user, "POST", "/api/habits", { name: `Habit ${i}` });
      await ok(user, "POST", "/api/reminders", { time, habitId: habit.id });
    }
    for (let i = 0; i < daily; i += 1) await ok(user, "POST", "/api/reminders", { time });
    return user;
  }

  it("sends a user's push at its minute while another user's 20 devices never answer", async () => {
    const dead = await startDeadService();
    try {
      // Ada's reminders are made first, so that the scheduler claims them first
      const ada = await userWithReminders("20:00", 15, REMINDER_TIMES_MAX);
      for (let i = 0; i < PUSH_DEVICES_MAX; i += 1)
        await ok(ada, "POST", "/api/push/subscriptions", {
          endpoint: `${dead.url}/push/${i}`,
          keys: deviceKeys(),
        });
      const bob = await userWithReminders("20:00", 1, 0);
      const settings = await ok<ReminderSettings>(bob, "GET", "/api/reminders");
      const device = await push.subscribe(settings.push.publicKey);
      await ok(bob, "POST", "/api/push/subscriptions", { endpoint: device.endpoint, keys: device.keys });

      setClock(t, "2026-11-21T20:00:02.000Z");
      void t.running.reminders.tick(); // Ada's sends go on long after: not awaited
      await vi.waitFor(() => expect(push.received(device)).toHaveLength(1), { timeout: 5_000, interval: 50 });
      expect(push.received(device)).toMatchObject([{ type: "reminder", date: "2026-11-21" }]);
      // Ada's devices are being tried too: Bob was not merely alone in line. Waited for, as on a loaded machine
      // Bob's push can arrive before Ada's first connection has reached the dead service.
      await vi.waitFor(() => expect(dead.connections()).toBeGreaterThan(0), { timeout: 5_000, interval: 50 });
    } finally {
      await dead.close(); // Ada's sends under way fail at once
    }
  });

  it(`drops a device after ${PUSH_FAILURES_MAX} failures in a row, and Settings says so`, async () => {
    const dead = await startDeadService();
    const gone = dead.url;
    await dead.close(); // nothing listens there now: every push to it fails at once
    setClock(t, "2026-11-22T12:00:00.000Z");
    const cy = await userWithReminders("07:00", 1, PUSH_FAILURES_MAX - 1); // as many reminders as failures
    await ok(cy, "POST", "/api/push/subscriptions", { endpoint: `${gone}/push/x`, keys: deviceKeys() });
    const settings = await ok<ReminderSettings>(cy, "GET", "/api/reminders");
    const working = await push.subscribe(settings.push.publicKey);
    await ok(cy, "POST", "/api/push/subscriptions", { endpoint: working.endpoint, keys: working.keys });
    expect(settings.push.removed).toBeNull();

    setClock(t, "2026-11-23T07:00:02.000Z");
    await t.running.reminders.tick();
    await t.running.reminders.tick(); // one the timer started before the clock moved is awaited first
    expect(push.received(working)).toHaveLength(PUSH_FAILURES_MAX);
    const after = await ok<ReminderSettings>(cy, "GET", "/api/reminders");
    expect(after.push.devices).toBe(1);
    expect(after.push.removed).toEqual({ count: 1, at: expect.stringMatching(/^2026-11-23T07:00/) });
    // The app posts its own subscription again on each visit: that is no answer to the notice
    const visit = await ok<ReminderSettings>(cy, "POST", "/api/push/subscriptions", {
      endpoint: working.endpoint,
      keys: working.keys,
    });
    expect(visit.push.removed).toEqual(after.push.removed);
    // Enabling push on a device again clears it
    const again = await push.subscribe(settings.push.publicKey);
    const cleared = await ok<ReminderSettings>(cy, "POST", "/api/push/subscriptions", {
      endpoint: again.endpoint,
      keys: again.keys,
    });
    expect(cleared.push).toMatchObject({ devices: 2, removed: null });
  });

  it("starts counting again after a push the service takes", async () => {
    let answer = 500;
    const flaky = createHttpServer((req, res) => {
      req.resume();
      res.writeHead(answer).end();
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    try {
      setClock(t, "2026-11-24T12:00:00.000Z");
      const di = await userWithReminders("07:00", 1, PUSH_FAILURES_MAX - 2); // one failure fewer than the limit
      const endpoint = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/push/di`;
      await ok(di, "POST", "/api/push/subscriptions", { endpoint, keys: deviceKeys() });
      const dayAt = async (iso: string) => {
        setClock(t, iso);
        await t.running.reminders.tick();
        await t.running.reminders.tick();
      };
      await dayAt("2026-11-25T07:00:02.000Z"); // 4 failures
      answer = 201;
      await dayAt("2026-11-26T07:00:02.000Z"); // taken: the count starts again
      answer = 500;
      await dayAt("2026-11-27T07:00:02.000Z"); // 4 failures again, not 8
      const settings = await ok<ReminderSettings>(di, "GET", "/api/reminders");
      expect(settings.push).toMatchObject({ devices: 1, removed: null });
      await dayAt("2026-11-28T07:00:02.000Z"); // the 5th in a row, and more
      expect((await ok<ReminderSettings>(di, "GET", "/api/reminders")).push).toMatchObject({
        devices: 0,
        removed: { count: 1 },
      });
    } finally {
      flaky.closeAllConnections();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });

  it("drops a firing that waited in the pool more than an hour, as one found that late", async () => {
    const dead = await startDeadService();
    try {
      setClock(t, "2026-11-29T12:00:00.000Z");
      const ed = await userWithReminders("07:00", 1, 1); // two firings: the second waits for the first
      await ok(ed, "POST", "/api/push/subscriptions", {
        endpoint: `${dead.url}/push/ed`,
        keys: deviceKeys(),
      });
      setClock(t, "2026-11-30T07:00:02.000Z");
      const ticked = t.running.reminders.tick();
      await vi.waitFor(() => expect(dead.connections()).toBe(1), { timeout: 5_000, interval: 20 });
      setClock(t, "2026-11-30T08:30:00.000Z"); // the first is still under way
      await dead.close(); // now it fails, and the second starts 90 minutes late
      await ticked;
      const outcomes = (await listDeliveries(t.running.database.db, ed.id)).map((d) => d.outcome).sort();
      expect(outcomes).toEqual(["failed", "late"]);
      expect(dead.connections()).toBe(1);
    } finally {
      await dead.close();
    }
  });
});
