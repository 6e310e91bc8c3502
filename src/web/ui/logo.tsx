import { Link } from "react-router";
import { PRODUCT_NAME } from "../../core/messages/first-screen";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M9 17l5 5 9-11"
        stroke="#fff"
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight text-slate-900 dark:text-white"
    >
      <LogoMark className="size-8" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
