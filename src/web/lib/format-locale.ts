// The locale that dates, weekdays, times and numbers are written in (docs/decisions/0073-formatting-locale.md):
// the language the app shows (lib/locale-store.ts), in the browser's own variant where the browser speaks that
// language (an English browser in the UK writes en-GB dates, a German one in Austria de-AT), else the shown
// language itself; the pseudo-locales write as the language they are made from. Formatters are made once per
// locale and options, and dropped when the language changes.
import { userFormat } from "../../core/i18n/user-format";
import { currentLocale } from "./locale-store";

/** The locale to format in, for the shown language and the browser's (navigator.language). */
export function formatLocaleFor(shown: string, browser: string): string {
  const language = shown.split("-")[0]!;
  return browser.split("-")[0]!.toLowerCase() === language ? browser : shown.replace(/-X.$/, "");
}

let shownFor: string | undefined;
let tag = "";
const made = new Map<string, unknown>();

/** The locale to format in now. */
export function formatLocale(): string {
  const shown = currentLocale();
  if (shown !== shownFor) {
    shownFor = shown;
    // No navigator where no browser is (a worker has one; Node before 21 not): the shown language then.
    tag = formatLocaleFor(shown, globalThis.navigator?.language ?? shown);
    made.clear();
  }
  return tag;
}

/** The formatter of `Kind` with `options` in the locale to format in, made once while the language stays. */
export function formatter<T, O>(Kind: new (locale: string, options?: O) => T, options?: O): T {
  const locale = formatLocale();
  const key = Kind.name + JSON.stringify(options);
  let format = made.get(key) as T | undefined;
  if (!format) made.set(key, (format = new Kind(locale, options)));
  return format;
}

/** A calendar day ("2026-11-20"), formatted at its UTC midnight in UTC so that no zone can shift it. */
export const formatDate = (date: string, options: Intl.DateTimeFormatOptions): string =>
  formatter(Intl.DateTimeFormat, { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** A number: a measurable habit's amount (up to 3 decimals), or a share as a percentage with `percent`. */
export const formatNumber = (value: number, percent?: boolean): string =>
  formatter(Intl.NumberFormat, percent ? { style: "percent" } : { maximumFractionDigits: 3 }).format(value);

userFormat.locale = formatLocale;
userFormat.number = (value) => formatNumber(value);

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
