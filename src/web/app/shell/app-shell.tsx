import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { ThemeToggle } from "../../features/theme/theme-toggle";
import { preloadTodayList } from "../../features/today/today-page";
import { NoticeHost } from "../../ui/notice-host";
import { FooterNav } from "./footer-nav";
import { Logo } from "../../ui/logo";
import { TabBar } from "./tab-bar";
import { UserMenu } from "./user-menu";
import { messages } from "../../../core/messages/first-screen";
import { useCurrentUser } from "../../lib/current-user";
import { chosenLocale } from "../../lib/locale";

/** The shell: header (logo, user menu), tab bar, the page, footer navigation. */
export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  // Today's list loads after the first paint, with the store (docs/decisions/0060): on every signed-in page, so
  // that going to Today from another page shows the list at once.
  useEffect(preloadTodayList, []);
  // On a device with no choice of language, the account's (lib/account-locale.ts), after the first paint.
  const { id } = useCurrentUser();
  useEffect(() => {
    if (!chosenLocale() && navigator.onLine)
      void import("../../lib/account-locale")
        .then((account) => account.applyAccountLocale(id))
        .catch(() => undefined);
  }, [id]);
  // After a client-side navigation, screen readers and keyboards continue at the new page, not the old link.
  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = "";
      mainRef.current?.focus({ preventScroll: true });
    }
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {messages.shell.skipToContent}
      </a>
      <header className="sticky top-0 z-30 bg-white/90 backdrop-blur dark:bg-slate-900/90">
        <div className="mx-auto flex h-16 w-full max-w-2xl items-center justify-between gap-3 px-4">
          <Logo />
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
        <TabBar />
      </header>
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className="mx-auto w-full max-w-2xl flex-1 px-4 py-6 outline-none"
      >
        {children}
      </main>
      <FooterNav />
      <NoticeHost />
    </div>
  );
}
