import { useSyncExternalStore } from "react";
import type { LocalDate } from "../../core/local-date";
import { localToday, msUntilNextCheck } from "./local-today";

// One shared clock for the whole app: a timer to the next local midnight, plus a check whenever the tab
// becomes visible again (timers are throttled in background tabs and stop while the machine sleeps).
let current: LocalDate | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function check(): void {
  const next = localToday();
  if (next !== current) {
    current = next;
    for (const listener of listeners) listener();
  }
}

function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    check();
    schedule();
  }, msUntilNextCheck());
}

function onVisible(): void {
  if (document.visibilityState === "visible") {
    check();
    schedule();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    }
  };
}

function getSnapshot(): LocalDate {
  current ??= localToday();
  return current;
}

/** The user's local day; re-renders at local midnight without a reload. */
export function useToday(): LocalDate {
  return useSyncExternalStore(subscribe, getSnapshot);
}
