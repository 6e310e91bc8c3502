import { useIsFetching } from "@tanstack/react-query";
import { useCurrentUser } from "../../lib/current-user";
import { useToday } from "../../lib/use-today";
import { BackupCard } from "../backup/backup-card";
import { useBackup } from "../backup/use-backup";
import { habitsKey } from "../../lib/habits/habits-cache";
import { useHabits } from "../../lib/habits/use-habits";
import { usePendingWrites } from "../../lib/habits/use-pending-writes";
import { useNotificationSettings } from "../notifications/use-notification-settings";
import { AboutCard, ComingSoonCard, FeedbackCard } from "./about-card";
import { NotificationsCard } from "./notifications-card";
import { settingsCopy } from "./settings-copy";
import { syncState } from "./sync-state";
import { SyncStatusCard } from "./sync-status-card";
import { useAppInfo } from "./use-app-info";

/** SPEC §2 Settings: sync status, notifications, export and import, about, coming soon, feedback. */
export function SettingsPage() {
  const user = useCurrentUser();
  const today = useToday();
  const { habits, status, source, retry, importAll } = useHabits();
  const fetching = useIsFetching({ queryKey: habitsKey(user.id) }) > 0;
  const pendingWrites = usePendingWrites();
  const notifications = useNotificationSettings();
  const backup = useBackup({ habits, today, importAll, notify: notifications.notify });
  const appInfo = useAppInfo();

  return (
    <div className="space-y-4">
      <header className="mb-5">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {settingsCopy.title}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{settingsCopy.subtitle}</p>
      </header>
      <SyncStatusCard
        state={syncState({ status, source, fetching, pendingWrites })}
        email={user.email}
        onRetry={retry}
      />
      <NotificationsCard
        permission={notifications.permission}
        enabled={notifications.enabled}
        busy={notifications.busy}
        error={notifications.error}
        onToggle={(next) => void notifications.setEnabled(next)}
        onTest={notifications.sendTest}
      />
      <BackupCard
        habitCount={status === "ready" ? habits.length : null}
        canImport={status !== "loading"}
        importing={backup.importing}
        status={backup.status}
        onExport={backup.exportBackup}
        onImport={(file) => void backup.importFile(file)}
      />
      <AboutCard />
      <ComingSoonCard />
      <FeedbackCard feedbackEmail={appInfo.data?.feedbackEmail} failed={appInfo.isError} />
    </div>
  );
}
