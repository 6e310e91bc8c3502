// The locale that the catalogue's own dates and numbers are written in (the API tokens' days, the sync details, a
// measurable habit's amounts, core/i18n/amount-text.ts): the web sets it (src/web/ui/format-locale.ts); unset (the
// server), the runtime's locale and plain digits.
export const userFormat = { locale: (): string | undefined => undefined };
