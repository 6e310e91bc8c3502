// The service worker (docs/decisions/0022; reminders: 0033), built by vite-plugin-pwa's
// injectManifest (scripts/vite-pwa.ts) into dist/web/sw.js. The app shell part does what Workbox's generateSW did
// before: precache the build, answer every navigation with the precached index.html (the API and direct links to
// files excepted), and take over at once on a new release. The reminders part shows pushes and handles their
// actions (lib/pwa/sw-reminders.ts).
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { handleNotificationClick, showPush } from "./lib/pwa/sw-reminders";
import { resubscribe } from "./lib/pwa/sw-resubscribe";
import type { ServiceWorkerScope } from "./lib/pwa/sw-scope";

type ExtendableEvent = Event & { waitUntil: (promise: Promise<unknown>) => void };
type PushEvent = ExtendableEvent & { data: { text: () => string } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification; action: string };
type SubscriptionChangeEvent = ExtendableEvent & {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
};
type Events = {
  push: PushEvent;
  notificationclick: NotificationEvent;
  pushsubscriptionchange: SubscriptionChangeEvent;
};
type Scope = ServiceWorkerScope & {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  __WB_DISABLE_DEV_LOGS: boolean;
  skipWaiting: () => Promise<void>;
  addEventListener: <K extends keyof Events>(type: K, listener: (event: Events[K]) => void) => void;
  /** The handlers the events call, for the browser test (e2e/reminders-push.spec.ts), which cannot click an OS
   * notification nor make Chromium's push service deliver. */
  habitStreaksReminders: {
    showPush: (text: string | null) => Promise<void>;
    handleNotificationClick: (notification: Notification, action: string) => Promise<void>;
  };
};
declare const self: Scope;

self.__WB_DISABLE_DEV_LOGS = true;
void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), {
    denylist: [/^\/api\//, /\/[^/]+\.[a-z0-9]+$/i],
  }),
);

self.habitStreaksReminders = {
  showPush: (text) => showPush(self, text),
  handleNotificationClick: (notification, action) => handleNotificationClick(self, notification, action),
};

self.addEventListener("push", (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  event.waitUntil(self.habitStreaksReminders.showPush(text));
});

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(self.habitStreaksReminders.handleNotificationClick(event.notification, event.action));
});

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(resubscribe(self, event.oldSubscription?.endpoint ?? null, event.newSubscription ?? null));
});
