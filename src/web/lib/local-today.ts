// GUIDE §5: "today" is the user's calendar day, from Intl, never the UTC day of toISOString().
import { type LocalDate, todayInZone } from "../../core/local-date";

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export function localToday(now: Date = new Date()): LocalDate {
  try {
    return todayInZone(now, browserTimeZone());
  } catch {
    return todayInZone(now, "UTC"); // an unknown zone name from an odd browser
  }
}

// Re-check at least hourly: timers drift or pause while a laptop sleeps.
const MAX_WAIT_MS = 60 * 60 * 1000;

/** Milliseconds until just after the next local midnight (capped), as the browser's own clock sees it. */
export function msUntilNextCheck(now: Date = new Date()): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.min(MAX_WAIT_MS, Math.max(1000, midnight.getTime() - now.getTime() + 250));
}
