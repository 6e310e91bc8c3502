// Loaded after the page's load event (start-pwa.ts), so none of this is on the first paint's path.
import { useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { UpdateNotice } from "./update-notice";

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateAvailable = false;
const listeners = new Set<() => void>();
const setUpdateAvailable = (value: boolean) => {
  updateAvailable = value;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function UpdateNoticeHost() {
  const available = useSyncExternalStore(subscribe, () => updateAvailable);
  return (
    <UpdateNotice
      available={available}
      onReload={() => window.location.reload()}
      onDismiss={() => setUpdateAvailable(false)}
    />
  );
}

/**
 * Registers the Workbox service worker (dist/web/sw.js). A new release activates at once (skipWaiting,
 * clientsClaim): when it takes control of a page that an older one controlled, the page offers a reload.
 */
export async function registerServiceWorker(): Promise<void> {
  const container = document.createElement("div");
  container.id = "pwa-update";
  document.body.append(container);
  createRoot(container).render(<UpdateNoticeHost />);

  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first install taking control of this page is no new version.
    if (controlled) setUpdateAvailable(true);
    controlled = true;
  });

  // Without a service worker (blocked, private mode, an old browser) the app still works online.
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
  if (!registration) return;
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}
