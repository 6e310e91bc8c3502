// The language the app shows (lib/locale.ts): English until lib/locale-switch.ts has applied another's texts.
import { useSyncExternalStore } from "react";
import type { Locale } from "../../core/i18n/locales";
import { setFormatLanguage } from "../ui/format-locale";

const listeners = new Set<() => void>();
let shown: Locale = "en";

/** The language the app shows; locale-switch.ts sets it once the texts are applied. */
export function setShownLocale(locale: Locale): void {
  shown = locale;
  setFormatLanguage(locale);
  for (const listener of listeners) listener();
}

export function currentLocale(): Locale {
  return shown;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
