import { NavLink } from "react-router";
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
          <li key={to} className="min-w-0 flex-1 sm:flex-none">
            <NavLink to={to} end className="hs-tab">
              <Icon size={18} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
