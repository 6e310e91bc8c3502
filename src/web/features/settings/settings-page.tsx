import type { ReactNode } from "react";
import { useCurrentUser } from "../../lib/current-user";
import { useHabitStore, useHabits } from "../../lib/habits/use-habits";
import { useUserSettings } from "../../lib/habits/use-user-settings";
import { useToday } from "../../lib/use-today";
import { AboutCard, ComingSoonCard, FeedbackCard } from "./about-card";
import { ApiTokensCard } from "./api-tokens-card";
import { DayStartCard } from "./day-start-card";
import { GroupsCard } from "./groups-card";
import { LanguageCard } from "./language-card";
import { NotificationsCard, type NotificationsCardProps } from "./notifications-card";
import { RemindersCard } from "./reminders-card";
import { settingsCopy } from "./settings-copy";
import { syncState } from "./sync-state";
import { SyncStatusCard } from "./sync-status-card";
import { useAppInfo } from "./use-app-info";
import { VacationCard } from "./vacation-card";
import { WeekStartCard } from "./week-start-card";

export type SettingsPageProps = {
  /** The notification settings (features/notifications), given by app/. */
  notifications: NotificationsCardProps;
  /** The Backup card (features/backup), given by app/. */
  backup: ReactNode;
  /** The Loop import card (features/loop-import), given by app/. */
  loopImport?: ReactNode;
};

/**
 * Settings: sync status, notifications, export and import, about, coming soon, feedback; and the
 * day start, the week start, vacation mode and the groups of habits after the sync status.
 */
export function SettingsPage({ notifications, backup, loopImport }: SettingsPageProps) {
  const user = useCurrentUser();
  const { status, source, retry } = useHabits();
  const { pending: pendingWrites, meta } = useHabitStore().snapshot;
  const appInfo = useAppInfo();
  const settings = useUserSettings();
  const today = useToday();

  return (
    <div className="space-y-4">
      <header className="mb-5">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {settingsCopy.title}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{settingsCopy.subtitle}</p>
      </header>
      <SyncStatusCard
        state={syncState({ status, source, pendingWrites, offlineSince: meta.offlineSince })}
        email={user.email}
        details={{ pending: pendingWrites, ...meta }}
        onRetry={retry}
      />
      <DayStartCard
        dayStart={settings.dayStart}
        today={today}
        onChange={settings.setDayStart}
        loading={status === "loading"}
      />
      <WeekStartCard
        weekStart={settings.weekStart}
        onChange={settings.setWeekStart}
        loading={status === "loading"}
      />
      <LanguageCard />
      <VacationCard
        vacations={settings.vacations}
        today={today}
        onStart={settings.startVacation}
        onEnd={settings.endVacationEarly}
        loading={status === "loading"}
      />
      <GroupsCard
        groups={settings.groups}
        onAdd={settings.addGroup}
        onRename={settings.renameGroup}
        onSetFolded={settings.setGroupFolded}
        onMove={settings.moveGroup}
        onDelete={settings.removeGroup}
        loading={status === "loading"}
      />
      <NotificationsCard {...notifications} />
      <RemindersCard />
      {backup}
      <ApiTokensCard />
      {loopImport}
      <AboutCard />
      <ComingSoonCard />
      <FeedbackCard feedbackEmail={appInfo.data?.feedbackEmail} failed={appInfo.isError} />
    </div>
  );
}
