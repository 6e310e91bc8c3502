// The user's "day starts at" (docs/decisions/0028): a moment before the day start still belongs to the
// previous day, so a tick at 01:30 with a 03:00 day start counts for yesterday. It only decides which date "today"
// is; stored days are dates and never move.
import { addDays, isLocalDate, type LocalDate } from "./local-date";

/** Minutes after local midnight at which a new day begins: 0 (00:00, the default) to 360 (06:00). */
export type DayStart = number;

export const DEFAULT_DAY_START: DayStart = 0;
export const MAX_DAY_START: DayStart = 360;
const MINUTES_PER_DAY = 1440;

export function isDayStart(value: unknown): value is DayStart {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_DAY_START;
}

function check(minutesSinceMidnight: number, dayStart: DayStart): void {
  if (
    !Number.isInteger(minutesSinceMidnight) ||
    minutesSinceMidnight < 0 ||
    minutesSinceMidnight >= MINUTES_PER_DAY
  )
    throw new RangeError(`Not a minute of the day: ${minutesSinceMidnight}`);
  if (!isDayStart(dayStart)) throw new RangeError(`Not a day start: ${dayStart}`);
}

/**
 * The day a moment belongs to: its local date, or the date before when the wall clock reads earlier than the day
 * start. `dayFor("2026-11-21", 90, 180)` (01:30, day start 03:00) is "2026-11-20". Throws RangeError on a minute
 * outside 0..1439 or a day start outside 0..360.
 */
export function dayFor(localDate: LocalDate, minutesSinceMidnight: number, dayStart: DayStart): LocalDate {
  check(minutesSinceMidnight, dayStart);
  return minutesSinceMidnight < dayStart ? addDays(localDate, -1) : localDate;
}

/** Minutes from the wall-clock minute `minutesSinceMidnight` until the next day begins (1..1440). */
export function minutesUntilNextDay(minutesSinceMidnight: number, dayStart: DayStart): number {
  check(minutesSinceMidnight, dayStart);
  return ((dayStart - minutesSinceMidnight + MINUTES_PER_DAY - 1) % MINUTES_PER_DAY) + 1;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // One per zone: constructing a formatter is costly. h23, so that midnight reads 00 and never 24.
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date and wall-clock minute of `now` in `timeZone`; throws RangeError for an unknown zone. */
export function wallClockInZone(now: Date, timeZone: string): { date: LocalDate; minutes: number } {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const date = `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
  const minutes = Number(part("hour")) * 60 + Number(part("minute"));
  if (!isLocalDate(date) || !(minutes >= 0 && minutes < MINUTES_PER_DAY))
    throw new RangeError(`Cannot express ${String(now)} as a local date and time in ${timeZone}`);
  return { date, minutes };
}

/** The user's today at `now`: the date in `timeZone`, shifted back one day before the day start. */
export function todayInZoneAt(
  now: Date,
  timeZone: string,
  dayStart: DayStart = DEFAULT_DAY_START,
): LocalDate {
  const { date, minutes } = wallClockInZone(now, timeZone);
  return dayFor(date, minutes, dayStart);
}
