// The Undo toast after a delete: "Deleted Read" with an Undo button for 5 s. One toast at a time
// for the whole app, held here so that it outlives the page that deleted (the habit page goes back to Today);
// NoticeHost renders it. Any feature shows one with showUndoToast(messages.history.deleted(name), undo), where
// `undo` is what useHabits().remove(id) gave.
import { useState, useSyncExternalStore } from "react";
import { messages } from "../../core/messages/first-screen";
import { showError } from "./notices";

/** How long Undo is offered: as long as the store holds the delete back (use-habits' remove). */
export const UNDO_TOAST_MS = 5000;

export type UndoToastState = { id: number; text: string; undo: () => Promise<boolean> };

let toast: UndoToastState | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(next: UndoToastState | null): void {
  toast = next;
  for (const listener of listeners) listener();
}

/** Shows the toast for UNDO_TOAST_MS; a newer one replaces it (the earlier delete then stays). */
export function showUndoToast(text: string, undo: () => Promise<boolean>): void {
  clearTimeout(timer);
  const shown = { id: nextId++, text, undo };
  emit(shown);
  timer = setTimeout(() => dismissUndoToast(shown.id), UNDO_TOAST_MS);
}

/** Hides the toast `id` (any toast without one). */
export function dismissUndoToast(id?: number): void {
  if (!toast || (id !== undefined && toast.id !== id)) return;
  clearTimeout(timer);
  emit(null);
}

export function currentUndoToast(): UndoToastState | null {
  return toast;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function UndoToastItem({ shown }: { shown: UndoToastState }) {
  const [busy, setBusy] = useState(false);
  const onUndo = async () => {
    setBusy(true);
    const undone = await shown.undo().catch(() => false);
    dismissUndoToast(shown.id);
    if (!undone) showError(messages.history.undoTooLate);
  };
  return (
    <div
      data-testid="undo-toast"
      className="pointer-events-auto flex items-center gap-3 rounded-xl bg-slate-900 py-1.5 ps-4 pe-1.5 text-sm text-white shadow-lg hs-slide-in dark:bg-slate-100 dark:text-slate-900"
    >
      <p className="min-w-0 flex-1 font-medium wrap-anywhere">{shown.text}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void onUndo()}
        className="min-h-11 shrink-0 rounded-lg px-4 font-semibold text-indigo-300 hover:bg-white/10 disabled:opacity-60 dark:text-indigo-700 dark:hover:bg-slate-900/10"
      >
        {messages.history.undo}
      </button>
    </div>
  );
}

/** The toast in a live region that exists before it shows, so that screen readers announce "Deleted …". */
export function UndoToastHost() {
  const shown = useSyncExternalStore(subscribe, currentUndoToast);
  return (
    <div role="status" className="flex flex-col">
      {shown && <UndoToastItem key={shown.id} shown={shown} />}
    </div>
  );
}
