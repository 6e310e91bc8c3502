// The Web Push channel (issue 12): web-push encrypts each payload for the device and signs the request with the
// server's VAPID key. A push service that answers 404 or 410 has dropped the subscription: it is deleted.
import webpush from "web-push";
import type { VapidConfig } from "../config";
import type { Logger } from "../log/logger";
import type { PushPayload } from "../../core/reminders/push-payload";
import type { PushSubscriptionRow } from "./reminders.repo";

/** A reminder not shown within an hour is no longer a reminder of that time. */
export const PUSH_TTL_SECONDS = 3600;
/** A push service that takes longer than this is given up on; the next reminder tries again. */
const PUSH_TIMEOUT_MS = 10_000;

export type PushOutcome = "accepted" | "gone" | "failed";

export type PushSender = (subscription: PushSubscriptionRow, payload: PushPayload) => Promise<PushOutcome>;

/** Where a push went, for the log: the push service's host only (the path names the device, like a secret). */
const serviceOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : "an invalid URL");

/**
 * web-push encrypts the payload (aes128gcm) and signs the VAPID header; the request goes out with fetch, which
 * speaks https to the browsers' push services and plain http to a local one in tests (web-push's own sender only
 * speaks https).
 */
export function createPushSender(vapid: VapidConfig, logger: Logger): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return async (subscription, payload) => {
    let status: number | undefined;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: "normal" },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== "content-length") // fetch sets it from the body
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        redirect: "manual",
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      status = response.status;
      if (status >= 200 && status < 300) return "accepted";
      if (status === 404 || status === 410) return "gone";
      logger.warn({ service: serviceOf(subscription.endpoint), status }, "push service refused a reminder");
      return "failed";
    } catch (error) {
      logger.warn(
        {
          service: serviceOf(subscription.endpoint),
          status,
          error: error instanceof Error ? error.message.slice(0, 200) : String(error),
        },
        "sending a push failed",
      );
      return "failed";
    }
  };
}
