// Apart from user-format.ts, which the web's first screen sets: this loads with the texts that show amounts.
import { userFormat } from "./user-format";

let numbers: Intl.NumberFormat | undefined;
let numbersIn: string | undefined;

/** An amount in the user's locale ("2.5", "2,5" in German), up to 3 decimals; plain digits where none is set. */
export function amountText(value: number): string {
  const locale = userFormat.locale();
  if (!locale) return String(value);
  if (locale !== numbersIn)
    numbers = new Intl.NumberFormat((numbersIn = locale), { maximumFractionDigits: 3 });
  return numbers!.format(value);
}
