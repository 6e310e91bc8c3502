// The service worker's side of reminders: a push becomes a notification with the
// actions "Done" (one habit only) and "Open"; "Done" marks the habit on the reminder's day through the web app's
// outbox, without opening a window (sw-done.ts); "Open" (or a click on the body) focuses the app or opens it. Everything here
// runs in the service worker (src/web/sw.ts registers it) and is exported so that a browser test can drive the
// very functions the events call.
import { isLocalDate, type LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import {
  PUSH_ACTION_DONE,
  PUSH_ACTION_OPEN,
  type PushPayload,
  readPushPayload,
} from "../../../core/reminders/push-payload";
import { markDone } from "./sw-done";
import type { ServiceWorkerScope } from "./sw-scope";

const copy = messages.reminderSettings;

/** What a notification of ours carries, for its click. */
export type ReminderData = { url: string; date?: LocalDate; habitId?: string };

type Action = { action: string; title: string };
/** NotificationOptions with the fields TypeScript's DOM types leave out (actions are Chromium's, and standard). */
export type ShownOptions = NotificationOptions & {
  actions?: Action[];
  data: ReminderData;
  renotify?: boolean;
};

/** The notification a payload shows; a push that is not ours still shows one (browsers require it). */
export function notificationOf(payload: PushPayload | null): { title: string; options: ShownOptions } {
  const icon = "/icons/icon-192.png";
  if (payload === null)
    return { title: copy.fallbackTitle, options: { body: "", icon, badge: icon, data: { url: "/" } } };
  if (payload.type === "test")
    return {
      title: payload.title,
      options: { body: payload.body, icon, badge: icon, tag: "reminder-test", data: { url: "/" } },
    };
  const only = payload.habits.length === 1 ? payload.habits[0] : undefined;
  // A measured habit's day takes a number, not a tick: its page opens instead.
  const done = only !== undefined && only.kind === undefined;
  const data: ReminderData = only
    ? {
        url: `/habits/${encodeURIComponent(only.id)}`,
        ...(done && { date: payload.date, habitId: only.id }),
      }
    : { url: "/" };
  const actions: Action[] = [
    ...(done ? [{ action: PUSH_ACTION_DONE, title: payload.actions?.done ?? copy.doneAction }] : []),
    { action: PUSH_ACTION_OPEN, title: payload.actions?.open ?? copy.openAction },
  ];
  return {
    title: payload.title,
    options: { body: payload.body, icon, badge: icon, tag: payload.tag, renotify: true, data, actions },
  };
}

/** The payload of a push event's data: JSON text, or nothing readable. */
export function payloadOfText(text: string | null): PushPayload | null {
  if (text === null) return null;
  try {
    return readPushPayload(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The push event: shows the notification. */
export function showPush(scope: ServiceWorkerScope, text: string | null): Promise<void> {
  const { title, options } = notificationOf(payloadOfText(text));
  return scope.registration.showNotification(title, options);
}

const isData = (value: unknown): value is ReminderData =>
  typeof value === "object" && value !== null && "url" in value && typeof value.url === "string";

/** What a click does: mark a habit done (the Done action of a one-habit reminder), or open a page of the app. */
export function clickOutcome(
  data: unknown,
  action: string,
): { kind: "done"; habitId: string; date: LocalDate; url: string } | { kind: "open"; url: string } {
  if (!isData(data) || !data.url.startsWith("/")) return { kind: "open", url: "/" };
  const { url, habitId, date } = data;
  if (
    action === PUSH_ACTION_DONE &&
    typeof habitId === "string" &&
    typeof date === "string" &&
    isLocalDate(date)
  )
    return { kind: "done", habitId, date, url };
  return { kind: "open", url };
}

/** The notificationclick event (and a test's stand-in for it). */
export async function handleNotificationClick(
  scope: ServiceWorkerScope,
  notification: { data: unknown; close: () => void },
  action: string,
): Promise<void> {
  notification.close();
  const outcome = clickOutcome(notification.data, action);
  if (outcome.kind === "done" && (await markDone(scope, outcome.habitId, outcome.date))) return;
  // Not marked (no user has signed in on this browser): the app lets the user do it.
  await openApp(scope, outcome.url);
}

/** Focuses a window of the app (taking it to `url` when it can) or opens one. */
export async function openApp(scope: ServiceWorkerScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scope.location.origin));
  if (!open) {
    await scope.clients.openWindow(url);
    return;
  }
  // Allowed only in a real click (a user activation); a test's stand-in for one cannot focus.
  await open.focus().catch(() => undefined);
  const path = new URL(open.url).pathname;
  if (url !== "/" && path !== url) await open.navigate?.(url).catch(() => undefined);
}
