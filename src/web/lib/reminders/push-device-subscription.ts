// This device's push subscription: asked for with the server's VAPID key, posted to the server, and
// remembered for the service worker (lib/pwa/push-device.ts), which writes a notification's "Done" for its user.
import { savePushUser } from "../pwa/push-device";
import { applicationServerKey } from "../pwa/push-key";
import { remindersApi, type ReminderSettings } from "./reminders-api";

/** The service worker's registration, when there is one (none in development, nor where service workers are blocked). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const found = await navigator.serviceWorker.getRegistration("/").catch(() => undefined);
  if (!found) return null;
  // The first visit registers the worker after the load event: wait until it is active.
  return found.active ? found : navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await registration();
  return found ? found.pushManager.getSubscription().catch(() => null) : null;
}

/**
 * Subscribes this device (the notification permission must be granted) and tells the server. Null when this
 * browser cannot receive pushes; throws when the push service or the server refused.
 */
export async function subscribeDevice(userId: string, publicKey: string): Promise<ReminderSettings | null> {
  const found = await registration();
  if (!found) return null;
  const key = applicationServerKey(publicKey);
  let subscription = await found.pushManager.getSubscription();
  const sameKey = (s: PushSubscription) => {
    const used = s.options.applicationServerKey;
    return used !== null && equalBytes(new Uint8Array(used), key);
  };
  // A subscription made with another key (the server's keys changed) cannot receive our pushes.
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  subscription ??= await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const settings = await remindersApi.subscribe(subscription.toJSON());
  await savePushUser(userId);
  return settings;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
