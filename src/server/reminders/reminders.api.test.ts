// The reminders routes on both dialects: settings, times, devices and the unsubscribe link; every
// refusal is a clear 400/404/409 that changes nothing, and another user's ids are 404.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Reminder, ReminderSettings } from "../../core/contract-schema";
import { messages } from "../../core/messages";
import { PUSH_DEVICES_MAX, REMINDER_TIMES_MAX } from "../../core/reminders/limits";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_SECRET, useTestServer, type TestUser } from "../../../test/support/api-server";
import { unsubscribeToken } from "./unsubscribe-token";

const P256DH = "B" + "A".repeat(86);
const AUTH = "A".repeat(22);
const device = (n: number | string) => ({
  endpoint: `https://push.example.com/send/${n}`,
  keys: { p256dh: P256DH, auth: AUTH },
  expirationTime: null,
});

describe.each(testDialects())("reminders routes on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { transport: "in-process" });
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [ada, bob] = await Promise.all([t.signUp(), t.signUp()]);
  });

  const settings = async (user: TestUser) => {
    const res = await t.call<ReminderSettings>(user, "GET", "/api/reminders");
    expect(res.status).toBe(200);
    return res.body;
  };
  const newHabit = async (user: TestUser, name = "Read") => {
    const res = await t.call<{ id: string }>(user, "POST", "/api/habits", { json: { name } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };

  it("answers the defaults: no zone, e-mail off (unverified) and not available without SMTP, the VAPID key, no times", async () => {
    const user = await t.signUp();
    const read = await settings(user);
    expect(read).toEqual({
      timeZone: null,
      email: { enabled: false, available: false, verified: false },
      push: { publicKey: t.config.vapid.publicKey, devices: 0, removed: null },
      reminders: [],
    });
    expect(read.push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("saves the time zone in its canonical spelling and refuses a name that is not a zone", async () => {
    const user = await t.signUp();
    const saved = await t.call<ReminderSettings>(user, "PUT", "/api/reminders/time-zone", {
      json: { timeZone: "europe/berlin" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.timeZone).toBe("Europe/Berlin");
    for (const timeZone of ["Mars/Olympus", "", "+01:00", 42, null, "x".repeat(200)])
      expectError(
        await t.call(user, "PUT", "/api/reminders/time-zone", { json: { timeZone } }),
        400,
        "INVALID_TIME_ZONE",
        /timeZone/,
      );
    expectError(
      await t.call(user, "PUT", "/api/reminders/time-zone", { json: { timeZone: "UTC", extra: 1 } }),
      400,
      "VALIDATION_FAILED",
    );
    expect((await settings(user)).timeZone).toBe("Europe/Berlin");
  });

  // Turned on for a verified address: email-consent.api.test.ts.
  it("keeps the e-mail digest off for an address nobody verified, whatever the toggle", async () => {
    const user = await t.signUp();
    const off = await t.call<ReminderSettings>(user, "PUT", "/api/reminders/email", {
      json: { enabled: false },
    });
    expect(off.body.email).toEqual({ enabled: false, available: false, verified: false });
    expectError(
      await t.call(user, "PUT", "/api/reminders/email", { json: { enabled: "yes" } }),
      400,
      "VALIDATION_FAILED",
      /enabled/,
    );
    expect((await settings(user)).email.enabled).toBe(false);
    const on = await t.call<ReminderSettings>(user, "PUT", "/api/reminders/email", {
      json: { enabled: true },
    });
    expect(on.body.email.enabled).toBe(false);
  });

  it("adds daily times up to the limit, changes and deletes them", async () => {
    const user = await t.signUp();
    const created: Reminder[] = [];
    for (let i = 0; i < REMINDER_TIMES_MAX; i += 1) {
      const res = await t.call<Reminder>(user, "POST", "/api/reminders", { json: { time: `1${i}:00` } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), time: `1${i}:00`, habitId: null });
      created.push(res.body);
    }
    expectError(
      await t.call(user, "POST", "/api/reminders", { json: { time: "07:00" } }),
      409,
      "REMINDER_LIMIT",
      /at most 5/,
    );
    expect((await settings(user)).reminders).toHaveLength(REMINDER_TIMES_MAX);
    const first = created[0]!;
    const changed = await t.call<Reminder>(user, "PUT", `/api/reminders/${first.id}`, {
      json: { time: "06:45" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ id: first.id, time: "06:45", habitId: null });
    const deleted = await t.call<ReminderSettings>(user, "DELETE", `/api/reminders/${first.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.reminders.map((r) => r.id)).not.toContain(first.id);
    expect(deleted.body.reminders).toHaveLength(REMINDER_TIMES_MAX - 1);
    expect(
      (await t.call(user, "POST", "/api/reminders", { json: { time: "07:00", habitId: null } })).status,
    ).toBe(201);
  });

  it("refuses a time that is not HH:MM, changing nothing", async () => {
    const user = await t.signUp();
    for (const time of ["24:00", "7:00", "07:60", "07:00:00", "", 700, null])
      expectError(
        await t.call(user, "POST", "/api/reminders", { json: { time } }),
        400,
        "INVALID_TIME",
        /time/,
      );
    expectError(
      await t.call(user, "POST", "/api/reminders", { json: { time: "07:00", habitId: "not-a-uuid" } }),
      400,
      "VALIDATION_FAILED",
      /habitId/,
    );
    expectError(await t.call(user, "POST", "/api/reminders", { body: "{" }), 400, "INVALID_JSON");
    const res = await t.call<Reminder>(user, "POST", "/api/reminders", { json: { time: "07:00" } });
    expectError(
      await t.call(user, "PUT", `/api/reminders/${res.body.id}`, { json: { time: "25:00" } }),
      400,
      "INVALID_TIME",
    );
    expect((await settings(user)).reminders).toEqual([res.body]);
  });

  it("keeps one own time per habit, and the habit's deletion removes it", async () => {
    const habitId = await newHabit(ada);
    const first = await t.call<Reminder>(ada, "POST", "/api/reminders", { json: { time: "08:00", habitId } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ time: "08:00", habitId });
    const second = await t.call<Reminder>(ada, "POST", "/api/reminders", {
      json: { time: "09:30", habitId },
    });
    expect(second.status).toBe(201);
    const own = (await settings(ada)).reminders.filter((r) => r.habitId === habitId);
    expect(own).toEqual([second.body]);
    expect((await t.call(ada, "DELETE", `/api/habits/${habitId}`)).status).toBe(204);
    expect((await settings(ada)).reminders.filter((r) => r.habitId === habitId)).toEqual([]);
  });

  it("answers 404 for another user's habit and reminder, changing nothing", async () => {
    const bobsHabit = await newHabit(bob, "Bob's");
    expectError(
      await t.call(ada, "POST", "/api/reminders", { json: { time: "08:00", habitId: bobsHabit } }),
      404,
      "HABIT_NOT_FOUND",
    );
    expectError(
      await t.call(ada, "POST", "/api/reminders", { json: { time: "08:00", habitId: randomUUID() } }),
      404,
      "HABIT_NOT_FOUND",
    );
    const bobs = await t.call<Reminder>(bob, "POST", "/api/reminders", { json: { time: "21:00" } });
    expectError(
      await t.call(ada, "PUT", `/api/reminders/${bobs.body.id}`, { json: { time: "05:00" } }),
      404,
      "REMINDER_NOT_FOUND",
    );
    expectError(await t.call(ada, "DELETE", `/api/reminders/${bobs.body.id}`), 404, "REMINDER_NOT_FOUND");
    for (const id of [randomUUID(), "x".repeat(300), "%00"])
      expectError(await t.call(ada, "DELETE", `/api/reminders/${id}`), 404, "REMINDER_NOT_FOUND");
    expect((await settings(bob)).reminders).toContainEqual(bobs.body);
  });

  it("stores one row per device, up to the limit, and deletes the user's own only", async () => {
    const user = await t.signUp();
    const added = await t.call<ReminderSettings>(user, "POST", "/api/push/subscriptions", {
      json: device(0),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.push.devices).toBe(1);
    // The same browser again (new keys): still one device
    const again = await t.call<ReminderSettings>(user, "POST", "/api/push/subscriptions", {
      json: { ...device(0), keys: { p256dh: "B" + "C".repeat(86), auth: AUTH } },
    });
    expect(again.body.push.devices).toBe(1);
    for (let i = 1; i < PUSH_DEVICES_MAX; i += 1)
      expect((await t.call(user, "POST", "/api/push/subscriptions", { json: device(i) })).status).toBe(200);
    expectError(
      await t.call(user, "POST", "/api/push/subscriptions", { json: device("one-too-many") }),
      409,
      "DEVICE_LIMIT",
    );
    // Updating a device the user has is no new device
    expect((await t.call(user, "POST", "/api/push/subscriptions", { json: device(3) })).status).toBe(200);
    // Another user's DELETE of the endpoint leaves it alone
    const other = await t.call<ReminderSettings>(bob, "DELETE", "/api/push/subscriptions", {
      json: { endpoint: device(0).endpoint },
    });
    expect(other.status).toBe(200);
    expect((await settings(user)).push.devices).toBe(PUSH_DEVICES_MAX);
    const removed = await t.call<ReminderSettings>(user, "DELETE", "/api/push/subscriptions", {
      json: { endpoint: device(0).endpoint },
    });
    expect(removed.body.push.devices).toBe(PUSH_DEVICES_MAX - 1);
  });

  it("refuses a subscription that is not a push endpoint with its keys, changing nothing", async () => {
    const user = await t.signUp();
    const bad = [
      { ...device(1), endpoint: "ftp://push.example.com/x" },
      { ...device(1), endpoint: "http://push.example.com/x" },
      { ...device(1), endpoint: "https://user:pw@push.example.com/x" },
      { ...device(1), endpoint: `https://push.example.com/${"x".repeat(3000)}` },
      { ...device(1), keys: { p256dh: "short", auth: AUTH } },
      { ...device(1), keys: { p256dh: P256DH, auth: "not base64 url!!!!!!!!" } },
      { ...device(1), keys: { p256dh: P256DH } },
      { endpoint: device(1).endpoint },
      { ...device(1), extra: true },
      [],
    ];
    for (const json of bad)
      expectError(await t.call(user, "POST", "/api/push/subscriptions", { json }), 400, "VALIDATION_FAILED");
    expect((await settings(user)).push.devices).toBe(0);
  });

  it("asks for a session on every route but the unsubscribe link", async () => {
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/reminders"],
      ["PUT", "/api/reminders/time-zone", { timeZone: "UTC" }],
      ["PUT", "/api/reminders/email", { enabled: false }],
      ["POST", "/api/reminders", { time: "07:00" }],
      ["PUT", `/api/reminders/${id}`, { time: "07:00" }],
      ["DELETE", `/api/reminders/${id}`],
      ["POST", "/api/reminders/test"],
      ["POST", "/api/push/subscriptions", device(1)],
      ["DELETE", "/api/push/subscriptions", { endpoint: device(1).endpoint }],
    ];
    for (const [method, path, json] of routes)
      expectError(await t.call(null, method, path, { json }), 401, "UNAUTHENTICATED");
  });

  // What the link changes, on a verified address: email-consent.api.test.ts.
  it("answers the unsubscribe link without a session: a page with one button, and a forged token is refused", async () => {
    const user = await t.signUp();
    const forged = [
      "",
      "nonsense",
      unsubscribeToken("another-secret-of-32-characters!!", user.id),
      unsubscribeToken(TEST_SECRET, user.id).slice(0, -2) + "AA",
      `${Buffer.from(bob.id).toString("base64url")}.${unsubscribeToken(TEST_SECRET, user.id).split(".")[1]}`,
    ];
    for (const token of forged)
      for (const method of ["GET", "POST"]) {
        const path = `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
        const res = await t.call<string>(null, method, path);
        expect(res.status).toBe(400);
        expect(res.body).toContain("This link does not work");
      }
    const token = unsubscribeToken(TEST_SECRET, user.id);
    const res = await t.call<string>(null, "GET", `/api/reminders/unsubscribe?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.body).toContain(messages.reminderDelivery.unsubscribeTitle);
    expect(res.body).toContain(
      `<button type="submit">${messages.reminderDelivery.unsubscribeConfirm}</button>`,
    );
    expect(res.body).toContain(`href="${t.config.baseUrl}/settings"`);
    // RFC 8058 one-click: a POST from the mail provider, no cookie, form body
    const oneClick = await t.call<string>(null, "POST", `/api/reminders/unsubscribe?token=${token}`, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.com" },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toContain("Reminder e-mails turned off");
    expect((await settings(user)).email.enabled).toBe(false);
    // A token of an account that is gone is answered, and changes nothing
    const gone = unsubscribeToken(TEST_SECRET, "no-such-user");
    expect((await t.call(null, "POST", `/api/reminders/unsubscribe?token=${gone}`)).status).toBe(200);
  });
});

describe.each(testDialects())("push endpoints without PUSH_ALLOW_PRIVATE_HOSTS on $dialect", (dialect) => {
  // The app is served over http here, as in development: that alone must not open the server's own network.
  const t = useTestServer(dialect, undefined, {
    transport: "in-process",
    env: { PUSH_ALLOW_PRIVATE_HOSTS: "false" },
  });

  it("refuses an endpoint on an IP address, localhost or plain http with PUSH_ENDPOINT_NOT_PUBLIC", async () => {
    const user = await t.signUp();
    const refused = [
      "https://10.0.0.5:8443/admin",
      "https://[::1]/",
      `http://127.0.0.1:${t.config.port}/`,
      `http://localhost:${t.config.port}/api/health`,
      "https://localhost/push",
      "https://localhost./push",
      "https://push.localhost/x",
      "https://169.254.169.254/latest/meta-data",
      "https://0x7f.1/x", // the URL parser reads it as 127.0.0.1
      "https://2130706433/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[fd00::1]/x",
      "https://93.184.216.34/x", // public, but an IP literal: push services are named
    ];
    for (const endpoint of refused)
      expectError(
        await t.call(user, "POST", "/api/push/subscriptions", { json: { ...device(1), endpoint } }),
        400,
        "PUSH_ENDPOINT_NOT_PUBLIC",
        /endpoint/,
      );
    expect((await t.call<ReminderSettings>(user, "GET", "/api/reminders")).body.push.devices).toBe(0);
    const named = await t.call<ReminderSettings>(user, "POST", "/api/push/subscriptions", {
      json: device(1),
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.push.devices).toBe(1);
  });
});
