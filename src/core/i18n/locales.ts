// The languages of the app (docs/decisions/0072): English is the source, written by us; the others are translated
// in src/locales/<locale>/. The pseudo-locales are generated from English for checking layouts (development and
// end-to-end tests): en-XA accented and 40 % longer, ar-XB right to left.
export const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ar"] as const;
export const PSEUDO_LOCALES = ["en-XA", "ar-XB"] as const;
export type Locale = (typeof LOCALES)[number] | (typeof PSEUDO_LOCALES)[number];
export const SOURCE_LOCALE = "en";

/** The catalogue's parts (src/core/messages.ts): each loads with what shows it (docs/decisions/0060); `server`
 * holds the API's error messages, which only the server reads (messages/in-locale.ts, docs/decisions/0074). */
export const CATALOGUE_PARTS = ["first-screen", "today-rows", "on-demand", "server"] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

export function isLocale(value: unknown): value is Locale {
  return (
    (LOCALES as readonly unknown[]).includes(value) || (PSEUDO_LOCALES as readonly unknown[]).includes(value)
  );
}

export function isRtl(locale: Locale): boolean {
  return locale === "ar" || locale === "ar-XB";
}

/**
 * The first supported locale among the user's languages (navigator.languages, best first): an exact match
 * ("pt-BR"), else the language alone ("de-AT" → "de", "pt-PT" → "pt-BR", the only Portuguese); English otherwise.
 */
export function matchLocale(languages: readonly string[]): (typeof LOCALES)[number] {
  for (const tag of languages) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split("-")[0]!.toLowerCase();
    const same = LOCALES.find((locale) => locale.split("-")[0]!.toLowerCase() === language);
    if (same) return same;
  }
  return SOURCE_LOCALE;
}

/**
 * The translated locales that must lack no key of English (src/core/messages/catalogue.test.ts): add a locale here
 * once its translation is done, and the test then fails whenever English gains a text it lacks.
 */
export const COMPLETE_LOCALES: readonly (typeof LOCALES)[number][] = ["de", "fr", "es", "pt-BR", "ar"];
