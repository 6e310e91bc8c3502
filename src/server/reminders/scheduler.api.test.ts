// The reminder scheduler end to end on both dialects: the real server under a controlled clock sends
// real pushes to a local push service (web-push-testing, which checks VAPID and decrypts) and real mail to an SMTP
// receiver. Ticks are run by hand after the clock moves (the server's own timer may run one too: the delivery key
// makes that harmless, and the counts below would show a second send).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReminderSettings } from "../../core/contract-schema";
import { testDialects } from "../../../test/support/databases";
import { startMailbox, subjectOf, type Mailbox } from "../../../test/support/mailbox";
import { verifyAddress } from "../../../test/support/verify-email";
import { messages } from "../../core/messages";
import {
  startPushService,
  type PushService,
  type TestSubscription,
} from "../../../test/support/push-service";
import { pinnedClock, useTestServer, type TestServer, type TestUser } from "../../../test/support/api-server";
import { listDeliveries } from "./reminders.repo";
import type { TickResult } from "./scheduler";

let push: PushService;
let mailbox: Mailbox;
beforeAll(async () => {
  [push, mailbox] = await Promise.all([startPushService(), startMailbox()]);
});
afterAll(async () => {
  await Promise.all([push?.close(), mailbox?.close()]);
});

/** Sets the server's clock to `iso` (the pinned clock only moves forward in these tests). */
const setClock = (t: TestServer, iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

/** A tick that surely began after the clock moved: one started earlier by the timer is awaited first. */
async function tick(t: TestServer): Promise<TickResult> {
  const first = await t.running.reminders.tick();
  const second = await t.running.reminders.tick();
  return {
    claimed: first.claimed + second.claimed,
    dropped: first.dropped + second.dropped,
    duplicates: first.duplicates + second.duplicates,
    sent: first.sent + second.sent,
  };
}

function helpers(t: TestServer) {
  const ok = async <T>(user: TestUser, method: string, path: string, json?: unknown, headers = {}) => {
    const res = await t.call<T>(user, method, path, { json, headers });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  return {
    ok,
    /** A user in `timeZone` with habits by name and a daily reminder at `time`. */
    async user(timeZone: string, time: string, habitNames: string[] = ["Read"]) {
      const user = await t.signUp();
      await ok(user, "PUT", "/api/reminders/time-zone", { timeZone });
      const habits: Record<string, string> = {};
      for (const name of habitNames)
        habits[name] = (await ok<{ id: string }>(user, "POST", "/api/habits", { name })).id;
      const reminder = await ok<{ id: string }>(user, "POST", "/api/reminders", { time });
      return { user, habits, reminderId: reminder.id };
    },
    async device(user: TestUser): Promise<TestSubscription> {
      const settings = await ok<ReminderSettings>(user, "GET", "/api/reminders");
      const subscription = await push.subscribe(settings.push.publicKey);
      await ok(user, "POST", "/api/push/subscriptions", {
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      });
      return subscription;
    },
    async mark(user: TestUser, habitId: string, date: string, state: "done" | "skipped") {
      const op = { opId: randomUUID(), type: "setDay", habitId, date, state };
      const result = await ok<{ results: { status: string }[] }>(
        user,
        "POST",
        "/api/sync/push",
        { ops: [op] },
        {
          "x-local-date": date,
        },
      );
      expect(result.results[0]?.status).toBe("applied");
    },
    async update(user: TestUser, habitId: string, fields: Record<string, unknown>, date: string) {
      const op = { opId: randomUUID(), type: "updateHabit", habitId, ...fields };
      const result = await ok<{ results: { status: string }[] }>(
        user,
        "POST",
        "/api/sync/push",
        { ops: [op] },
        { "x-local-date": date },
      );
      expect(result.results[0]?.status).toBe("applied");
    },
  };
}

describe.each(testDialects())("reminders sent by the scheduler on $dialect", (dialect) => {
  const t = useTestServer(dialect, pinnedClock("2026-11-21T12:00:00.000Z"));
  const h = helpers(t);

  it("fires at 20:00 local time in Berlin and in New York, once each", async () => {
    const berlin = await h.user("Europe/Berlin", "20:00");
    const newYork = await h.user("America/New_York", "20:00");
    const [berlinDevice, newYorkDevice] = [await h.device(berlin.user), await h.device(newYork.user)];

    setClock(t, "2026-11-21T18:59:30.000Z"); // 19:59:30 in Berlin
    await tick(t);
    expect(push.received(berlinDevice)).toEqual([]);

    setClock(t, "2026-11-21T19:00:05.000Z"); // 20:00:05 in Berlin, 14:00:05 in New York
    await tick(t);
    expect(push.received(berlinDevice)).toEqual([
      {
        type: "reminder",
        title: "Habit Streaks",
        body: "1 habit left today: Read",
        date: "2026-11-21",
        habits: [{ id: berlin.habits.Read, name: "Read" }],
        tag: `reminder-2026-11-21-${berlin.reminderId}`,
        actions: { done: "Done", open: "Open" },
      },
    ]);
    expect(push.received(newYorkDevice)).toEqual([]);

    setClock(t, "2026-11-22T00:59:50.000Z"); // 19:59:50 in New York
    await tick(t);
    expect(push.received(newYorkDevice)).toEqual([]);
    setClock(t, "2026-11-22T01:00:10.000Z"); // 20:00:10 in New York
    await tick(t);
    expect(push.received(newYorkDevice)).toMatchObject([
      { type: "reminder", date: "2026-11-21", body: "1 habit left today: Read" },
    ]);
    await tick(t);
    expect(push.received(berlinDevice)).toHaveLength(1);
    expect(push.received(newYorkDevice)).toHaveLength(1);
    expect(await listDeliveries(t.running.database.db, berlin.user.id)).toEqual([
      { reminderId: berlin.reminderId, date: "2026-11-21", outcome: "sent" },
    ]);
  });

  it("sends nothing when every due habit is done; a habit not due by its schedule does not count", async () => {
    // 2026-11-22 is a Sunday
    const done = await h.user("Europe/Berlin", "20:00", ["Read", "Work", "Old"]);
    const open = await h.user("Europe/Berlin", "20:00", ["Read", "Work", "Stretch"]);
    const [doneDevice, openDevice] = [await h.device(done.user), await h.device(open.user)];
    for (const who of [done, open])
      await h.update(who.user, who.habits.Work!, { schedule: { weekdays: [1, 2, 3, 4, 5] } }, "2026-11-22");
    await h.update(done.user, done.habits.Old!, { archived: true }, "2026-11-22");
    setClock(t, "2026-11-22T12:00:00.000Z");
    await h.mark(done.user, done.habits.Read!, "2026-11-22", "done");
    await h.mark(open.user, open.habits.Stretch!, "2026-11-22", "skipped");

    setClock(t, "2026-11-22T19:00:03.000Z");
    await tick(t);
    expect(push.received(doneDevice)).toEqual([]);
    expect(push.received(openDevice)).toMatchObject([
      {
        body: "1 habit left today: Read",
        habits: [{ id: open.habits.Read, name: "Read" }],
        date: "2026-11-22",
      },
    ]);
    expect(await listDeliveries(t.running.database.db, done.user.id)).toEqual([
      { reminderId: done.reminderId, date: "2026-11-22", outcome: "nothing-left" },
    ]);
    // The next day (a Monday) Work is due again and nothing is done: both are named
    setClock(t, "2026-11-23T19:00:03.000Z");
    await tick(t);
    expect(push.received(doneDevice)).toMatchObject([
      { body: "2 habits left today: Work, Read", date: "2026-11-23" },
    ]);
  });

  it("deletes a subscription the push service answers 410 for, and still reaches the user's other device", async () => {
    const ada = await h.user("Asia/Kolkata", "08:00");
    const [phone, laptop] = [await h.device(ada.user), await h.device(ada.user)];
    push.expire(phone);
    setClock(t, "2026-11-24T02:30:02.000Z"); // 08:00:02 in Kolkata
    await tick(t);
    expect(push.received(laptop)).toHaveLength(1);
    expect(push.received(phone)).toEqual([]);
    const settings = await h.ok<ReminderSettings>(ada.user, "GET", "/api/reminders");
    expect(settings.push.devices).toBe(1);
    const test = await h.ok<{ push: number; email: boolean }>(ada.user, "POST", "/api/reminders/test");
    expect(test).toEqual({ push: 1, email: false });
    expect(push.received(laptop).at(-1)).toEqual({
      type: "test",
      title: "Habit Streaks",
      body: "Reminders are on. This is how they will look.",
    });
  });

  it("after a restart, sends a reminder that fell due up to an hour before, and drops one two hours late", async () => {
    const late = await h.user("Pacific/Kiritimati", "09:00"); // UTC+14: 09:00 is 19:00 UTC the day before
    const tooLate = await h.user("Pacific/Kiritimati", "08:00");
    const [lateDevice, tooLateDevice] = [await h.device(late.user), await h.device(tooLate.user)];
    setClock(t, "2026-11-24T17:30:00.000Z");
    await tick(t);
    // Down from 17:30 to 19:55: 08:00 (18:00 UTC) is 1 h 55 min late, 09:00 (19:00 UTC) 55 min late
    const running = t.running;
    await running.stop();
    setClock(t, "2026-11-24T19:55:00.000Z");
    await t.restart();
    await tick(t);
    expect(push.received(lateDevice)).toMatchObject([
      { date: "2026-11-25", body: "1 habit left today: Read" },
    ]);
    expect(push.received(tooLateDevice)).toEqual([]);
    // The dropped one fires again at its next time
    setClock(t, "2026-11-25T18:00:04.000Z");
    await tick(t);
    expect(push.received(tooLateDevice)).toMatchObject([{ date: "2026-11-26" }]);
    expect(push.received(lateDevice)).toHaveLength(1);
  });
  it("gives a reminder before the day start to the day before (00:30 with day start 03:00)", async () => {
    const owl = await h.user("Europe/Berlin", "00:30");
    const device = await h.device(owl.user);
    const op = { opId: randomUUID(), type: "setSettings", dayStart: 180 };
    await h.ok(owl.user, "POST", "/api/sync/push", { ops: [op] });
    await h.mark(owl.user, owl.habits.Read!, "2026-11-25", "done");
    setClock(t, "2026-11-25T23:30:04.000Z"); // 00:30 on the 26th in Berlin: still the 25th, when Read is done
    await tick(t);
    expect(push.received(device)).toEqual([]);
    setClock(t, "2026-11-26T23:30:04.000Z"); // 00:30 on the 27th: the 26th, when nothing is done
    await tick(t);
    expect(push.received(device)).toMatchObject([
      { date: "2026-11-26", tag: `reminder-2026-11-26-${owl.reminderId}` },
    ]);
    expect(await listDeliveries(t.running.database.db, owl.user.id)).toEqual([
      { reminderId: owl.reminderId, date: "2026-11-26", outcome: "nothing-left" },
      { reminderId: owl.reminderId, date: "2026-11-27", outcome: "sent" },
    ]);
  });
});

describe.each(testDialects())("the e-mail digest on $dialect", (dialect) => {
  const t = useTestServer(dialect, pinnedClock("2026-11-21T12:00:00.000Z"), {
    env: {
      get SMTP_URL() {
        return mailbox.url;
      },
    } as unknown as Record<string, string>,
  });
  const h = helpers(t);

  it("mails a verified user without a push device, with List-Unsubscribe; the link's button turns it off", async () => {
    const eve = await h.user("Europe/Berlin", "07:30", ["Read", "Stretch"]);
    const unverified = await h.user("Europe/Berlin", "07:30", ["Read"]);
    await verifyAddress(mailbox, t.url, eve.user.email);
    expect((await h.ok<ReminderSettings>(eve.user, "GET", "/api/reminders")).email).toEqual({
      enabled: true,
      available: true,
      verified: true,
    });
    setClock(t, "2026-11-22T06:30:05.000Z");
    await tick(t);
    const mail = await mailbox.waitFor(eve.user.email, { subject: "2 habits left today" });
    // An address nobody confirmed gets no digest (only its verification mail)
    expect(await listDeliveries(t.running.database.db, unverified.user.id)).toEqual([
      { reminderId: unverified.reminderId, date: "2026-11-22", outcome: "no-channel" },
    ]);
    expect(
      mailbox.mails.filter((m) => m.to.includes(unverified.user.email.toLowerCase())).map(subjectOf),
    ).toEqual([messages.account.verifyMailSubject]);
    expect(mail.text).toContain("Subject: 2 habits left today");
    expect(mail.text).toContain("2 habits left today: Stretch, Read"); // Today's order: the newest first
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, " "); // a long header goes on several lines
    const header = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(unfolded);
    expect(header?.[1]).toMatch(/\/api\/reminders\/unsubscribe\?token=/);
    const link = header![1]!;
    expect(mail.text).toContain(link);

    const forged = link.replace(/.(?=$)/, (c) => (c === "A" ? "B" : "A"));
    const refused = await fetch(forged.replace(t.config.baseUrl, t.url));
    expect(refused.status).toBe(400);
    expect((await h.ok<ReminderSettings>(eve.user, "GET", "/api/reminders")).email.enabled).toBe(true);

    const page = await fetch(link.replace(t.config.baseUrl, t.url)); // no cookie
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(messages.reminderDelivery.unsubscribeConfirm);
    expect((await h.ok<ReminderSettings>(eve.user, "GET", "/api/reminders")).email.enabled).toBe(true);
    const pressed = await fetch(link.replace(t.config.baseUrl, t.url), { method: "POST" });
    expect(await pressed.text()).toContain("Reminder e-mails turned off");
    expect((await h.ok<ReminderSettings>(eve.user, "GET", "/api/reminders")).email.enabled).toBe(false);

    const before = mailbox.mails.length;
    setClock(t, "2026-11-23T06:30:05.000Z");
    await tick(t);
    expect(await listDeliveries(t.running.database.db, eve.user.id)).toEqual([
      { reminderId: eve.reminderId, date: "2026-11-22", outcome: "sent" },
      { reminderId: eve.reminderId, date: "2026-11-23", outcome: "no-channel" },
    ]);
    expect(mailbox.mails.length).toBe(before);
  });

  it("sends a push rather than a mail to a user with a device", async () => {
    setClock(t, "2026-11-23T12:00:00.000Z");
    const fay = await h.user("Europe/Berlin", "07:45");
    await verifyAddress(mailbox, t.url, fay.user.email);
    const device = await h.device(fay.user);
    setClock(t, "2026-11-24T06:45:05.000Z");
    await tick(t);
    expect(push.received(device)).toHaveLength(1);
    expect(mailbox.mails.filter((m) => m.to.includes(fay.user.email.toLowerCase())).map(subjectOf)).toEqual([
      messages.account.verifyMailSubject,
    ]);
  });
});

describe.each(testDialects())("a habit's reminder from a backup on $dialect", (dialect) => {
  const t = useTestServer(dialect, pinnedClock("2026-11-21T12:00:00.000Z"));
  const h = helpers(t);

  it("rings on its weekdays only", async () => {
    const user = await t.signUp();
    await h.ok(user, "PUT", "/api/reminders/time-zone", { timeZone: "UTC" });
    const device = await h.device(user);
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday (1).
    const file = [{ name: "Swim", completedDates: [], reminder: { time: "09:00", weekdays: [1] } }];
    const [swim] = await h.ok<{ id: string }[]>(user, "PUT", "/api/habits", file);
    setClock(t, "2026-11-22T09:00:05.000Z");
    await tick(t);
    expect(push.received(device)).toEqual([]);
    setClock(t, "2026-11-23T09:00:05.000Z");
    await tick(t);
    expect(push.received(device)).toMatchObject([
      { type: "reminder", date: "2026-11-23", habits: [{ id: swim!.id, name: "Swim" }] },
    ]);
  });
});
