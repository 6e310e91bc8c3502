// The account's language on a device that has not chosen one (docs/decisions/0072): a user who chose German in
// Settings on one device sees German on another once signed in, without opening Settings there. Loaded after the
// first paint, only on a device with no choice (app/shell/app-shell.tsx); the language is then kept on
// the device, as a choice made there would be.
import { isLocale } from "../../core/i18n/locales";
import { apiRequest } from "./api-request";
import { chosenLocale } from "./locale";
import { chooseLocale } from "./locale-switch";

/** The users whose profile this page has asked for: once each, however often the shell mounts. */
const asked = new Set<string>();

export async function applyAccountLocale(userId: string): Promise<void> {
  if (asked.has(userId)) return;
  asked.add(userId);
  const { language } = (await apiRequest("GET /api/profile")).preferences;
  // A choice made on this device while the profile loaded wins.
  if (isLocale(language) && !chosenLocale()) await chooseLocale(language);
}
