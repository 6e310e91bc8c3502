// App-wide notices (error banner, status messages). A tiny store so that data hooks and mutation callbacks,
// which live outside any component, can show a message; <NoticeHost> renders them in aria-live regions.
import { useSyncExternalStore } from "react";
import { ERROR_BANNER_MS } from "../../core/constants";

export type NoticeKind = "error" | "warning" | "info" | "success";
/** durationMs null: stays until dismissed (a message about work in progress). */
export type Notice = { id: number; kind: NoticeKind; text: string; durationMs: number | null };

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function dismissNotice(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (notices.some((notice) => notice.id === id)) emit(notices.filter((notice) => notice.id !== id));
}

/** Shows a message that hides itself after durationMs; the same text shown again restarts its timer. */
export function showNotice(kind: NoticeKind, text: string, durationMs: number | null): number {
  const same = notices.find((notice) => notice.text === text);
  if (same) dismissNotice(same.id);
  const notice: Notice = { id: nextId++, kind, text, durationMs };
  emit([...notices, notice]);
  if (durationMs !== null)
    timers.set(
      notice.id,
      setTimeout(() => dismissNotice(notice.id), durationMs),
    );
  return notice.id;
}

/** The error banner hides after ERROR_BANNER_MS (docs/product.md, "Messages"). */
export function showError(text: string): number {
  return showNotice("error", text, ERROR_BANNER_MS);
}

export function clearNotices(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  emit([]);
}

export function currentNotices(): readonly Notice[] {
  return notices;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, currentNotices);
}
