import { type ReactNode, type Ref } from "react";
import { Link } from "react-router";
import { messages, PRODUCT_NAME } from "../../../core/messages";
import { LogoMark } from "../../ui/logo";

type Props = {
  title: string;
  intro?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
  legal?: boolean;
};

/** The full-page frame of the public account pages: brand, one card, links to the terms and privacy pages. */
export function AuthLayout({ title, intro, headingRef, children, legal = true }: Props) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-50 px-4 py-8 sm:justify-center sm:py-12 dark:from-indigo-950/40 dark:via-slate-950 dark:to-slate-950">
      <main className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2.5">
          <LogoMark className="size-10" />
          <span className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {PRODUCT_NAME}
          </span>
        </div>
        <section
          aria-labelledby="auth-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <h1
            id="auth-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none dark:text-white"
          >
            {title}
          </h1>
          {intro && <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{intro}</p>}
          <div className="mt-6">{children}</div>
        </section>
      </main>
      {legal && (
        <footer className="mt-6 max-w-md text-center text-xs text-slate-600 dark:text-slate-400">
          {messages.account.agreement}{" "}
          <Link
            to="/terms"
            className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {messages.account.terms}
          </Link>{" "}
          {messages.account.and}{" "}
          <Link
            to="/privacy"
            className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {messages.account.privacy}
          </Link>
          .
        </footer>
      )}
    </div>
  );
}
