import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from "react";
import { messages } from "../../core/messages";
import { Button } from "./button";
import { cx } from "./cx";

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

type ValueProps = { value: string; onValue: (value: string) => void };

/** The email field of the account forms. */
export function EmailField({ value, onValue }: ValueProps) {
  return (
    <Field
      label={messages.account.emailLabel}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

type PasswordFieldProps = ValueProps & {
  label: string;
  hint?: string;
  name: string;
  autoComplete: "current-password" | "new-password";
};

/** A labelled password input. */
export function PasswordField({ onValue, ...props }: PasswordFieldProps) {
  return <Field type="password" onChange={(e) => onValue(e.target.value)} {...props} />;
}

type NewPasswordProps = {
  label: string;
  confirmLabel: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
};

/** A new password (with the rules as its hint) and its confirmation: sign-up and the reset page. */
export function NewPasswordFields({
  label,
  confirmLabel,
  password,
  confirm,
  onPassword,
  onConfirm,
}: NewPasswordProps) {
  return (
    <>
      <PasswordField
        label={label}
        hint={messages.account.passwordHint}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValue={onPassword}
      />
      <PasswordField
        label={confirmLabel}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onValue={onConfirm}
      />
    </>
  );
}

type AccountFormProps = {
  busy: boolean;
  error: string | null;
  /** Called after the browser's own submit is prevented. */
  onSubmit: () => Promise<void>;
  label: string;
  busyLabel: string;
  /** A success message under the error region; leave it out for forms without one. */
  status?: string | null;
  /** The profile layout: wider gaps and a button only as wide as its text. */
  inline?: boolean;
  children: ReactNode;
};

/**
 * Moves the keyboard focus to a message when it appears after the form was shown: the submit button, disabled while
 * busy, has dropped the focus to <body>, and the message is where the user has to continue.
 */
function useFocusOnNewMessage(message: string | null | undefined): RefObject<HTMLParagraphElement | null> {
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = useRef(message); // a message present when the form opens (a provider's redirect) stays unfocused
  useEffect(() => {
    if (message && message !== shown.current) ref.current?.focus();
    shown.current = message;
  }, [message]);
  return ref;
}

/** A form without browser validation: the error region, the fields, and the submit button that shows `busy`. */
export function AccountForm(props: AccountFormProps) {
  const { busy, error, onSubmit, label, busyLabel, status, inline = false, children } = props;
  const errorRef = useFocusOnNewMessage(error);
  const statusRef = useFocusOnNewMessage(status);
  const button = (
    <Button
      type="submit"
      variant="primary"
      className={inline ? undefined : "min-h-11 w-full"}
      disabled={busy}
    >
      {busy ? busyLabel : label}
    </Button>
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      aria-busy={busy}
    >
      <FormMessage tone="error" message={error} messageRef={errorRef} />
      {status !== undefined && <FormMessage tone="success" message={status} messageRef={statusRef} />}
      <div className={cx("flex flex-col", inline ? "gap-5" : "gap-4")}>
        {children}
        {inline ? <div>{button}</div> : button}
      </div>
    </form>
  );
}

type MessageProps = {
  message: string | null;
  tone: "error" | "success";
  className?: string;
  /** Given, the message can take the focus (from script only). */
  messageRef?: RefObject<HTMLParagraphElement | null>;
};

/**
 * Always in the DOM (empty and without height when there is nothing to say) so that screen readers announce
 * each new message; `tone` picks alert (error) or status. `className` spaces the message when it shows.
 */
export function FormMessage({ message, tone, className = "mb-4", messageRef }: MessageProps) {
  const error = tone === "error";
  return (
    <div role={error ? "alert" : "status"} aria-live={error ? "assertive" : "polite"}>
      {message && (
        <p
          ref={messageRef}
          tabIndex={messageRef ? -1 : undefined}
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

/** The line under a form that leads to another view; `muted` greys the text around the link. */
export function FormFooter({ muted = false, children }: { muted?: boolean; children: ReactNode }) {
  return (
    <p className={cx("mt-6 text-center text-sm", muted && "text-slate-600 dark:text-slate-400")}>
      {children}
    </p>
  );
}
