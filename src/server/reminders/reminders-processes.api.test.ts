// Exactly once across processes: two server processes on one PostgreSQL database, both ticking every
// 200 ms on the same controlled clock, claim the same due reminders; each user's device gets one push.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import type { ReminderSettings } from "../../core/contract-schema";
import { testDialects, type TestDatabase } from "../../../test/support/databases";
import {
  sharedClock,
  startClockedServer,
  type ClockedServer,
  type SharedClock,
} from "../../../test/support/clocked-server-process";
import {
  startPushService,
  type PushService,
  type TestSubscription,
} from "../../../test/support/push-service";
import type { TestUser } from "../../../test/support/test-server";

const postgres = testDialects().find((d) => d.dialect === "postgres");
const USERS = 12;

describe.runIf(postgres)("reminders with two server processes on one PostgreSQL", () => {
  let database: TestDatabase;
  let clock: SharedClock;
  let push: PushService;
  let servers: ClockedServer[] = [];

  beforeAll(async () => {
    database = await postgres!.create();
    clock = sharedClock("2026-11-21T12:00:00.000Z");
    push = await startPushService();
    // Every process of a deployment signs with the same VAPID keys (set in the environment, or a shared DATA_DIR).
    const vapid = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
    shared.env = env;
    // One first, so that the migrations run once; then the second.
    servers.push(await startClockedServer({ databaseUrl: database.url, clock, tickMs: 200, env }));
    servers.push(await startClockedServer({ databaseUrl: database.url, clock, tickMs: 200, env }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    await push?.close();
    clock?.close();
    await database?.drop();
  });

  const shared: { devices: TestSubscription[]; env: Record<string, string> } = { devices: [], env: {} };

  const call = async <T>(
    server: ClockedServer,
    user: TestUser,
    method: string,
    path: string,
    json?: unknown,
  ) => {
    const res = await server.request(path, {
      method,
      headers: { cookie: user.cookie, ...(json !== undefined && { "content-type": "application/json" }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = (await res.json()) as T;
    expect(res.status, `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
    return body;
  };

  it("sends each user's 20:00 reminder once, whichever process claims it", async () => {
    const devices = shared.devices;
    for (let i = 0; i < USERS; i += 1) {
      const server = servers[i % 2]!;
      const user = await server.signUp();
      await call(server, user, "PUT", "/api/reminders/time-zone", {
        timeZone: i % 3 === 0 ? "Europe/Berlin" : "Africa/Lagos", // both UTC+1 in November
      });
      await call(server, user, "POST", "/api/habits", { name: `Habit ${i}` });
      await call(server, user, "POST", "/api/reminders", { time: "20:00" });
      const { push: keys } = await call<ReminderSettings>(server, user, "GET", "/api/reminders");
      const subscription = await push.subscribe(keys.publicKey);
      await call(server, user, "POST", "/api/push/subscriptions", {
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      });
      devices.push(subscription);
    }
    clock.set("2026-11-21T18:59:59.000Z");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(devices.map((d) => push.received(d).length)).toEqual(devices.map(() => 0));

    clock.set("2026-11-21T19:00:00.500Z");
    const deadline = Date.now() + 30_000;
    while (devices.some((d) => push.received(d).length === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Both processes go on ticking five times a second for two more seconds: nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(devices.map((d) => push.received(d).length)).toEqual(devices.map(() => 1));
    for (const [i, device] of devices.entries())
      expect(push.received(device)[0]).toMatchObject({
        type: "reminder",
        date: "2026-11-21",
        body: `1 habit left today: Habit ${i}`,
      });
  }, 180_000);
  it("after both processes were down, a new one sends the reminders that fell due within the hour", async () => {
    const { devices } = shared;
    expect(devices).toHaveLength(USERS);
    clock.set("2026-11-22T12:00:00.000Z");
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    clock.set("2026-11-22T19:45:00.000Z"); // 20:00 on the 22nd was 45 minutes ago
    servers.push(
      await startClockedServer({ databaseUrl: database.url, clock, tickMs: 200, env: shared.env }),
    );
    const deadline = Date.now() + 30_000;
    while (devices.some((d) => push.received(d).length < 2) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(devices.map((d) => push.received(d).length)).toEqual(devices.map(() => 2));
    expect(devices.map((d) => (push.received(d)[1] as { date: string }).date)).toEqual(
      devices.map(() => "2026-11-22"),
    );
  }, 180_000);
});
