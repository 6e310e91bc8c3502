// Which days a request may set (decision 0003): any day from EARLIEST_DAY up to the user's today.
import { addDays, isLocalDate, isWithinOneDayOf, todayInZone, type LocalDate } from "../../core/local-date";
import { EARLIEST_DAY } from "../../core/sync";

/**
 * The user's today as the latest day they may set: the X-Local-Date header when it is a real day within one day of
 * the server's UTC date (decision 0003); without one, the server's UTC date plus one day, the latest date that is
 * today somewhere (UTC+14): the server cannot tell the user's zone, and must not refuse their real today.
 */
export function latestDayOf(header: string | undefined, now: Date): LocalDate {
  if (header !== undefined && isLocalDate(header) && isWithinOneDayOf(header, now)) return header;
  return addDays(todayInZone(now, "UTC"), 1);
}

/** Why `date` cannot be set (for an INVALID_DATE answer), or undefined when it can. */
export function dayFault(date: LocalDate, latest: LocalDate): string | undefined {
  if (date < EARLIEST_DAY) return `date: ${date} is before ${EARLIEST_DAY}, the first day a habit can have`;
  if (date > latest) return `date: ${date} is in the future: the latest day allowed is ${latest}`;
  return undefined;
}
