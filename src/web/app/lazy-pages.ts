// Every page but Today loads on demand (GUIDE §8 initial JS budget).
import { lazy } from "react";

export const StatsPage = lazy(() =>
  import("../features/stats/stats-page").then((m) => ({ default: m.StatsPage })),
);
export const SettingsPage = lazy(() =>
  import("./settings-route").then((m) => ({ default: m.SettingsRoute })),
);
export const ProfilePage = lazy(() =>
  import("../features/profile/profile-page").then((m) => ({ default: m.ProfilePage })),
);
export const LoginPage = lazy(() =>
  import("../features/auth/login-page").then((m) => ({ default: m.LoginPage })),
);
export const ResetPasswordPage = lazy(() =>
  import("../features/auth/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
export const TermsPage = lazy(() =>
  import("../features/auth/legal-pages").then((m) => ({ default: m.TermsPage })),
);
export const PrivacyPage = lazy(() =>
  import("../features/auth/legal-pages").then((m) => ({ default: m.PrivacyPage })),
);
