// The app's language (docs/decisions/0072): `?lang=` (the pseudo-locales among them), else the one chosen on this
// device, else the first of the browser's languages that the app speaks. English is built in; everything needed
// for another language (its texts, and the code that loads and applies them) is in lib/locale-switch.ts, loaded
// only then. The app re-renders when the language changes (app.tsx reads useLocale, lib/locale-store.ts).
import { isLocale, matchLocale, type Locale } from "../../core/i18n/locales";
import { readStorage, WEB_STORAGE_KEYS } from "./storage";

export function preferredLocale(): Locale {
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (isLocale(asked)) return asked;
  const stored = readStorage(WEB_STORAGE_KEYS.language);
  if (isLocale(stored)) return stored;
  return matchLocale(navigator.languages ?? [navigator.language]);
}

/** Starts the app in the preferred language: at once in English, else once its first texts are there. */
export function startLocale(): Promise<void> | null {
  const locale = preferredLocale();
  return locale === "en" ? null : import("./locale-switch").then((locales) => locales.applyLocale(locale));
}
