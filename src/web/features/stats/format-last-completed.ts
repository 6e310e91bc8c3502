import { messages } from "../../../core/messages";
import { type LocalDate, toDayNumber } from "../../../core/local-date";

const MS_PER_DAY = 86_400_000;

/** A calendar day in the user's locale; formatted at UTC midnight in UTC so no zone can shift it. */
export function formatLocalDate(date: LocalDate, locale?: string): string {
  const formatter = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return formatter.format(new Date(toDayNumber(date) * MS_PER_DAY));
}

/** Stats: 'Today', a date, or 'Never'. */
export function formatLastCompleted(date: LocalDate | null, today: LocalDate, locale?: string): string {
  if (date === null) return messages.stats.lastNever;
  if (date === today) return messages.stats.lastToday;
  return formatLocalDate(date, locale);
}
