// "today" is the user's calendar day, from Intl, never the UTC day of toISOString(). It follows
// the signed-in user's day start (core/day-start.ts): before it, the day before is still today. Signed out, or
// before the user's settings are known, the day starts at midnight.
import {
  DEFAULT_DAY_START,
  type DayStart,
  isDayStart,
  minutesUntilNextDay,
  todayInZoneAt,
  wallClockInZone,
} from "../../core/day-start";
import type { LocalDate } from "../../core/local-date";
import { lastUser } from "./last-user";
import { readStorage, removeStorage, WEB_STORAGE_KEYS, writeStorage } from "./storage";

/** The zone asked for in the running task's current job; cleared at its end (see browserTimeZone). */
let zoneThisJob: string | undefined;

/**
 * The browser's time zone. Asking builds an Intl.DateTimeFormat (a quarter of a millisecond here, a millisecond
 * on a slow phone), and a render asks once per component that reads the day: the answer is kept until the current
 * job's microtasks run, so one render asks once. The zone can change between two jobs (a device that travels),
 * never within one.
 */
export function browserTimeZone(): string {
  if (zoneThisJob === undefined) {
    zoneThisJob = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    queueMicrotask(() => {
      zoneThisJob = undefined;
    });
  }
  return zoneThisJob;
}

/** The day start in force; null until first asked. */
let current: DayStart | null = null;
/** The user and day start last stored by setDayStart. */
let remembered = "";
const listeners = new Set<() => void>();

/** The day start last known on this browser for the user last signed in (so that the first paint after a reload
 * shows the right day before the local store has opened); midnight for anyone else, and signed out. */
function storedDayStart(): DayStart {
  const userId = lastUser()?.id;
  if (userId === undefined) return DEFAULT_DAY_START;
  try {
    const value: unknown = JSON.parse(readStorage(WEB_STORAGE_KEYS.dayStart) ?? "null");
    if (typeof value !== "object" || value === null) return DEFAULT_DAY_START;
    const { userId: owner, dayStart } = { userId: undefined, dayStart: undefined, ...value };
    return owner === userId && isDayStart(dayStart) ? dayStart : DEFAULT_DAY_START;
  } catch {
    return DEFAULT_DAY_START;
  }
}

/** The day start that decides today now. */
export function currentDayStart(): DayStart {
  current ??= storedDayStart();
  return current;
}

function announce(dayStart: DayStart): void {
  const before = currentDayStart();
  current = dayStart;
  if (dayStart !== before) for (const listener of listeners) listener();
}

/** The user's day start as their settings say (the local store calls this on every change of them). */
export function setDayStart(userId: string, dayStart: DayStart): void {
  if (!isDayStart(dayStart)) return;
  // Called on every change of the store: write the browser's storage only when something changed.
  const key = `${userId} ${dayStart}`;
  if (key === remembered && dayStart === current) return;
  remembered = key;
  if (dayStart === DEFAULT_DAY_START) removeStorage(WEB_STORAGE_KEYS.dayStart);
  else writeStorage(WEB_STORAGE_KEYS.dayStart, JSON.stringify({ userId, dayStart }));
  announce(dayStart);
}

/** Calls `listener` when the day start in force changes (today may have changed with it). */
export function onDayStartChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's today at `now`: the date in the browser's zone, the day before while the day has not started. */
export function localToday(now: Date = new Date(), dayStart: DayStart = currentDayStart()): LocalDate {
  try {
    return todayInZoneAt(now, browserTimeZone(), dayStart);
  } catch {
    return todayInZoneAt(now, "UTC", dayStart); // an unknown zone name from an odd browser
  }
}

// Re-check at least hourly: timers drift or pause while a laptop sleeps.
const MAX_WAIT_MS = 60 * 60 * 1000;

/** Milliseconds until just after the next day start (capped), as the browser's own clock sees it. */
export function msUntilNextCheck(now: Date = new Date(), dayStart: DayStart = currentDayStart()): number {
  let minutes: number;
  try {
    minutes = wallClockInZone(now, browserTimeZone()).minutes;
  } catch {
    minutes = wallClockInZone(now, "UTC").minutes;
  }
  const intoMinute = now.getSeconds() * 1000 + now.getMilliseconds();
  const wait = minutesUntilNextDay(minutes, dayStart) * 60_000 - intoMinute + 250;
  return Math.min(MAX_WAIT_MS, Math.max(1000, wait));
}
