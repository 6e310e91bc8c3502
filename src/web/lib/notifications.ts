// A thin wrapper over the browser's Notification API, so screens never touch the global directly.
export type PermissionState = NotificationPermission | "unsupported";

function api(): typeof Notification | undefined {
  return typeof window !== "undefined" && "Notification" in window ? window.Notification : undefined;
}

export function notificationPermission(): PermissionState {
  return api()?.permission ?? "unsupported";
}

/** Asks the browser only while the user has not decided; otherwise answers the decision already made. */
export async function requestNotificationPermission(): Promise<PermissionState> {
  const Api = api();
  if (!Api) return "unsupported";
  if (Api.permission !== "default") return Api.permission;
  return Api.requestPermission();
}

/** Shows a notification when allowed; false when not allowed or when the browser refuses the constructor. */
export function showNotification(title: string, body: string): boolean {
  const Api = api();
  if (!Api || Api.permission !== "granted") return false;
  try {
    new Api(title, { body, icon: "/favicon.svg", tag: "habit-streaks" });
    return true;
  } catch {
    // Chrome on Android only shows notifications from a service worker; the constructor throws there.
    return false;
  }
}
