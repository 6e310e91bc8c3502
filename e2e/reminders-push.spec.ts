// In Chromium, the service worker shows a pushed reminder, and its Done action marks the habit through the outbox
// without opening a window. Playwright cannot click an OS notification, and this machine's Chromium has no reachable
// push service, so the test calls the very handlers the worker's push and notificationclick events call
// (src/web/sw.ts exposes them as self.habitStreaksReminders) with the payload the server sends
// (core/reminders/habits-left.ts reminderPush), and reads the notification back from the registration.
import type { BrowserContext, Page, Worker } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { reminderPush, testPush } from "../src/core/reminders/habits-left";
import { messages } from "../src/core/messages";
import { openToday, seedHabits, serverHabits, todayIn, toggleOf } from "./support/habits";
import { OFFLINE_ERRORS, waitForServiceWorker } from "./support/offline";
import { reloadApp } from "./support/page-clock";

test.use({ serviceWorkers: "allow", timezoneId: "UTC" });

const copy = messages.reminderSettings;
type Shown = { title: string; body: string; tag: string; actions: { action: string; title: string }[] };
type SwScope = typeof globalThis & {
  registration: ServiceWorkerRegistration;
  habitStreaksReminders: {
    showPush: (text: string | null) => Promise<void>;
    handleNotificationClick: (notification: Notification, action: string) => Promise<void>;
  };
};

async function serviceWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await waitForServiceWorker(page);
  await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
  return context.serviceWorkers()[0]!;
}

/** The push event's handler, with the JSON the server would encrypt. */
async function push(worker: Worker, payload: unknown): Promise<Shown[]> {
  return worker.evaluate(async (text) => {
    const sw = self as unknown as SwScope;
    await sw.habitStreaksReminders.showPush(text);
    const shown = await sw.registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map((a) => ({
        action: a.action,
        title: a.title,
      })),
    }));
  }, JSON.stringify(payload));
}

/** notificationclick on the notification with `tag`, as a click on the action `action` ("" for its body). */
async function click(worker: Worker, tag: string, action: string): Promise<void> {
  await worker.evaluate(
    async ([tag, action]) => {
      const sw = self as unknown as SwScope;
      const [notification] = await sw.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification with tag ${tag}`);
      await sw.habitStreaksReminders.handleNotificationClick(notification, action);
    },
    [tag, action] as const,
  );
}

/** The user the worker writes a Done for, saved by the app on each visit (lib/reminders/visit.ts). */
const deviceUser = (worker: Worker) =>
  worker.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open("habit-streaks-device");
        // Not there yet: leave it to the app to create (an empty database here would have no store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("device")) return resolve(null);
          const get = db.transaction("device").objectStore("device").get("pushUser");
          get.onsuccess = () => resolve(get.result ?? null);
        };
        open.onerror = (event) => {
          event.preventDefault();
          resolve(null);
        };
      }),
  );

test("the service worker shows a pushed reminder, and its Done marks the habit without opening a window", async ({
  context,
  signedInPage: page,
  server,
  user,
}) => {
  await context.grantPermissions(["notifications"]);
  await seedHabits(server, user, [{ name: "Read" }, { name: "Stretch" }]);
  const today = todayIn("UTC");
  await openToday(page);
  const worker = await serviceWorker(context, page);
  await expect.poll(() => deviceUser(worker)).toBe(user.id);
  const read = (await serverHabits(server, user)).find((h) => h.name === "Read")!;

  const payload = reminderPush("r1", today, [{ id: read.id, name: "Read" }])!;
  const shown = await push(worker, payload);
  expect(shown).toEqual([
    {
      title: "Habit Streaks",
      body: "1 habit left today: Read",
      tag: `reminder-${today}-r1`,
      actions: [
        { action: "done", title: copy.doneAction },
        { action: "open", title: copy.openAction },
      ],
    },
  ]);

  const pages = context.pages().length;
  await click(worker, payload.tag, "done");
  await expect
    .poll(async () => (await serverHabits(server, user)).find((h) => h.name === "Read")?.completedDates)
    .toEqual([today]);
  expect(context.pages().length).toBe(pages); // no window opened
  expect(
    await worker.evaluate(() => (self as unknown as SwScope).registration.getNotifications()),
  ).toHaveLength(0);
  // The open tab was told: Read is ticked without a reload, and after one.
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  await reloadApp(page);
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  await expect(toggleOf(page, "Stretch")).toHaveAttribute("aria-pressed", "false");
});

test("a reminder naming several habits offers only Open; a click on a one-habit reminder opens its page", async ({
  context,
  signedInPage: page,
  server,
  user,
}) => {
  await context.grantPermissions(["notifications"]);
  await seedHabits(server, user, [{ name: "Read" }, { name: "Stretch" }]);
  await openToday(page);
  const worker = await serviceWorker(context, page);
  const habits = (await serverHabits(server, user)).map((h) => ({ id: h.id, name: h.name }));
  const several = reminderPush("r2", todayIn("UTC"), habits)!;
  const [shown] = await push(worker, several);
  expect(shown?.body).toBe(messages.reminderDelivery.leftToday(habits.map((h) => h.name)));
  expect(shown?.actions).toEqual([{ action: "open", title: copy.openAction }]);
  await click(worker, several.tag, "done"); // no Done here: as Open, on the app already open at Today
  await expect(page).toHaveURL(/\/$/);
  expect((await serverHabits(server, user)).every((h) => h.completedDates.length === 0)).toBe(true);

  const read = habits.find((h) => h.name === "Read")!;
  const one = reminderPush("r3", todayIn("UTC"), [read])!;
  await push(worker, one);
  await click(worker, one.tag, ""); // the notification's body
  await expect(page).toHaveURL(new RegExp(`/habits/${read.id}$`));
  await expect(page.getByTestId("habit-page")).toBeVisible();
  expect((await serverHabits(server, user)).every((h) => h.completedDates.length === 0)).toBe(true);

  const test = testPush();
  const all = await push(worker, test);
  expect(all.find((n) => n.tag === "reminder-test")).toMatchObject({
    title: test.title,
    body: test.body,
    actions: [],
  });
});

test("Done offline stays in the outbox, and the app sends it when the connection is back", async ({
  context,
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  await context.grantPermissions(["notifications"]);
  await seedHabits(server, user, [{ name: "Read" }]);
  const today = todayIn("UTC");
  await openToday(page);
  const worker = await serviceWorker(context, page);
  await expect.poll(() => deviceUser(worker)).toBe(user.id);
  const [read] = await serverHabits(server, user);
  const payload = reminderPush("r4", today, [{ id: read!.id, name: "Read" }])!;
  await push(worker, payload);

  await context.setOffline(true);
  await click(worker, payload.tag, "done");
  // Marked on the device at once; the server has not heard of it.
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  expect((await serverHabits(server, user))[0]?.completedDates).toEqual([]);

  await context.setOffline(false);
  await expect.poll(async () => (await serverHabits(server, user))[0]?.completedDates).toEqual([today]);
});
