// The service worker's side of reminders (issue 12): a push becomes a notification with the
// actions "Done" (one habit only) and "Open"; "Done" marks the habit on the reminder's day through the web app's
// outbox, without opening a window; "Open" (or a click on the body) focuses the app or opens it. Everything here
// runs in the service worker (src/web/sw.ts registers it) and is exported so that a browser test can drive the
// very functions the events call.
import { DEFAULT_DAY_START, todayInZoneAt } from "../../../core/day-start";
import { isLocalDate, type LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import {
  PUSH_ACTION_DONE,
  PUSH_ACTION_OPEN,
  type PushPayload,
  readPushPayload,
} from "../../../core/reminders/push-payload";
import type { SyncOp, SyncPushResult } from "../../../core/sync";
import { nextBatch, settleBatch } from "../sync/outbox";
import { commitLocal, dropOps, openReplicaDb, readOutbox } from "../sync/replica-db";
import { opChanges } from "../sync/replica-state";
import type { TabMessage } from "../sync/sync-engine";
import { pushUser } from "./push-device";
import { applicationServerKey } from "./push-key";

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

/** The parts of the service worker's global scope these handlers use (the DOM types have no ServiceWorkerGlobalScope). */
export type WindowClientLike = {
  url: string;
  focus: () => Promise<unknown>;
  navigate?: (url: string) => Promise<unknown>;
};
export type ServiceWorkerScope = {
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll: (options: {
      type: "window";
      includeUncontrolled: boolean;
    }) => Promise<readonly WindowClientLike[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  location: { origin: string };
  fetch: typeof fetch;
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
  const data: ReminderData = only
    ? { url: `/habits/${encodeURIComponent(only.id)}`, date: payload.date, habitId: only.id }
    : { url: "/" };
  const actions: Action[] = [
    ...(only ? [{ action: PUSH_ACTION_DONE, title: copy.doneAction }] : []),
    { action: PUSH_ACTION_OPEN, title: copy.openAction },
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

/** The device's calendar day: never before the user's day (a day start only moves today earlier). */
const calendarToday = (now = new Date()) =>
  todayInZoneAt(now, Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", DEFAULT_DAY_START);

/**
 * "Done": the same setDay op a tick on Today writes (store-writes.ts), into the outbox of the user signed in here
 * last (push-device.ts); open tabs reload their copy; then the outbox is sent. Offline, the op waits in the outbox and the app sends
 * it later. False when there is no user to write for.
 */
export async function markDone(
  scope: ServiceWorkerScope,
  habitId: string,
  date: LocalDate,
): Promise<boolean> {
  const userId = await pushUser().catch(() => null);
  if (userId === null) return false;
  const db = await openReplicaDb(userId);
  const channel =
    typeof BroadcastChannel === "function" ? new BroadcastChannel(`habit-streaks-${userId}`) : null;
  const post = (message: TabMessage) => channel?.postMessage(message);
  try {
    const op: SyncOp = { opId: crypto.randomUUID(), type: "setDay", habitId, date, state: "done" };
    await commitLocal(db, op, opChanges(op, new Date().toISOString()));
    post({ type: "changed" });
    if (await sendOutbox(scope, db)) post({ type: "changed" });
    else post({ type: "kick" }); // an open tab sends it when it can
    return true;
  } finally {
    channel?.close();
    db.close();
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The push answer's shape as far as settleBatch reads it (the page's client parses it with the contract's zod). */
function isPushResult(value: unknown): value is SyncPushResult {
  return (
    isRecord(value) &&
    Array.isArray(value.results) &&
    value.results.every((r) => isRecord(r) && typeof r.opId === "string" && typeof r.status === "string")
  );
}

/** The VAPID public key of GET /api/reminders. */
function publicKeyOf(value: unknown): string | null {
  if (!isRecord(value) || !isRecord(value.push)) return null;
  const key = value.push.publicKey;
  return typeof key === "string" && key !== "" ? key : null;
}

/**
 * Sends the outbox's next batch, as the app's sync loop does (outbox.ts: in order, held ops and imports stay);
 * answered ops leave it. The server ignores an op it has seen (by opId), so a tab sending the same ops is harmless.
 * False when nothing could be sent (offline, signed out, an error): the ops stay for the app.
 */
export async function sendOutbox(scope: ServiceWorkerScope, db: IDBDatabase): Promise<boolean> {
  const batch = nextBatch((await readOutbox(db)).outbox);
  if (batch.length === 0) return true;
  try {
    const response = await scope.fetch("/api/sync/push", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-Local-Date": calendarToday(),
      },
      body: JSON.stringify({ ops: batch.map((queued) => queued.op) }),
    });
    if (!response.ok) return false;
    const answer: unknown = await response.json();
    if (!isPushResult(answer)) return false;
    const { done } = settleBatch(batch, answer.results);
    await dropOps(db, done);
    return done.length > 0;
  } catch {
    return false;
  }
}

/**
 * pushsubscriptionchange: the push service replaced (or dropped) the subscription. Subscribes again with the
 * server's key and posts the new one; the old endpoint is removed. Needs the session cookie: signed out, nothing.
 */
export async function resubscribe(
  scope: ServiceWorkerScope,
  oldEndpoint: string | null,
  fresh: PushSubscription | null,
): Promise<boolean> {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  try {
    let subscription = fresh;
    if (!subscription) {
      const settings = await scope.fetch("/api/reminders", { credentials: "same-origin", headers });
      if (!settings.ok) return false;
      const publicKey = publicKeyOf(await settings.json());
      if (publicKey === null) return false;
      subscription = await scope.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      });
    }
    const saved = await scope.fetch("/api/push/subscriptions", {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: JSON.stringify(subscription.toJSON()),
    });
    if (oldEndpoint && oldEndpoint !== subscription.endpoint)
      await scope.fetch("/api/push/subscriptions", {
        method: "DELETE",
        credentials: "same-origin",
        headers,
        body: JSON.stringify({ endpoint: oldEndpoint }),
      });
    return saved.ok;
  } catch {
    return false;
  }
}
