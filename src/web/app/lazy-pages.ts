// Every page but Today loads on demand (the initial JavaScript budget); a chunk that fails to arrive is retried.
import { type ComponentType, lazy } from "react";
import { retryImport } from "../lib/pwa/retry-import";

const page = <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) =>
  lazy(() => retryImport(load).then((m) => ({ default: m[name] })));

export const StatsPage = page(() => import("../features/stats/stats-page"), "StatsPage");
export const HabitPage = page(() => import("../features/habit/habit-page"), "HabitPage");
export const SettingsPage = page(() => import("./settings-route"), "SettingsRoute");
export const ProfilePage = page(() => import("../features/profile/profile-page"), "ProfilePage");
export const LoginPage = page(() => import("../features/auth/login-page"), "LoginPage");
export const ResetPasswordPage = page(
  () => import("../features/auth/reset-password-page"),
  "ResetPasswordPage",
);
export const TermsPage = page(() => import("../features/auth/legal-pages"), "TermsPage");
export const PrivacyPage = page(() => import("../features/auth/legal-pages"), "PrivacyPage");
