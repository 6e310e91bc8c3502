// The habit page's words for a day of a habit's history (core/kind-days.ts: kindHistoryOf reads the history).
import { ruleIndexOn } from "../../core/habit-kind";
import type { KindHistory } from "../../core/kind-days";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages";

const k = messages.habitKinds;

/** What a day's name adds for its number: ", 5 glasses" in the unit of the rule in force that day; "" without one. */
export function amountWords(rules: KindHistory["rules"], date: LocalDate, amount: number | null): string {
  if (amount === null) return "";
  return `, ${k.dayAmount(amount, rules[ruleIndexOn(rules, date)]?.target?.unit ?? "")}`;
}
