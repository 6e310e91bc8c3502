// Dates, numbers, times of day and instants in the locale to format in (ui/format-locale.ts), with formatters
// made once per locale and options; for the screens after the first, kept out of the initial bundle.
import { amountText } from "../../core/i18n/amount-text";
import { userFormat } from "../../core/i18n/user-format";
import { formatLocale } from "./format-locale";

// The catalogue's own dates and amounts too: every screen that shows them (Today's rows, Settings, the habit page,
// Stats) loads this module with them.
userFormat.locale = formatLocale;

// Making a formatter costs far more than formatting with it (Today's heading formats its date at every tick).
const made = new Map<string, unknown>();

/** The formatter of `Kind` with `options` in the locale to format in, made once per locale. */
export function formatter<T, O>(Kind: new (locale: string, options?: O) => T, options?: O): T {
  const locale = formatLocale();
  const key = locale + Kind.name + JSON.stringify(options);
  let format = made.get(key) as T | undefined;
  if (!format) made.set(key, (format = new Kind(locale, options)));
  return format;
}

/** A calendar day ("2026-11-20"), formatted at its UTC midnight in UTC so that no zone can shift it. */
export const formatDate = (date: string, options: Intl.DateTimeFormatOptions): string =>
  formatter(Intl.DateTimeFormat, { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** A number: a measurable habit's amount (up to 3 decimals, as the catalogue's), or a share as a percentage. */
export const formatNumber = (value: number, percent?: boolean): string =>
  percent ? formatter(Intl.NumberFormat, { style: "percent" }).format(value) : amountText(value);

/**
 * An amount as a text field shows it for editing: the locale's decimal mark ("2,5" in German), no grouping, so
 * that ui/rule-draft.ts parseNumber reads it back.
 */
export const inputNumber = (value: number): string =>
  formatter(Intl.NumberFormat, { useGrouping: false, maximumFractionDigits: 3 }).format(value);

/** A stored time of day ("20:00") as the locale writes it: "8:00 PM" in en-US, "20:00" in German. */
export const formatTime = (time: string): string =>
  formatter(Intl.DateTimeFormat, { timeStyle: "short", timeZone: "UTC" }).format(
    new Date(`1970-01-01T${time}Z`),
  );

/** An instant (an ISO timestamp): its day ("Nov 20, 2026"), with `time` its time of day too. */
export const formatInstant = (iso: string, time?: boolean): string =>
  formatter(
    Intl.DateTimeFormat,
    time ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
  ).format(new Date(iso));
