import { messages } from "../../../core/messages";
import type { LocalDate } from "../../../core/local-date";
import { formatDate } from "../../ui/format-values";

/** A calendar day in the shown language's way ("Nov 19, 2026", "19.11.2026"): ui/format-locale.ts. */
export function formatLocalDate(date: LocalDate): string {
  return formatDate(date, { dateStyle: "medium" });
}

/** Stats: 'Today', a date, or 'Never'. */
export function formatLastCompleted(date: LocalDate | null, today: LocalDate): string {
  if (date === null) return messages.stats.lastNever;
  if (date === today) return messages.stats.lastToday;
  return formatLocalDate(date);
}
