// Showing the app in a language other than English, or back in English (lib/locale.ts): the translated parts of
// the catalogue, one chunk each, loaded when the part itself is (docs/decisions/0072); applied in place, then the
// app re-renders. <html lang> and dir follow.
import { loadedParts, onPartLoaded, type Tree } from "../../core/i18n/catalogue";
import { applyTable } from "../../core/i18n/catalogue-apply";
import { isRtl, type CataloguePart, type Locale } from "../../core/i18n/locales";
import { currentLocale, setShownLocale } from "./locale-store";
import { WEB_STORAGE_KEYS, writeStorage } from "./storage";

const chunks = import.meta.glob<{ default: Tree }>([
  "../../core/messages/compiled/*/*.ts",
  "!../../core/messages/compiled/en/*.ts",
  "!../../core/messages/compiled/*/server.ts", // the server's own texts (docs/decisions/0074)
]);

/** The language last asked for: a part that arrives for an earlier choice is not applied. */
let wanted: Locale = currentLocale();

async function showPart(locale: Locale, part: CataloguePart): Promise<void> {
  const table =
    locale === "en"
      ? undefined
      : (await chunks[`../../core/messages/compiled/${locale}/${part}.ts`]?.())?.default;
  if (locale === wanted) applyTable(part, table);
}

/** Shows the app in the locale: the loaded parts' texts, then a re-render. */
export async function applyLocale(locale: Locale): Promise<void> {
  wanted = locale;
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRtl(locale) ? "rtl" : "ltr";
  await Promise.all(loadedParts().map((part) => showPart(locale, part)));
  if (locale === wanted) setShownLocale(locale);
}

/** The user's choice: kept on this device and applied at once. */
export function chooseLocale(locale: Locale): Promise<void> {
  writeStorage(WEB_STORAGE_KEYS.language, locale);
  try {
    sessionStorage.removeItem(WEB_STORAGE_KEYS.language); // a `?lang=` of this visit gives way to the choice
  } catch {
    // Without sessionStorage no `?lang=` was kept.
  }
  return applyLocale(locale);
}

// A part that loads with its page (Today's rows, the pages' texts) follows the language.
onPartLoaded((part) => {
  if (wanted !== "en") void showPart(wanted, part).then(() => setShownLocale(wanted));
});
