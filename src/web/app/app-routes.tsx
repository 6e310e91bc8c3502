import { Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { TodayPage } from "../features/today/today-page";
import { RedirectIfSignedIn, RequireSession } from "./guards";
import {
  HabitPage,
  LoginPage,
  PrivacyPage,
  ProfilePage,
  ResetPasswordPage,
  SettingsPage,
  StatsPage,
  TermsPage,
} from "./lazy-pages";
import { PageErrorBoundary } from "./page-error-boundary";
import { PageFallback } from "./page-fallback";

/**
 * Routes (docs/product.md, "Accounts and sign-in"): /login, /terms, /privacy and /reset-password are public; the rest
 * need a session.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route
            path="/login"
            element={
              <RedirectIfSignedIn>
                <LoginPage />
              </RedirectIfSignedIn>
            }
          />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route element={<RequireSession />}>
            <Route index element={<TodayPage />} />
            <Route path="/stats" element={<StatsPage />} />
            <Route path="/habits/:id" element={<HabitPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/profile" element={<ProfilePage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
