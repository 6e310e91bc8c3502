// How the catalogue's own dates and numbers are written (the API tokens' days, the sync details, a measurable
// habit's amounts): the web sets these to its user's locale (src/web/lib/format-locale.ts); unset, the runtime's
// locale and plain digits.
export const userFormat = {
  locale: (): string | undefined => undefined,
  number: (value: number): string => String(value),
};
