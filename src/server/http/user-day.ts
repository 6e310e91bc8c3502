// Which days a request may set (decision 0003): any day from EARLIEST_DAY up to the user's today.
import { addDays, isLocalDate, isWithinOneDayOf, todayInZone, type LocalDate } from "../../core/local-date";
import { EARLIEST_DAY } from "../../core/sync";
import { inEnglish } from "../../core/messages/server-english";
import { errorText, type ErrorText } from "../../core/messages/server";

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
export function dayFaultText(date: LocalDate, latest: LocalDate): ErrorText | undefined {
  if (date < EARLIEST_DAY) return errorText("dateTooEarly", { field: "date", date, earliest: EARLIEST_DAY });
  if (date > latest) return errorText("dateInFuture", { field: "date", date, latest });
  return undefined;
}

/** The same in English: a sync op's recorded rejection. */
export function dayFault(date: LocalDate, latest: LocalDate): string | undefined {
  const fault = dayFaultText(date, latest);
  return fault && inEnglish(fault);
}
