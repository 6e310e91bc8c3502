// pushsubscriptionchange in the service worker.
import { applicationServerKey } from "./push-key";
import { isRecord, type ServiceWorkerScope } from "./sw-scope";

/** The VAPID public key of GET /api/reminders. */
function publicKeyOf(value: unknown): string | null {
  if (!isRecord(value) || !isRecord(value.push)) return null;
  const key = value.push.publicKey;
  return typeof key === "string" && key !== "" ? key : null;
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
