import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { type CurrentUser, CurrentUserProvider } from "../lib/current-user";
import { forgetUser, lastUser, rememberUser } from "../lib/last-user";
import { inBackground } from "../lib/next-task";
import { forgetQueries } from "../lib/query-reset";
import { useSession } from "../lib/session";
import { AppShell } from "./shell/app-shell";

const VISIT_DELAY_MS = 1500;
const noop = () => undefined;

/** Every app route needs a signed-in user, else /login. */
export function RequireSession() {
  const { data, error } = useSession();
  const location = useLocation();
  const session = data?.user;
  useEffect(() => {
    if (session) rememberUser(session);
  }, [session]);
  const sessionUserId = session?.id;
  useEffect(() => {
    if (!sessionUserId) return;
    // Reminders: the time zone (and this device's push subscription) once per app start, after the first paint; at
    // background priority, so that it never holds a frame (it came due while Today drew its list).
    let cancelled = false;
    const visit = () => {
      if (!cancelled) void import("../lib/reminders/visit").then((m) => m.onVisit(sessionUserId), noop);
    };
    // Offline, its code and its requests would fail (a browser without our service worker has no copy): the visit
    // waits for the connection instead of being lost for this app start.
    const onOnline = () => inBackground(visit);
    const timer = setTimeout(() => {
      if (navigator.onLine) inBackground(visit);
      else window.addEventListener("online", onOnline, { once: true });
    }, VISIT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
    };
  }, [sessionUserId]);
  // The session could not be asked for (offline): open on the last user's local store.
  const user: CurrentUser | null = session
    ? { id: session.id, name: session.name, email: session.email, image: session.image }
    : error
      ? lastUser()
      : null;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <CurrentUserProvider value={user}>
      <AppShell>
        <Outlet />
      </AppShell>
    </CurrentUserProvider>
  );
}

/** A signed-in user who opens /login is sent to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data } = useSession();
  // Signed out: forget the previous user's data. Safe here, where no screen is using it any more.
  useEffect(() => {
    if (!data) {
      forgetQueries();
      forgetUser();
    }
  }, [data]);
  return data ? <Navigate to="/" replace /> : children;
}
