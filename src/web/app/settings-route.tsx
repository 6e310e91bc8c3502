import { BackupSection } from "../features/backup/backup-section";
import { LoopImportSection } from "../features/loop-import/loop-import-section";
import { useNotificationSettings } from "../features/notifications/use-notification-settings";
import { SettingsPage } from "../features/settings/settings-page";

/** Settings shows the cards of three features; they meet here, in app/ (features do not import each other). */
export function SettingsRoute() {
  const notifications = useNotificationSettings();
  return (
    <SettingsPage
      notifications={{
        permission: notifications.permission,
        enabled: notifications.enabled,
        busy: notifications.busy,
        error: notifications.error,
        onToggle: (next) => void notifications.setEnabled(next),
        onTest: notifications.sendTest,
      }}
      backup={
        <BackupSection onExported={notifications.notifyExported} onImported={notifications.notifyImported} />
      }
      loopImport={<LoopImportSection />}
    />
  );
}
