import { useState } from "react";
import { readStorage, WEB_STORAGE_KEYS, writeStorage } from "../../lib/storage";
import { Button } from "../../ui/button";
import { BellIcon } from "../../ui/icons";
import { notificationPermission, requestNotificationPermission } from "../../lib/notifications";

const DISMISSED = WEB_STORAGE_KEYS.notificationPromptDismissed;

/**
 * SPEC §2/§9: notification permission is asked on Today. Browsers punish unprompted requests, so we ask only
 * from this gentle card, only while the user has not decided, and never again after 'Not now'.
 */
export function NotificationPrompt() {
  const [visible, setVisible] = useState(
    () => notificationPermission() === "default" && readStorage(DISMISSED) !== "true",
  );
  if (!visible) return null;

  const dismiss = () => {
    writeStorage(DISMISSED, "true");
    setVisible(false);
  };
  const enable = async () => {
    const result = await requestNotificationPermission();
    if (result === "default") writeStorage(DISMISSED, "true"); // closed without deciding: do not ask again
    setVisible(false);
  };

  return (
    <section
      aria-labelledby="notify-title"
      data-testid="notification-prompt"
      className="flex flex-col gap-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-4 sm:flex-row sm:items-center dark:border-indigo-900 dark:bg-indigo-950/50"
    >
      <div className="flex flex-1 items-start gap-3">
        <span className="mt-0.5 text-indigo-700 dark:text-indigo-300">
          <BellIcon />
        </span>
        <div>
          <h2 id="notify-title" className="text-sm font-semibold text-slate-900 dark:text-white">
            Want a gentle daily reminder?
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Allow notifications so Habit Streaks can nudge you.
          </p>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button variant="ghost" onClick={dismiss}>
          Not now
        </Button>
        <Button variant="primary" onClick={() => void enable()}>
          Enable notifications
        </Button>
      </div>
    </section>
  );
}
