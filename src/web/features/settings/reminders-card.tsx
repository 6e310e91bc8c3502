import { useEffect, useState } from "react";
import { messages } from "../../../core/messages";
import { TEST_REMINDERS_PER_HOUR } from "../../../core/reminders/limits";
import { useCurrentUser } from "../../lib/current-user";
import { requestNotificationPermission } from "../../lib/notifications";
import { currentSubscription, subscribeDevice } from "../../lib/reminders/push-device-subscription";
import { usePermission } from "../../lib/reminders/use-permission";
import { useReminders } from "../../lib/reminders/use-reminders";
import { Button } from "../../ui/button";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { ReminderChannels } from "./reminder-channels";
import { ReminderTimesList } from "./reminder-times-list";

const copy = messages.reminderSettings;

type TestState =
  { kind: "idle" } | { kind: "sending" } | { kind: "sent"; text: string } | { kind: "failed"; text: string };

/** Settings' Reminders card: the daily times, the channels and a test reminder. */
export function RemindersCard() {
  const reminders = useReminders();
  const { email } = useCurrentUser();
  const { settings } = reminders;
  const [permission, setPermission] = usePermission();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [pushError, setPushError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [test, setTest] = useState<TestState>({ kind: "idle" });

  useEffect(() => {
    let live = true;
    void currentSubscription().then((found) => live && setSubscribed(found !== null));
    return () => void (live = false);
  }, []);

  const sendTest = async () => {
    setTest({ kind: "sending" });
    const result = await reminders.sendTest();
    if (result === "limited")
      return setTest({ kind: "failed", text: copy.testLimited(TEST_REMINDERS_PER_HOUR) });
    if (!result) return setTest({ kind: "failed", text: copy.testFailed });
    const sent = result.push > 0 || result.email;
    setTest({ kind: "sent", text: sent ? copy.testSent(result.push, result.email) : copy.testNothing });
  };

  const enablePush = async () => {
    if (!settings) return;
    setPushError(null);
    const decided = await requestNotificationPermission();
    setPermission(decided);
    if (decided !== "granted") return;
    setBusy(true);
    const saved = await subscribeDevice(reminders.userId, settings.push.publicKey).catch(() => null);
    setBusy(false);
    if (!saved) return setPushError(copy.pushUnavailable);
    reminders.put(saved);
    setSubscribed(true);
    await sendTest(); // a test notification on enabling
  };

  const setEmail = async (enabled: boolean) => {
    setEmailError(null);
    setBusy(true);
    if (!(await reminders.setEmail(enabled))) setEmailError(copy.saveFailed);
    setBusy(false);
  };

  return (
    <SettingsSection title={copy.title} testId="settings-reminders">
      <p className={`mb-4 ${mutedText}`}>{copy.description}</p>
      {settings === null ? (
        reminders.failed ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
              {copy.loadFailed}
            </p>
            <Button onClick={reminders.retry}>{copy.retry}</Button>
          </div>
        ) : (
          <p role="status" className={mutedText}>
            {copy.loading}
          </p>
        )
      ) : (
        <>
          <ReminderTimesList
            reminders={settings.reminders}
            onAdd={(time) => reminders.add(time)}
            onChange={reminders.change}
            onRemove={reminders.remove}
          />
          <ReminderChannels
            settings={settings}
            address={email}
            permission={permission}
            subscribed={subscribed}
            busy={busy}
            pushError={pushError}
            emailError={emailError}
            onEnablePush={() => void enablePush()}
            onEmail={(enabled) => void setEmail(enabled)}
          />
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <Button onClick={() => void sendTest()} disabled={test.kind === "sending"}>
              {copy.sendTest}
            </Button>
            <p role="status" className={mutedText} data-testid="reminder-test-result">
              {test.kind === "sending" ? copy.testSending : test.kind === "sent" ? test.text : ""}
            </p>
          </div>
          {test.kind === "failed" && (
            <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
              {test.text}
            </p>
          )}
        </>
      )}
    </SettingsSection>
  );
}
