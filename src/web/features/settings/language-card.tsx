import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { LOCALE_NAMES } from "../../../core/i18n/locale-names";
import { isLocale, LOCALES, type Locale } from "../../../core/i18n/locales";
import { messages } from "../../../core/messages";
import { apiRequest } from "../../lib/api-request";
import { useCurrentUser } from "../../lib/current-user";
import { useLocale } from "../../lib/locale-store";
import { chooseLocale } from "../../lib/locale-switch";
import { profileKey, profileQuery } from "../../lib/profile-query";
import { queryClient } from "../../lib/query-client";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { selectClass } from "./day-start-card";

const t = messages.language;

/**
 * "Language": applied at once, kept on this device and in the account (preferences.language), so that the
 * user's other devices follow; an account's language chosen elsewhere is applied when its profile loads.
 */
export function LanguageCard() {
  const { id: userId } = useCurrentUser();
  const locale = useLocale();
  const selectId = useId();
  const profile = useQuery(profileQuery(userId), queryClient);
  const save = useMutation(
    {
      mutationFn: (language: (typeof LOCALES)[number]) =>
        apiRequest("PATCH /api/profile", { body: { preferences: { language } } }),
      onSuccess: (saved) => queryClient.setQueryData(profileKey(userId), saved),
    },
    queryClient,
  );
  const account = profile.data?.preferences.language;
  useEffect(() => {
    if (isLocale(account) && account !== locale && !save.isPending) void chooseLocale(account);
    // Only a language that comes from the account is applied here; the select applies the user's own.
  }, [account]);

  const choose = (value: string) => {
    if (!isLocale(value)) return;
    void chooseLocale(value);
    // The account keeps a language, never a pseudo-locale.
    const language = LOCALES.find((source) => source === value);
    if (language) save.mutate(language);
  };
  // The pseudo-locales (`?lang=en-XA`) show in the list only while one of them is active.
  const choices: readonly Locale[] = (LOCALES as readonly Locale[]).includes(locale)
    ? LOCALES
    : [...LOCALES, locale];
  return (
    <SettingsSection title={t.title} testId="settings-language">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={selectId} className="font-medium text-slate-900 dark:text-white">
          {t.label}
        </label>
        <select id={selectId} value={locale} onChange={(e) => choose(e.target.value)} className={selectClass}>
          {choices.map((choice) => (
            <option key={choice} value={choice} lang={choice}>
              {LOCALE_NAMES[choice]}
            </option>
          ))}
        </select>
      </div>
      <p className={`mt-2 ${mutedText}`}>{t.help}</p>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {t.saveFailed}
        </p>
      )}
    </SettingsSection>
  );
}
