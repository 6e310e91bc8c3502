// The locale that dates, weekdays, times and numbers are written in (docs/decisions/0076-formatting-locale.md):
// the language the app shows (lib/locale-store.ts hands it down here), in the browser's own variant where the
// browser speaks that language (an English browser in the UK writes en-GB dates, a German one in Austria de-AT),
// else the shown language itself; the pseudo-locales write as the language they are made from. The formatters
// are in ui/format-values.ts, out of the initial bundle.

let shown = "en";

/** The language the app shows: lib/locale-store.ts calls this as it changes. */
export function setFormatLanguage(language: string): void {
  shown = language;
}

/** The locale to format in, for the shown language and the browser's (navigator.language; none in Node before 21). */
export function formatLocaleFor(shown: string, browser = shown): string {
  return browser.split("-")[0]!.toLowerCase() === shown.split("-")[0] ? browser : shown.replace(/-X.$/, "");
}

/** The locale to format in now. */
export const formatLocale = (): string => formatLocaleFor(shown, globalThis.navigator?.language);
