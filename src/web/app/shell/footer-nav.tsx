import { NavLink } from "react-router";
import { APP_VERSION } from "../../../core/constants";
import { messages, PRODUCT_NAME } from "../../../core/messages/first-screen";
import { cx } from "../../ui/cx";
import { FOOTER_ITEMS } from "./nav-items";

export function FooterNav() {
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-3 px-4 py-5 sm:flex-row sm:justify-between">
        <nav aria-label={messages.shell.footer}>
          <ul className="flex flex-wrap justify-center gap-1">
            {FOOTER_ITEMS.map(({ to, label }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  className={({ isActive }) =>
                    cx(
                      "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm",
                      isActive
                        ? "font-semibold text-indigo-700 dark:text-indigo-300"
                        : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {PRODUCT_NAME} {messages.shell.version(APP_VERSION)}
        </p>
      </div>
    </footer>
  );
}
