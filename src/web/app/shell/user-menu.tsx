import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { messages } from "../../../core/messages/first-screen";
import { useCurrentUser } from "../../lib/current-user";
import { refetchSession } from "../../lib/session";
import { ChevronDownIcon, LogOutIcon, SettingsIcon, UserIcon } from "../../ui/icons";
import { showError } from "../../ui/notices";

// Better Auth's client is not part of the first screen (docs/decisions/0060).
const loadAuthClient = () => import("../../lib/auth-client");

const itemClass =
  "flex w-full items-center gap-3 px-4 py-2.5 text-start text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800";

/** The user menu (Your Profile, Settings, Sign out), a WAI-ARIA menu button. */
export function UserMenu() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    void loadAuthClient().catch(() => undefined); // so that Sign out does not wait for it
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    if (event.key === "Escape") close(true);
    else if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Tab") setOpen(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  const signOut = async () => {
    close(false);
    try {
      const { authClient } = await loadAuthClient();
      const result = await authClient.signOut();
      if (result.error) throw new Error(result.error.message);
      await refetchSession(); // the session is now empty, so /login does not bounce back here
      navigate("/login", { replace: true });
    } catch {
      showError(messages.profile.logoutFailed);
    }
  };

  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={messages.shell.accountMenuFor(user.name || user.email)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 ps-1 pe-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100"
        >
          {initial}
        </span>
        <span dir="auto" className="hidden max-w-40 truncate sm:inline">
          {user.name || user.email}
        </span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={messages.shell.account}
          onKeyDown={onMenuKey}
          className="absolute end-0 z-40 mt-2 w-56 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="truncate border-b border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <bdi>{user.email}</bdi>
          </p>
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/profile"
            className={itemClass}
            onClick={() => setOpen(false)}
          >
            <UserIcon size={18} /> {messages.shell.yourProfile}
          </Link>
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/settings"
            className={itemClass}
            onClick={() => setOpen(false)}
          >
            <SettingsIcon size={18} /> {messages.shell.settings}
          </Link>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={itemClass}
            onClick={() => void signOut()}
          >
            <LogOutIcon size={18} /> {messages.shell.signOut}
          </button>
        </div>
      )}
    </div>
  );
}
