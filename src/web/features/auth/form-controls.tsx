import { type ButtonHTMLAttributes, type InputHTMLAttributes, useId } from "react";
import { cx } from "../../ui/cx";

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm " +
  "placeholder:text-slate-400 focus:border-indigo-500 read-only:bg-slate-100 read-only:text-slate-600 " +
  "dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 " +
  "dark:focus:border-indigo-400 dark:read-only:bg-slate-800/60 dark:read-only:text-slate-300";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

/** A labelled input; the hint, when given, is its accessible description. */
export function Field({ label, hint, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input id={id} aria-describedby={hint ? hintId : undefined} className={inputClass} {...input} />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

type MessageProps = { message: string | null; tone: "error" | "success"; className?: string };

/**
 * Always in the DOM (empty and without height when there is nothing to say) so that screen readers announce
 * each new message; `tone` picks alert (error) or status. `className` spaces the message when it shows.
 */
export function FormMessage({ message, tone, className = "mb-4" }: MessageProps) {
  const error = tone === "error";
  return (
    <div role={error ? "alert" : "status"} aria-live={error ? "assertive" : "polite"}>
      {message && (
        <p
          className={cx(
            "hs-slide-in rounded-lg border px-3 py-2.5 text-sm",
            className,
            error
              ? "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
              : "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200",
          )}
        >
          {message}
        </p>
      )}
    </div>
  );
}

/** A button that looks like a link: the view switches inside the page, nothing is navigated. */
export function LinkButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={cx(
        "rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300",
        className,
      )}
      {...props}
    />
  );
}
