import { NavLink } from "react-router";
import { cx } from "../../ui/cx";
import { TAB_ITEMS } from "./nav-items";
import { messages } from "../../../core/messages/first-screen";

export function TabBar() {
  return (
    <nav
      aria-label={messages.shell.mainNav}
      className="border-b border-slate-200 bg-white/80 dark:border-slate-800 dark:bg-slate-900/80"
    >
      <ul className="mx-auto flex w-full max-w-2xl gap-1 px-2 sm:px-4">
        {TAB_ITEMS.map(({ to, label, Icon }) => (
          <li key={to} className="flex-1 sm:flex-none">
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                cx(
                  "-mb-px flex items-center justify-center gap-2 border-b-2 px-4 py-3 text-sm font-medium transition-colors",
                  isActive
                    ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-600 dark:hover:text-white",
                )
              }
            >
              <Icon size={18} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
