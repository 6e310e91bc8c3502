import { useSyncExternalStore } from "react";
import type { LocalDate } from "../../core/local-date";
import { localToday, msUntilNextCheck, onDayStartChange } from "./local-today";

// One shared clock for the whole app: a timer to the next day start (local midnight unless the user's day starts
// later), a check whenever the tab becomes visible again (timers are throttled in background tabs and
// stop while the machine sleeps), and one when the day start itself changes.
let current: LocalDate | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let stopFollowing: (() => void) | undefined;

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
    stopFollowing = onDayStartChange(() => {
      check();
      schedule();
    });
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      stopFollowing?.();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    }
  };
}

function getSnapshot(): LocalDate {
  // Without listeners no timer keeps it fresh: read the clock.
  if (current === null || listeners.size === 0) current = localToday();
  return current;
}

/** The user's day (day start included); re-renders when it begins, without a reload. */
export function useToday(): LocalDate {
  return useSyncExternalStore(subscribe, getSnapshot);
}
