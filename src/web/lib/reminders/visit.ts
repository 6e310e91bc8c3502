// Once per app start after sign-in: the browser's time zone goes to the server, so that reminders follow
// a traveller; the service worker learns whose local store a notification's "Done" writes to (the user signed in
// here last), and a push subscription this device already has is posted again for that user. Loaded with import()
// after the first paint (app/guards.tsx): none of it is in the initial JavaScript. Fire and forget.
import { savePushUser } from "../pwa/push-device";
import { currentSubscription } from "./push-device-subscription";
import { remindersApi } from "./reminders-api";

let started: string | null = null;

export function browserZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return typeof zone === "string" && zone !== "" ? zone : null;
}

export async function onVisit(userId: string): Promise<void> {
  if (started === userId) return;
  started = userId;
  const zone = browserZone();
  if (zone !== null) await remindersApi.setTimeZone(zone).catch(() => undefined);
  if (typeof indexedDB !== "undefined") await savePushUser(userId).catch(() => undefined);
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const subscription = await currentSubscription();
  if (subscription) await remindersApi.subscribe(subscription.toJSON()).catch(() => undefined);
}
