// When a habit is due (docs/decisions/0028): every day, or on chosen weekdays. One representation
// everywhere, in storage, sync and the backup file alike: `null` (or an absent field) for every day, else
// `{ weekdays: [1, 3, 5] }` with 0 = Sunday as Date#getUTCDay, ascending and distinct.
import { type LocalDate, toDayNumber } from "./local-date";

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Due on these weekdays only; `null` or absent means every day. Canonical: 1 to 6 weekdays, ascending. */
export type Schedule = { weekdays: Weekday[] };

/** Bit w set: due on weekday w. */
export const EVERY_DAY_MASK = 0b111_1111;

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 6;
}

/**
 * A schedule as it may arrive in a request or backup file: an object with only `weekdays`, an array of 1 to 7
 * distinct weekdays in any order. An empty list is refused: a habit that is never due cannot be scheduled.
 */
export function isSchedule(value: unknown): value is Schedule {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  if (!("weekdays" in value) || Object.keys(value).length !== 1) return false;
  const weekdays = value.weekdays;
  if (!Array.isArray(weekdays) || weekdays.length === 0 || weekdays.length > 7) return false;
  return weekdays.every(isWeekday) && new Set(weekdays).size === weekdays.length;
}

/** The canonical form: weekdays ascending and distinct; every weekday (or none given) gives `null`. */
export function normalizeSchedule(schedule: Schedule | null | undefined): Schedule | null {
  if (!schedule) return null;
  const mask = scheduleMask(schedule);
  return mask === EVERY_DAY_MASK ? null : { weekdays: weekdaysOfMask(mask) };
}

/** The schedule as 7 bits (bit w = weekday w); `null` or absent gives every day. */
export function scheduleMask(schedule: Schedule | null | undefined): number {
  if (!schedule) return EVERY_DAY_MASK;
  let mask = 0;
  for (const day of schedule.weekdays) mask |= 1 << day;
  return mask;
}

function weekdaysOfMask(mask: number): Weekday[] {
  const out: Weekday[] = [];
  for (let day = 0; day <= 6; day++) if (mask & (1 << day)) out.push(day as Weekday);
  return out;
}

/** The weekday of a day number (days since 1970-01-01, a Thursday). */
export function weekdayOfDayNumber(dayNumber: number): Weekday {
  return ((((dayNumber + 4) % 7) + 7) % 7) as Weekday;
}

export function weekdayOf(date: LocalDate): Weekday {
  return weekdayOfDayNumber(toDayNumber(date));
}

/** True when the habit is due on `date`: always without a schedule, else on its weekdays. */
export function isDue(schedule: Schedule | null | undefined, date: LocalDate): boolean {
  return isDueOnDayNumber(scheduleMask(schedule), toDayNumber(date));
}

export function isDueOnDayNumber(mask: number, dayNumber: number): boolean {
  return ((mask >> weekdayOfDayNumber(dayNumber)) & 1) === 1;
}

/** How many days from `from` to `to` (day numbers, both included) are due; 0 when `to` < `from`. */
export function dueDayCount(mask: number, from: number, to: number): number {
  if (to < from) return 0;
  const days = to - from + 1;
  const weeks = Math.floor(days / 7);
  let count = weeks * bitCount(mask);
  for (let day = from + weeks * 7; day <= to; day++) if (isDueOnDayNumber(mask, day)) count++;
  return count;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let bits = mask; bits !== 0; bits &= bits - 1) count++;
  return count;
}
