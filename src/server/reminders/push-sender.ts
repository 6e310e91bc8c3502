// The Web Push channel (issue 12): web-push encrypts each payload for the device and signs the request with the
// server's VAPID key. A push service that answers 404 or 410 has dropped the subscription: it is deleted.
import webpush, { WebPushError } from "web-push";
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

export function createPushSender(vapid: VapidConfig, logger: Logger): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return async (subscription, payload) => {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: "normal", timeout: PUSH_TIMEOUT_MS },
      );
      return "accepted";
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) return "gone";
      logger.warn(
        {
          service: serviceOf(subscription.endpoint),
          status,
          error: error instanceof Error ? error.message.slice(0, 200) : String(error),
        },
        "push service refused a reminder",
      );
      return "failed";
    }
  };
}
