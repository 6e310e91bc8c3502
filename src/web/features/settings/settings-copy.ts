// Labels of the Settings screen that the product does not fix; its fixed texts come from src/core/messages.
import type { PermissionState } from "../../lib/notifications";

export type SyncState = "synced" | "pending" | "waiting" | "offline" | "local" | "error";
/** What the sync line names beside its state: changes in the outbox, and the times of the last sync. */
export type SyncDetails = { pending: number; offlineSince?: string; lastSyncedAt?: string };

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
const changes = (n: number) => (n === 1 ? "1 change" : `${n} changes`);

export const settingsCopy = {
  title: "Settings",
  subtitle: "Your day, vacations, sync, notifications, backups and more",
  sync: {
    title: "Sync status",
    states: {
      synced: {
        label: "In sync",
        body: (email: string) => `Signed in as ${email}. Your habits are saved on the server.`,
      },
      pending: {
        label: "Syncing…",
        body: () => "Talking to the server. Your latest changes are on their way.",
      },
      waiting: {
        label: "Changes waiting",
        body: () => "Saved on this device and being sent to the server.",
      },
      offline: {
        label: "Offline",
        body: () => "The server cannot be reached, so your habits are shown and kept on this device.",
      },
      local: {
        label: "Using local data",
        body: () => "The server could not be reached, so your habits are kept on this device for now.",
      },
      error: {
        label: "Not synced",
        body: () => "Your habits could not be loaded from the server, and this device holds no copy yet.",
      },
    } satisfies Record<SyncState, { label: string; body: (email: string) => string }>,
    /** The facts beside the state: what waits, since when the server is out of reach, when it last answered. */
    details: (state: SyncState, d: SyncDetails): string[] => {
      const lines: string[] = [];
      if (state === "offline" && d.offlineSince) lines.push(`Offline since ${when(d.offlineSince)}.`);
      if (d.pending > 0) lines.push(`${changes(d.pending)} waiting to be sent.`);
      if ((state === "offline" || state === "local") && d.lastSyncedAt)
        lines.push(`Last synced at ${when(d.lastSyncedAt)}.`);
      return lines;
    },
    retry: "Try again",
  },
  notifications: {
    title: "Notifications",
    toggle: "Habit notifications",
    description: "Get a notification from Habit Streaks on this device.",
    permissionLabel: "Browser permission",
    permission: {
      granted: "Allowed",
      default: "Not asked yet",
      denied: "Blocked",
      unsupported: "Not supported by this browser",
    } satisfies Record<PermissionState, string>,
    blockedHelp:
      "Notifications are blocked for this site. Allow them in your browser's site settings, then turn them on here.",
    unsupportedHelp: "This browser cannot show notifications.",
    sendTest: "Send a test notification",
  },
  about: {
    title: "About",
    version: "Version",
    description: "A self-hosted daily habit tracker: tick off your habits every day and build streaks.",
  },
  feedback: {
    title: "Feedback",
    description: "Ideas, problems or praise? We read every message.",
    link: "Send feedback",
    subject: "Habit Streaks feedback",
    loading: "Loading the feedback address…",
    unavailable: "The feedback address could not be loaded. Please try again later.",
  },
  comingSoon: {
    title: "Coming soon",
    // Schedules, the calendar of past days and reminders at a chosen time have shipped, so they left this list.
    items: ["Notes on each day", "Habits done several times a day"],
  },
} as const;
