import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { authClient } from "../lib/auth-client";
import { CurrentUserProvider } from "../lib/current-user";
import { AppShell } from "./shell/app-shell";

/** SPEC §2/§6: every app route needs a signed-in user, else /login. */
export function RequireSession() {
  const { data } = authClient.useSession();
  const location = useLocation();
  if (!data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  const { id, name, email, image } = data.user;
  return (
    <CurrentUserProvider value={{ id, name, email, image }}>
      <AppShell>
        <Outlet />
      </AppShell>
    </CurrentUserProvider>
  );
}

/** SPEC §2: a signed-in user who opens /login is sent to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data } = authClient.useSession();
  const client = useQueryClient();
  // Signed out: forget the previous user's data. Safe here, where no screen is using it any more.
  useEffect(() => {
    if (!data) client.removeQueries();
  }, [client, data]);
  return data ? <Navigate to="/" replace /> : children;
}
