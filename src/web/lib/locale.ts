// The app's language (docs/decisions/0072): `?lang=` (the pseudo-locales among them), else the one chosen on this
// device, else the first of the browser's languages that the app speaks. English is built in; everything needed
// for another language (its texts, and the code that loads and applies them) is in lib/locale-switch.ts, loaded
// only then. The app re-renders when the language changes (app.tsx reads useLocale, lib/locale-store.ts).
import { isLocale, matchLocale, type Locale } from "../../core/i18n/locales";
import { readStorage, WEB_STORAGE_KEYS } from "./storage";

/** `?lang=`, kept for the rest of the visit in this tab (sessionStorage): links and reloads keep it. */
function askedLocale(): string | null {
  const asked = new URLSearchParams(window.location.search).get("lang");
  try {
    if (asked) sessionStorage.setItem(WEB_STORAGE_KEYS.language, asked);
    return asked ?? sessionStorage.getItem(WEB_STORAGE_KEYS.language);
  } catch {
    return asked;
  }
}

/** The language asked for by `?lang=` or chosen on this device, if any: then the account's does not apply. */
export function chosenLocale(): Locale | null {
  const asked = askedLocale();
  if (isLocale(asked)) return asked;
  const stored = readStorage(WEB_STORAGE_KEYS.language);
  return isLocale(stored) ? stored : null;
}

export function preferredLocale(): Locale {
  return chosenLocale() ?? matchLocale(navigator.languages ?? [navigator.language]);
}

/** Starts the app in the preferred language: at once in English, else once its first texts are there. */
export function startLocale(): Promise<void> | null {
  const locale = preferredLocale();
  return locale === "en" ? null : import("./locale-switch").then((locales) => locales.applyLocale(locale));
}
