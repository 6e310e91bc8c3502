// The Language select's names (Settings), apart from locales.ts: the first screen needs none of them.
import type { Locale } from "./locales";

/** Each language's name in itself, for the Language select. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ar: "العربية",
  "en-XA": "[Ƥšéûđö Éñĝļîšĥ]",
  "ar-XB": "\u202ePseudo RTL\u202c",
};
