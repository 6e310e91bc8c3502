// When a reminder fires (docs/decisions/0033): a wall-clock time "HH:MM" in the user's IANA zone,
// turned into instants. Pure: the zone rules come from Intl.DateTimeFormat (ECMA-402), not from IO.
//
// A wall time may not exist on a day (the DST gap: 02:30 on a spring-forward day in Berlin) or exist twice (the
// overlap: 02:30 on a fall-back day). A reminder fires once on each local date: in a gap at the first instant
// after it (the transition itself, 03:00 local in Berlin, 02:30 on Lord Howe's 30-minute shift), in an overlap at
// the first of the two instants.
import { dayFor, type DayStart } from "../day-start";
import { addDays, isLocalDate, type LocalDate, todayInZone } from "../local-date";
import { minutesOfTime, type ReminderTime } from "./reminder-time";

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/** The next firing of a reminder: the instant, and the user's day (day start applied) it is about. */
export type Firing = { at: Date; day: LocalDate };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
      era: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of instant `ms` in `timeZone`, as milliseconds since 1970-01-01T00:00 of that wall clock. */
function wallMs(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  let year = 0,
    month = 0,
    day = 0,
    hour = 0,
    minute = 0,
    second = 0,
    bc = false;
  for (const part of parts) {
    const n = Number(part.value);
    if (part.type === "year") year = n;
    else if (part.type === "month") month = n;
    else if (part.type === "day") day = n;
    else if (part.type === "hour") hour = n;
    else if (part.type === "minute") minute = n;
    else if (part.type === "second") second = n;
    else if (part.type === "era") bc = part.value.startsWith("B");
  }
  const date = new Date(0);
  date.setUTCFullYear(bc ? 1 - year : year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The zone's offset from UTC at instant `ms`, in milliseconds (UTC+01:00 → 3,600,000). */
export function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000; // the wall clock is read to the second
  return wallMs(whole, timeZone) - whole;
}

/** Milliseconds since the epoch of a wall time read as UTC: the date at `minutes` after midnight. */
function wallOf(date: LocalDate, minutes: number): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const ms = new Date(0);
  ms.setUTCFullYear(y, m - 1, d);
  return ms.getTime() + minutes * MINUTE;
}

/**
 * The instant at which the wall clock of `timeZone` reads `minutes` after midnight on `date`: the first of two
 * in an overlap, and in a gap the first instant after it (where the clock jumps past that wall time).
 */
export function instantOfWallTime(date: LocalDate, minutes: number, timeZone: string): Date {
  if (!isLocalDate(date)) throw new RangeError(`Not a local date: ${date}`);
  const wall = wallOf(date, minutes);
  // The offsets around the wall time: a zone changes its offset at most once within a day on either side.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const candidates = [wall - before, wall - after, wall - offsetAt(wall, timeZone)]
    .filter((t) => wallMs(t, timeZone) === wall)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return new Date(candidates[0]);
  // A gap: the instant `wall - before` already reads later than the wall time. The first instant after the gap
  // is the transition, between `wall - after` and `wall - before`; found to the minute (transitions fall on whole
  // minutes), as the first minute whose wall clock reads past the wall time.
  let lo = Math.floor((Math.min(wall - after, wall - before) - MINUTE) / MINUTE); // reads before the wall time
  let hi = Math.ceil(Math.max(wall - after, wall - before) / MINUTE); // reads after it
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallMs(mid * MINUTE, timeZone) > wall) hi = mid;
    else lo = mid;
  }
  return new Date(hi * MINUTE);
}

/**
 * The first firing of the reminder at `time` in `timeZone` strictly after `after`: once per local date, at the
 * wall time (see instantOfWallTime for gaps and overlaps). Its day is the user's day at that wall time: with a day
 * start of 03:00, a 00:30 reminder is about the local date before.
 */
export function nextFiring(time: ReminderTime, timeZone: string, dayStart: DayStart, after: Date): Firing {
  const minutes = minutesOfTime(time);
  const afterMs = after.getTime();
  const start = todayInZone(after, timeZone); // the local date of `after` (RangeError for an unknown zone)
  for (let i = -1; i <= 2; i += 1) {
    const date = addDays(start, i);
    const at = instantOfWallTime(date, minutes, timeZone);
    if (at.getTime() > afterMs) return { at, day: dayFor(date, minutes, dayStart) };
  }
  throw new RangeError(`No firing of ${time} in ${timeZone} after ${after.toISOString()}`);
}
