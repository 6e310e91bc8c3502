import { useId } from "react";
import type { PermissionState } from "../../lib/notifications";
import { settingsCopy } from "./settings-copy";
import { Button } from "../../ui/button";
import { SettingsSection, mutedText } from "../../ui/settings-section";

export type NotificationsCardProps = {
  permission: PermissionState;
  enabled: boolean;
  busy: boolean;
  error: string | null;
  onToggle: (next: boolean) => void;
  onTest: () => void;
};

export function NotificationsCard({
  permission,
  enabled,
  busy,
  error,
  onToggle,
  onTest,
}: NotificationsCardProps) {
  const copy = settingsCopy.notifications;
  const labelId = useId();
  const descriptionId = useId();
  const help =
    permission === "denied" ? copy.blockedHelp : permission === "unsupported" ? copy.unsupportedHelp : null;
  return (
    <SettingsSection title={copy.title} testId="settings-notifications">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <p id={labelId} className="font-medium text-slate-900 dark:text-white">
            {copy.toggle}
          </p>
          <p id={descriptionId} className={mutedText}>
            {copy.description}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          disabled={busy || permission === "unsupported"}
          onClick={() => onToggle(!enabled)}
          className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 aria-checked:bg-indigo-600 dark:bg-slate-600 dark:aria-checked:bg-indigo-500"
        >
          <span
            aria-hidden="true"
            className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${enabled ? "translate-x-7 rtl:-translate-x-7" : "translate-x-1 rtl:-translate-x-1"}`}
          />
        </button>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">{copy.permissionLabel}:</dt>
        <dd className="font-medium text-slate-900 dark:text-white" data-testid="notification-permission">
          {copy.permission[permission]}
        </dd>
      </dl>
      {help && <p className={`mt-2 ${mutedText}`}>{help}</p>}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
      {enabled && (
        <Button className="mt-3" onClick={onTest}>
          {copy.sendTest}
        </Button>
      )}
    </SettingsSection>
  );
}
