// When a reminder fires next, and whether a due firing is still worth sending.
import { nextFiring } from "../../core/reminders/next-fire";
import { REMINDER_LATE_MAX_MS } from "../../core/reminders/limits";
import { weekdayOf } from "../../core/schedule";

/** The next firing of a reminder after `after` as stored: null without a zone (nothing fires until one is set). */
export function nextFiringOf(time: string, timeZone: string | null, after: Date) {
  if (timeZone === null) return { nextFireAt: null, fireDate: null };
  // The local date the wall time falls on; the day start is applied when it fires (delivery.ts).
  const firing = nextFiring(time, timeZone, 0, after);
  return { nextFireAt: firing.at.toISOString(), fireDate: firing.day };
}

/** Whether a firing due at `nextFireAt` is too late to send at `now` (a server that was down, a long queue). */
export const isTooLate = (nextFireAt: string | null, now: Date) =>
  !(now.getTime() - (nextFireAt === null ? NaN : Date.parse(nextFireAt)) <= REMINDER_LATE_MAX_MS);

/** Whether a reminder of these weekdays (JSON text, as stored; null: every day) rings on `date`. */
export function ringsOn(weekdays: string | null | undefined, date: string): boolean {
  if (weekdays === null || weekdays === undefined) return true;
  const days: unknown = JSON.parse(weekdays);
  return !Array.isArray(days) || days.includes(weekdayOf(date));
}

/** Decides a due reminder's fate: its next firing, and whether this firing is sent or dropped as too late. */
export function decide(
  reminder: { time: string; timeZone: string | null; nextFireAt: string | null; fireDate: string | null },
  now: Date,
) {
  const next = nextFiringOf(reminder.time, reminder.timeZone, now);
  return {
    next:
      next.nextFireAt === null || next.fireDate === null
        ? null
        : { at: next.nextFireAt, date: next.fireDate },
    delivery:
      isTooLate(reminder.nextFireAt, now) || reminder.fireDate === null ? null : { date: reminder.fireDate },
  };
}
