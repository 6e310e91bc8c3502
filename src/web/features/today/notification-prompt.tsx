import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../lib/current-user";
import { readStorage, WEB_STORAGE_KEYS, writeStorage } from "../../lib/storage";
import { Button } from "../../ui/button";
import { BellIcon } from "../../ui/icons";
import { todayRows } from "../../../core/messages/today-rows";
import { notificationPermission, requestNotificationPermission } from "../../lib/notifications";

const DISMISSED = WEB_STORAGE_KEYS.notificationPromptDismissed;

type Outcome = { ok: boolean; text: string; link: string };

const t = todayRows.notificationPrompt;
/**
 * Notification permission is asked on Today. Browsers punish unprompted requests, so we ask only
 * from this gentle card, only while the user has not decided, and never again after 'Not now'. Allowed, it sets
 * a real daily reminder (lib/reminders/enable-daily-reminder.ts, loaded on the click) and says so.
 */
export function NotificationPrompt() {
  const { id: userId } = useCurrentUser();
  const [visible, setVisible] = useState(
    () => notificationPermission() === "default" && readStorage(DISMISSED) !== "true",
  );
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) said.current?.focus(); // the buttons are gone: keep the keyboard's place on the card
  }, [outcome]);
  if (!visible) return null;

  const dismiss = () => {
    writeStorage(DISMISSED, "true");
    setVisible(false);
  };
  const enable = async () => {
    const result = await requestNotificationPermission();
    if (result === "default") writeStorage(DISMISSED, "true"); // closed without deciding: do not ask again
    if (result !== "granted") return setVisible(false);
    setBusy(true);
    const done = await import("../../lib/reminders/enable-daily-reminder")
      .then((m) => m.enableDailyReminder(userId))
      .catch(() => null);
    setBusy(false);
    if (done) setOutcome(done);
    else setVisible(false); // the reminder code could not be loaded (offline): Settings has the reminders
  };

  // Decided and set: the question goes, and one line says what was set and where to change it.
  if (outcome)
    return (
      <p
        ref={said}
        tabIndex={-1}
        role={outcome.ok ? "status" : "alert"}
        data-testid="reminder-outcome"
        className="rounded-2xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-slate-700 outline-none dark:border-indigo-900 dark:bg-indigo-950/50 dark:text-slate-300"
      >
        {outcome.text}{" "}
        <Link to="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {outcome.link}
        </Link>
      </p>
    );

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
            {t.title}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t.body}</p>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2 sm:shrink-0">
        <Button variant="ghost" onClick={dismiss}>
          {t.notNow}
        </Button>
        <Button variant="primary" disabled={busy} onClick={() => void enable()}>
          {t.enable}
        </Button>
      </div>
    </section>
  );
}
