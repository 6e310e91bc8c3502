import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api-request";
import { useCurrentUser } from "../../lib/current-user";
import {
  notificationPermission,
  requestNotificationPermission,
  showNotification,
  type PermissionState,
} from "../../lib/notifications";
import { profileKey, profileQuery } from "../../lib/profile-query";
import { queryClient } from "../../lib/query-client";
import { notificationsCopy } from "./notifications-copy";

/** The browser's decision, re-read when the tab comes back (the user may have changed it in site settings). */
function usePermission(): [PermissionState, (next: PermissionState) => void] {
  const [permission, setPermission] = useState(notificationPermission);
  useEffect(() => {
    const refresh = () => setPermission(notificationPermission());
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);
  return [permission, setPermission];
}

/**
 * Notifications are on when the profile preference (preferences.notifications) is true and the browser
 * allows them. Enabling asks the browser, saves the preference and sends a test notification.
 */
export function useNotificationSettings() {
  const { id: userId } = useCurrentUser();
  const [permission, setPermission] = usePermission();
  const [error, setError] = useState<string | null>(null);
  const profile = useQuery(profileQuery(userId), queryClient);
  const save = useMutation(
    {
      mutationFn: (notifications: boolean) =>
        apiRequest("PATCH /api/profile", { body: { preferences: { notifications } } }),
      onSuccess: (saved) => queryClient.setQueryData(profileKey(userId), saved),
    },
    queryClient,
  );

  const preference = profile.data?.preferences.notifications ?? false;
  const enabled = preference && permission === "granted";

  const setEnabled = async (next: boolean) => {
    setError(null);
    if (next) {
      const decided = await requestNotificationPermission();
      setPermission(decided);
      if (decided !== "granted") return;
    }
    try {
      await save.mutateAsync(next);
    } catch {
      setError(notificationsCopy.saveFailed);
      return;
    }
    if (next) showNotification(notificationsCopy.enabledTitle, notificationsCopy.enabledBody);
  };

  /** A notification only while notifications are on. */
  const notify = (title: string, body: string) => (enabled ? showNotification(title, body) : false);
  // A test notification after an export and an import (features/backup reports them; app/ wires the two).
  const notifyExported = (fileName: string) =>
    notify(notificationsCopy.exportTitle, notificationsCopy.exportBody(fileName));
  const notifyImported = (count: number) =>
    notify(notificationsCopy.importTitle, notificationsCopy.importBody(count));

  return {
    permission,
    enabled,
    loading: profile.isPending,
    busy: profile.isPending || save.isPending,
    error,
    setEnabled,
    sendTest: () => showNotification(notificationsCopy.enabledTitle, notificationsCopy.enabledBody),
    notifyExported,
    notifyImported,
  };
}
