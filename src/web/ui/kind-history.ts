// The habit page's reading of a habit's history for core/kind-days.ts: its kind, dated rules, days and numbers,
// with the user's vacations and week start.
import type { Habit } from "../../core/habit";
import { ruleIndexOn, type WeekStart } from "../../core/habit-kind";
import { type KindHistory, rulesOrSchedule } from "../../core/kind-days";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages";
import type { Vacation } from "../../core/vacation";

const k = messages.habitKinds;

export function kindHistoryOf(
  habit: Habit,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
): KindHistory {
  return {
    kind: habit.kind ?? "yesNo",
    rules: rulesOrSchedule(habit),
    completedDates: habit.completedDates,
    values: habit.values,
    skippedDates: habit.skippedDates,
    vacations,
    weekStart,
  };
}

/** What a day's name adds for its number: ", 5 glasses" in the unit of the rule in force that day; "" without one. */
export function amountWords(rules: KindHistory["rules"], date: LocalDate, amount: number | null): string {
  if (amount === null) return "";
  return `, ${k.dayAmount(amount, rules[ruleIndexOn(rules, date)]?.target?.unit ?? "")}`;
}
