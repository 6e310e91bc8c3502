// The Today card "Want a gentle daily reminder?", once the browser allowed notifications: this
// device is subscribed for pushes and the user gets a daily reminder at 20:00 unless they have daily times already.
// Loaded with import() on the card's button, so none of it weighs on the first screen; it brings its texts along.
import { messages } from "../../../core/messages";
import { formatTime } from "../../ui/format-values";
import { queryClient } from "../query-client";
import { subscribeDevice } from "./push-device-subscription";
import { dailyReminders, DEFAULT_REMINDER_TIME } from "./reminder-times";
import { remindersApi } from "./reminders-api";
import { remindersKey } from "./reminders-query";

const copy = messages.reminderSettings;

export type EnableOutcome = { ok: boolean; text: string; link: string };

export async function enableDailyReminder(userId: string): Promise<EnableOutcome> {
  try {
    const settings = await remindersApi.settings();
    const first = dailyReminders(settings.reminders)[0] ?? (await remindersApi.add(DEFAULT_REMINDER_TIME));
    // Push where this browser can take it; the reminder stands either way (the e-mail digest, another device).
    const subscribed = await subscribeDevice(userId, settings.push.publicKey).catch(() => null);
    // A test notification on enabling, through the real push path.
    if (subscribed) await remindersApi.test().catch(() => null);
    return { ok: true, text: copy.promptSet(formatTime(first.time)), link: copy.promptChange };
  } catch {
    return { ok: false, text: copy.promptFailed, link: copy.promptChange };
  } finally {
    void queryClient.invalidateQueries({ queryKey: remindersKey(userId) });
  }
}
