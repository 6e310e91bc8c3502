// Loaded when the first question is asked (lib/lazy-part.ts).
import { useEffect, useId, useRef } from "react";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import type { DuplicateQuestion } from "./use-duplicate-name-check";

const t = messages.duplicateName;

/**
 * The question as a modal dialog: the page behind is inert, Escape cancels, and the browser gives the focus back to
 * the control that asked when it closes. Cancel takes the focus first, so that a second Enter adds no duplicate.
 */
export function DuplicateNamePrompt({ question }: { question: DuplicateQuestion | null }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (question && !dialog.open) {
      dialog.returnValue = "";
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('button[value="cancel"]')?.focus();
    } else if (!question && dialog.open) dialog.close();
  }, [question]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="duplicate-name-prompt"
      // Every way out (either button, Escape) closes the dialog; the button pressed is its return value.
      onClose={() => question?.answer(ref.current?.returnValue === "add")}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
    >
      {question && (
        <form method="dialog">
          <h2 id={titleId} className="text-lg font-semibold">
            {t.title}
          </h2>
          <div
            id={bodyId}
            className="mt-2 space-y-1 text-sm wrap-anywhere text-slate-700 dark:text-slate-200"
          >
            <p>{t.existing(question.existing)}</p>
            <p>{t.question(question.name)}</p>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button type="submit" value="cancel" className="min-h-11">
              {t.cancel}
            </Button>
            <Button type="submit" value="add" variant="primary" className="min-h-11">
              {t.addAnyway}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
