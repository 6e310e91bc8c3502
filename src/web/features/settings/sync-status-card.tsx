import { settingsCopy, type SyncDetails, type SyncState } from "./settings-copy";
import { Button } from "../../ui/button";
import { SettingsSection, mutedText } from "../../ui/settings-section";

const dots: Record<SyncState, string> = {
  synced: "bg-emerald-500",
  pending: "bg-amber-500 animate-pulse hs-pulse-twice",
  waiting: "bg-amber-500 animate-pulse hs-pulse-twice",
  offline: "bg-amber-500",
  local: "bg-amber-500",
  error: "bg-rose-500",
};

export type SyncStatusCardProps = {
  state: SyncState;
  email: string;
  details?: SyncDetails;
  onRetry?: () => void;
};

export function SyncStatusCard({ state, email, details = { pending: 0 }, onRetry }: SyncStatusCardProps) {
  const copy = settingsCopy.sync.states[state];
  return (
    <SettingsSection title={settingsCopy.sync.title} testId="settings-sync">
      <div role="status" aria-live="polite" data-sync-state={state} data-pending={details.pending}>
        <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <span aria-hidden="true" className={`size-2.5 rounded-full ${dots[state]}`} />
          {copy.label}
        </p>
        <p className={`mt-1 ${mutedText}`}>{copy.body(email)}</p>
        {settingsCopy.sync.details(state, details).map((line) => (
          <p key={line} className={`mt-1 ${mutedText}`} data-testid="sync-detail">
            {line}
          </p>
        ))}
      </div>
      {onRetry && (state === "local" || state === "offline" || state === "error") && (
        <Button className="mt-3" onClick={onRetry}>
          {settingsCopy.sync.retry}
        </Button>
      )}
    </SettingsSection>
  );
}
