import { type Notice, type NoticeKind, dismissNotice, useNotices } from "./notices";
import { CloseIcon } from "./icons";
import { cx } from "./cx";
import { UndoToastHost } from "./undo-toast";
import { messages } from "../../core/messages/first-screen";

const tone: Record<NoticeKind, string> = {
  error: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100",
  warning:
    "border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  info: "border-indigo-200 bg-indigo-50 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100",
  success:
    "border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
};

function NoticeItem({ notice }: { notice: Notice }) {
  return (
    <div
      data-testid="notice"
      data-kind={notice.kind}
      className={cx(
        "pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg hs-slide-in",
        tone[notice.kind],
      )}
    >
      <p className="flex-1 pt-0.5 font-medium">{notice.text}</p>
      <button
        type="button"
        onClick={() => dismissNotice(notice.id)}
        className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100"
        aria-label={messages.shell.dismiss}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/**
 * The error banner, status messages and the Undo toast; the live regions exist before any message so readers
 * announce it.
 */
export function NoticeHost() {
  const notices = useNotices();
  const urgent = notices.filter((n) => n.kind === "error" || n.kind === "warning");
  const calm = notices.filter((n) => n.kind === "info" || n.kind === "success");
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto flex w-full max-w-md flex-col gap-2 px-3">
      <div role="alert" className="flex flex-col gap-2">
        {urgent.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </div>
      <div role="status" className="flex flex-col gap-2">
        {calm.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </div>
      <UndoToastHost />
    </div>
  );
}
