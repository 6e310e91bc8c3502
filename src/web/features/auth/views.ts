/** The sign-in page's views, switched by links inside the page. */
export type AuthView = "login" | "signup" | "resetPassword";

export const AUTH_VIEWS: readonly AuthView[] = ["login", "signup", "resetPassword"];

/** What every view gets from the page: the email shared between views, and the switch. */
export type ViewProps = {
  email: string;
  setEmail: (email: string) => void;
  switchTo: (view: AuthView) => void;
  initialError: string | null;
};
