// The few helpers that messages compiled from ICU MessageFormat call (scripts/compile-messages.ts,
// docs/decisions/0072): numbers, plural (cardinal) and select, each as intl-messageformat formats them
// (src/core/messages/catalogue.test.ts compares every message with it).
export type Args = Readonly<Record<string, string | number>>;
type Value = string | number | undefined;
type Cases = Readonly<Record<string, string>>;

export function icu(locale: string) {
  let rules: Intl.PluralRules | undefined;
  return {
    N: (value: Value, style?: "percent" | "integer"): string =>
      new Intl.NumberFormat(
        locale,
        style === "percent" ? { style } : style ? { maximumFractionDigits: 0 } : undefined,
      ).format(Number(value)),
    P: (value: Value, offset: number, cases: Cases): string =>
      cases[`=${value}`] ??
      cases[(rules ??= new Intl.PluralRules(locale)).select(Number(value) - offset)] ??
      cases.other!,
    S: (value: Value, cases: Cases): string => cases[String(value)] ?? cases.other!,
  };
}
