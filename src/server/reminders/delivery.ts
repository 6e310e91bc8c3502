// Sending a reminder (docs/decisions/0033-reminders.md): what is left on the user's day, then every
// push device, or the e-mail digest for a user without one. One user's slow or failing channel never stops
// another's: the scheduler runs deliveries in a pool fair across users, and each send is bounded and its failure
// logged (docs/decisions/0054-push-to-public-addresses-fairly.md).
import { dayFor } from "../../core/day-start";
import { messagesIn } from "../../core/messages/in-locale";
import { habitsLeft, reminderPush, testPush } from "../../core/reminders/habits-left";
import type { PushPayload } from "../../core/reminders/push-payload";
import { minutesOfTime } from "../../core/reminders/reminder-time";
import type { Db } from "../db/database";
import type { Logger } from "../log/logger";
import { accountLocale } from "../profile/account-locale";
import { readSettings } from "../sync/settings.repo";
import type { PushSender } from "./push-sender";
import type { ReminderMail, ReminderMailer } from "./reminder-mailer";
import {
  deleteExpiredSubscription,
  digestAddress,
  habitsOnDay,
  listSubscriptions,
  recordPushFailure,
  resetPushFailures,
  type ReminderRow,
} from "./reminders.repo";
import { unsubscribeToken } from "./unsubscribe-token";

export type Channels = {
  push: PushSender;
  mailer: ReminderMailer;
  /** The server's auth secret, which signs the unsubscribe links. */
  secret: string;
  /** The app's public URL (BASE_URL). */
  appUrl: string;
  logger: Logger;
  /** The server's clock: when a device was dropped. */
  now: () => Date;
};

/**
 * A device whose push service fails this many pushes in a row (no answer in time, an error, a refused address) is
 * dropped, and Settings says so: a brief outage keeps the device, a dead endpoint stops costing every reminder its
 * timeout (docs/decisions/0054-push-to-public-addresses-fairly.md).
 */
export const PUSH_FAILURES_MAX = 5;

export const unsubscribeUrl = (channels: Pick<Channels, "secret" | "appUrl">, userId: string) =>
  `${channels.appUrl}/api/reminders/unsubscribe?token=${unsubscribeToken(channels.secret, userId)}`;

/**
 * Pushes to every device of the user at once (at most PUSH_DEVICES_MAX, each bounded by the sender's timeouts);
 * devices the push service no longer knows are deleted, and those that keep failing are dropped.
 */
async function pushToDevices(db: Db, channels: Channels, userId: string, payload: PushPayload) {
  const devices = await listSubscriptions(db, userId);
  const outcomes = await Promise.all(
    devices.map(async (device) => {
      const outcome = await channels.push(device, payload);
      if (outcome === "accepted" && device.failures > 0)
        await resetPushFailures(db, device.endpoint, device.p256dh);
      if (outcome === "gone") await deleteExpiredSubscription(db, device.endpoint, device.p256dh);
      if (
        outcome === "failed" &&
        (await recordPushFailure(db, device, PUSH_FAILURES_MAX, channels.now().toISOString()))
      )
        channels.logger.warn(
          { userId, failures: PUSH_FAILURES_MAX },
          "a push device that kept failing was removed",
        );
      return outcome;
    }),
  );
  const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
  return { devices: devices.length, accepted: count("accepted"), gone: count("gone") };
}

/** E-mail goes to a user who has it on, on a verified address, and no push device, when SMTP is configured. */
async function mailTo(
  db: Db,
  channels: Channels,
  userId: string,
  subject: string,
  text: string,
  texts: ReminderMail["texts"],
) {
  if (!channels.mailer.available) return false;
  const to = await digestAddress(db, userId);
  if (!to) return false;
  await channels.mailer.send({ to, subject, text, texts, unsubscribeUrl: unsubscribeUrl(channels, userId) });
  return true;
}

export type DeliveryOutcome = "sent" | "nothing-left" | "no-channel" | "failed";

/**
 * Sends reminder `reminder` for the local date `fireDate` (the date whose wall time fired): the user's day is that
 * date with the day start applied. Nothing is sent when nothing due is left undone.
 */
export async function deliverReminder(
  db: Db,
  channels: Channels,
  reminder: ReminderRow,
  fireDate: string,
): Promise<{ outcome: DeliveryOutcome; day: string }> {
  const { dayStart, vacations, weekStart } = await readSettings(db, reminder.userId);
  const day = dayFor(fireDate, minutesOfTime(reminder.time), dayStart);
  // Without the user's choice the browser's locale decides the week; the server has none: weeks from Monday.
  const habits = habitsLeft(
    await habitsOnDay(db, reminder.userId, day),
    day,
    vacations,
    reminder.habitId,
    weekStart ?? 1,
  );
  // In the account's language (profile/account-locale.ts), push and mail alike.
  const m = messagesIn(await accountLocale(db, reminder.userId));
  const payload = reminderPush(reminder.id, day, habits, m);
  if (payload === null) return { outcome: "nothing-left", day };
  const pushed = await pushToDevices(db, channels, reminder.userId, payload);
  if (pushed.accepted > 0) return { outcome: "sent", day };
  // No device, or every device gone: the digest, when the user has it on. A device that failed otherwise keeps
  // the user on push (the next reminder tries again) rather than a mail as well.
  if (pushed.devices > pushed.gone) return { outcome: "failed", day };
  const names = habits.map((habit) => habit.name);
  const mailed = await mailTo(
    db,
    channels,
    reminder.userId,
    m.reminderDelivery.mailSubject(names),
    payload.body,
    m.reminderDelivery,
  );
  return { outcome: mailed ? "sent" : "no-channel", day };
}

/** POST /api/reminders/test: a test reminder now, on every channel the user has. */
export async function sendTestReminder(db: Db, channels: Channels, userId: string) {
  const m = messagesIn(await accountLocale(db, userId));
  const payload = testPush(m);
  const pushed = await pushToDevices(db, channels, userId, payload);
  let email = false;
  if (pushed.devices === pushed.gone) {
    try {
      email = await mailTo(
        db,
        channels,
        userId,
        m.reminderDelivery.mailTestSubject,
        payload.body,
        m.reminderDelivery,
      );
    } catch (err) {
      channels.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        "test reminder mail failed",
      );
    }
  }
  return { push: pushed.accepted, email };
}
