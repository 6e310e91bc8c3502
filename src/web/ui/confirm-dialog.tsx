import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "./button";

export type ConfirmQuestion = {
  /** The question itself; it names the dialog. */
  title: string;
  /** What saying yes means, in a sentence or two. */
  body?: string;
  confirm: string;
  cancel: string;
  /** "danger" for an answer that loses data. */
  tone?: "primary" | "danger";
};

type Pending = ConfirmQuestion & { answer: (yes: boolean) => void };

/**
 * `ask(question)` raises the question in a ConfirmDialog and resolves true when the user confirms, false on Cancel
 * or Escape. Render `<ConfirmDialog pending={pending} />` once beside the control that asks.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback(
    (question: ConfirmQuestion): Promise<boolean> =>
      new Promise((resolve) =>
        setPending({
          ...question,
          answer: (yes) => {
            setPending(null);
            resolve(yes);
          },
        }),
      ),
    [],
  );
  return { ask, pending };
}

// Button's look with a solid red: Button's own variants are not meant to be overridden class by class.
const dangerButton =
  "inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-rose-700 px-4 text-sm font-medium text-white shadow-sm transition-colors hover:bg-rose-800 active:bg-rose-900";

/**
 * A modal question: the page behind is inert, Cancel takes the focus first (a stray Enter loses nothing), Escape
 * cancels, and the focus goes back to the control that was focused when it opened.
 */
export function ConfirmDialog({ pending, testId }: { pending: Pending | null; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (pending && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.returnValue = "";
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('button[value="cancel"]')?.focus();
    } else if (!pending && dialog.open) dialog.close();
  }, [pending]);

  const closed = () => {
    pending?.answer(ref.current?.returnValue === "confirm");
    // The browser gives the focus back too, but not when the opener lost it meanwhile (a busy button): be sure.
    const opener = returnTo.current;
    returnTo.current = null;
    if (opener?.isConnected && document.activeElement !== opener) opener.focus();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={pending?.body ? bodyId : undefined}
      data-testid={testId}
      // Every way out (either button, Escape) closes the dialog; the button pressed is its return value.
      onClose={closed}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
    >
      {pending && (
        <form method="dialog">
          <h2 id={titleId} className="text-lg font-semibold wrap-anywhere">
            {pending.title}
          </h2>
          {pending.body && (
            <p id={bodyId} className="mt-2 text-sm text-slate-700 dark:text-slate-200">
              {pending.body}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button type="submit" value="cancel" className="min-h-11">
              {pending.cancel}
            </Button>
            {pending.tone === "danger" ? (
              <button type="submit" value="confirm" className={dangerButton}>
                {pending.confirm}
              </button>
            ) : (
              <Button type="submit" value="confirm" variant="primary" className="min-h-11">
                {pending.confirm}
              </Button>
            )}
          </div>
        </form>
      )}
    </dialog>
  );
}
