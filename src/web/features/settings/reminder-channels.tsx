import { useId } from "react";
import type { ReminderSettings } from "../../../core/contract-schema";
import { messages } from "../../../core/messages";
import type { PermissionState } from "../../lib/notifications";
import { Button } from "../../ui/button";
import { mutedText } from "../../ui/settings-section";
import { EmailVerification } from "./email-verification";
import { RemovedDevicesNotice } from "./removed-devices-notice";

const copy = messages.reminderSettings;

export type ReminderChannelsProps = {
  settings: ReminderSettings;
  /** The account's address, where the digest goes once it is verified. */
  address: string;
  permission: PermissionState;
  /** Whether this browser holds a push subscription; null while unknown. */
  subscribed: boolean | null;
  busy: boolean;
  pushError: string | null;
  emailError: string | null;
  onEnablePush: () => void;
  onEmail: (enabled: boolean) => void;
};

/** Where reminders go: push on this device with the browser's permission, and the e-mail digest. */
export function ReminderChannels(props: ReminderChannelsProps) {
  const { settings, address, permission, subscribed, busy, pushError, emailError, onEnablePush, onEmail } =
    props;
  const headingId = useId();
  const emailLabelId = useId();
  const emailHelpId = useId();
  const canEnable = permission !== "denied" && permission !== "unsupported" && subscribed !== true;
  const { email } = settings;
  const unverified = email.available && !email.verified;
  return (
    <div className="mt-5 space-y-4">
      <h3 id={headingId} className="font-medium text-slate-900 dark:text-white">
        {copy.channelsHeading}
      </h3>
      <div data-testid="reminder-push">
        <p className="font-medium text-slate-900 dark:text-white">{copy.pushLabel}</p>
        <dl className="mt-1 flex flex-wrap gap-x-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-300">{copy.permissionLabel}:</dt>
          <dd className="font-medium text-slate-900 dark:text-white" data-testid="reminder-push-permission">
            {copy.pushState[permission]}
          </dd>
        </dl>
        {permission === "granted" && subscribed !== null && (
          <p className={`mt-1 ${mutedText}`}>{subscribed ? copy.pushSubscribed : copy.pushNotSubscribed}</p>
        )}
        {settings.push.devices > 0 && (
          <p className={`mt-1 ${mutedText}`}>{copy.devices(settings.push.devices)}</p>
        )}
        <RemovedDevicesNotice removed={settings.push.removed} />
        {permission === "denied" && <p className={`mt-1 ${mutedText}`}>{copy.pushBlockedHelp}</p>}
        {canEnable && (
          <Button className="mt-2" onClick={onEnablePush} disabled={busy}>
            {copy.enablePush}
          </Button>
        )}
        {pushError && (
          <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
            {pushError}
          </p>
        )}
      </div>
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <p id={emailLabelId} className="font-medium text-slate-900 dark:text-white">
            {copy.emailLabel}
          </p>
          <p id={emailHelpId} className={mutedText}>
            {email.available ? copy.emailDescription : copy.emailUnavailable}
          </p>
          {email.available && email.verified && (
            <p className={mutedText} data-testid="reminder-email-verified">
              {copy.emailVerified(address)}
            </p>
          )}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={email.available && email.enabled}
          aria-labelledby={emailLabelId}
          aria-describedby={emailHelpId}
          disabled={busy || !email.available || unverified}
          onClick={() => onEmail(!email.enabled)}
          className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 aria-checked:bg-indigo-600 dark:bg-slate-600 dark:aria-checked:bg-indigo-500"
        >
          <span
            aria-hidden="true"
            className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${email.available && email.enabled ? "translate-x-7 rtl:-translate-x-7" : "translate-x-1 rtl:-translate-x-1"}`}
          />
        </button>
      </div>
      {unverified && <EmailVerification email={address} />}
      {emailError && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
          {emailError}
        </p>
      )}
    </div>
  );
}
