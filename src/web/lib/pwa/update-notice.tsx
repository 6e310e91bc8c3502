import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { CloseIcon } from "../../ui/icons";

type Props = { available: boolean; onReload: () => void; onDismiss: () => void };

/**
 * "A new version is available": unobtrusive, in a polite live region that exists before the message so that
 * screen readers announce it. The new release already serves the next navigation; Reload takes it now.
 */
export function UpdateNotice({ available, onReload, onDismiss }: Props) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto flex w-full max-w-md px-3 sm:end-auto sm:start-4 sm:mx-0 sm:max-w-sm"
    >
      {available && (
        <div
          data-testid="update-notice"
          className="pointer-events-auto flex w-full items-center gap-3 rounded-xl border border-indigo-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg hs-slide-in dark:border-indigo-800 dark:bg-slate-900 dark:text-slate-100"
        >
          <p className="flex-1 font-medium">{messages.pwa.updateAvailable}</p>
          <Button variant="primary" className="min-h-9 px-3" onClick={onReload}>
            {messages.pwa.reload}
          </Button>
          <button
            type="button"
            onClick={onDismiss}
            className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label={messages.pwa.dismissUpdate}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
