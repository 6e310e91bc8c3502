import { useEffect, useState } from "react";
import { notificationPermission, type PermissionState } from "../notifications";

/** The browser's notification decision, read again when the tab comes back (site settings may have changed it). */
export function usePermission(): [PermissionState, (next: PermissionState) => void] {
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
