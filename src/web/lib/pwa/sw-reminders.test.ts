import { describe, expect, it, vi } from "vitest";
import { messages } from "../../../core/messages";
import { doneOp } from "./sw-done";
import { clickOutcome, notificationOf, payloadOfText } from "./sw-reminders";
import { resubscribe } from "./sw-resubscribe";
import { applicationServerKey } from "./push-key";
import type { ReminderPushHabit } from "../../../core/reminders/push-payload";

const copy = messages.reminderSettings;
const reminder = (habits: ReminderPushHabit[]) => ({
  type: "reminder" as const,
  title: "Habit Streaks",
  body: messages.reminderDelivery.leftToday(habits.map((h) => h.name)),
  date: "2026-11-22",
  habits,
  tag: "reminder-2026-11-22-r1",
});

describe("the service worker's reminder notifications", () => {
  it("shows a one-habit reminder with Done and Open, and a click that marks that habit on the reminder's day", () => {
    const { title, options } = notificationOf(reminder([{ id: "h1", name: "Read" }]));
    expect(title).toBe("Habit Streaks");
    expect(options.body).toBe("1 habit left today: Read");
    expect(options.tag).toBe("reminder-2026-11-22-r1");
    expect(options.actions).toEqual([
      { action: "done", title: copy.doneAction },
      { action: "open", title: copy.openAction },
    ]);
    expect(clickOutcome(options.data, "done")).toEqual({
      kind: "done",
      habitId: "h1",
      date: "2026-11-22",
      url: "/habits/h1",
    });
    expect(clickOutcome(options.data, "open")).toEqual({ kind: "open", url: "/habits/h1" });
    expect(clickOutcome(options.data, "")).toEqual({ kind: "open", url: "/habits/h1" });
  });

  it("offers only Open for a measured habit, whose day takes a number: it opens the habit's page", () => {
    const payload = reminder([{ id: "h1", name: "Water", kind: "measurable" }]);
    const { options } = notificationOf(payloadOfText(JSON.stringify(payload)));
    expect(options.actions).toEqual([{ action: "open", title: copy.openAction }]);
    expect(clickOutcome(options.data, "done")).toEqual({ kind: "open", url: "/habits/h1" });
  });

  it("writes Done as a tick of a yes/no habit only: never the refused tick of a habit that counts a number", () => {
    // A notification shown with "Done" (its payload without the habit's kind), clicked on a device that holds the
    // habit: a measurable or quit habit gets no op, and the click opens its page.
    expect(doneOp({ kind: "measurable" }, "h1", "2026-11-22")).toBeNull();
    expect(doneOp({ kind: "quit" }, "h1", "2026-11-22")).toBeNull();
    for (const habit of [{ kind: "yesNo" as const }, undefined])
      expect(doneOp(habit, "h1", "2026-11-22")).toEqual({
        opId: expect.any(String),
        type: "setDay",
        habitId: "h1",
        date: "2026-11-22",
        state: "done",
      });
  });

  it("offers only Open for several habits, which opens Today", () => {
    const { options } = notificationOf(
      reminder([
        { id: "h1", name: "Read" },
        { id: "h2", name: "Stretch" },
      ]),
    );
    expect(options.body).toBe("2 habits left today: Read, Stretch");
    expect(options.actions).toEqual([{ action: "open", title: copy.openAction }]);
    expect(clickOutcome(options.data, "done")).toEqual({ kind: "open", url: "/" });
  });

  it("shows a test push as it comes, and something for a push that is not ours", () => {
    const test = notificationOf({ type: "test", title: "Habit Streaks", body: "Reminders are on." });
    expect(test.title).toBe("Habit Streaks");
    expect(test.options.body).toBe("Reminders are on.");
    expect(test.options.actions).toBeUndefined();
    expect(notificationOf(payloadOfText("not json")).title).toBe(copy.fallbackTitle);
    expect(payloadOfText(null)).toBeNull();
    expect(payloadOfText(JSON.stringify(reminder([{ id: "h1", name: "Read" }])))?.type).toBe("reminder");
  });

  it("never opens another site nor marks a day from a notification's foreign data", () => {
    expect(clickOutcome({ url: "https://evil.example/" }, "open")).toEqual({ kind: "open", url: "/" });
    expect(clickOutcome({ url: "/habits/h1", habitId: "h1", date: "2026-13-40" }, "done")).toEqual({
      kind: "open",
      url: "/habits/h1",
    });
    expect(clickOutcome(null, "done")).toEqual({ kind: "open", url: "/" });
  });
});

describe("applicationServerKey", () => {
  it("decodes base64url, padded or not, and refuses anything else", () => {
    expect([...applicationServerKey("AQID_-8")]).toEqual([1, 2, 3, 255, 239]);
    expect([...applicationServerKey("AQID_-8=")]).toEqual([1, 2, 3, 255, 239]);
    expect(() => applicationServerKey("a+b/")).toThrow(SyntaxError);
  });
});

describe("resubscribe (pushsubscriptionchange)", () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fresh = {
    endpoint: "https://push.example/new",
    toJSON: () => ({ endpoint: "https://push.example/new", keys: { p256dh: "p", auth: "a" } }),
  } as unknown as PushSubscription;

  function scope(answers: Response[], subscribe = vi.fn(async () => fresh)) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift() ?? json({}));
    const sw = {
      registration: { pushManager: { subscribe } } as unknown as ServiceWorkerRegistration,
      clients: { matchAll: async () => [], openWindow: async () => null },
      location: { origin: "https://app.example" },
      fetch: fetch as unknown as typeof globalThis.fetch,
    };
    return { sw, fetch, subscribe };
  }

  it("subscribes with the server's key, posts the new subscription and removes the old endpoint", async () => {
    const { sw, fetch, subscribe } = scope([json({ push: { publicKey: "AQID" } }), json({}), json({})]);
    expect(await resubscribe(sw, "https://push.example/old", null)).toBe(true);
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method ?? "GET", init?.body])).toEqual([
      ["/api/reminders", "GET", undefined],
      ["/api/push/subscriptions", "POST", JSON.stringify(fresh.toJSON())],
      ["/api/push/subscriptions", "DELETE", JSON.stringify({ endpoint: "https://push.example/old" })],
    ]);
  });

  it("posts a subscription the browser already made, and does nothing signed out", async () => {
    const given = scope([json({})]);
    expect(await resubscribe(given.sw, null, fresh)).toBe(true);
    expect(given.subscribe).not.toHaveBeenCalled();
    expect(given.fetch).toHaveBeenCalledTimes(1);

    const signedOut = scope([json({ error: { code: "UNAUTHENTICATED", message: "signed out" } }, 401)]);
    expect(await resubscribe(signedOut.sw, "https://push.example/old", null)).toBe(false);
    expect(signedOut.subscribe).not.toHaveBeenCalled();
    expect(signedOut.fetch).toHaveBeenCalledTimes(1);
  });
});
