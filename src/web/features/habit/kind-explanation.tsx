// How the streak of a habit counted by kind is counted (docs/product.md, "Kinds of habit"), in words: the rule in
// force today and where its streak began. A yes/no habit due every day or on weekdays keeps the day-run
// explanation (src/web/ui/streak-explanation.tsx).
import type { HabitRule, TargetPer, WeekStart } from "../../../core/habit-kind";
import { unitOf } from "../../../core/kind-figures";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { fullDate, weekdayName } from "../../ui/day-names";

const h = messages.history;
const k = messages.habitKinds;

/** The sentences, in reading order, for the rule in force today, the streak and where it began. */
export function kindExplanationLines(
  rule: HabitRule,
  streak: number,
  since: LocalDate | null,
  weekStart: WeekStart,
  quit: boolean,
): string[] {
  const per: TargetPer = unitOf(rule);
  const { frequency, target } = rule;
  const amount = target ? k.dayAmount(target.amount, target.unit) : "";
  const lines: string[] = [];
  if (per === "day") {
    if (quit) lines.push(h.countedQuit);
    else if (!target) lines.push(h.countedDaysDone);
    else lines.push(target.atMost ? h.countedDaysAtMost(amount) : h.countedDaysAtLeast(amount));
  } else {
    if (frequency !== null && "times" in frequency) lines.push(h.countedTimes(per, frequency.times));
    else
      lines.push(target?.atMost ? h.countedPeriodAtMost(per, amount) : h.countedPeriodAtLeast(per, amount));
    if (per === "week") lines.push(h.weeksStartOn(weekdayName(weekStart)));
  }
  if (quit)
    lines.push(streak > 0 && since ? h.cleanSince(h.inUnits(streak, "day"), fullDate(since)) : h.noCleanDays);
  else
    lines.push(
      streak > 0 && since ? h.streakBegan(h.inUnits(streak, per), fullDate(since)) : h.noKindStreak(per),
    );
  lines.push(h.excusedRule);
  return lines;
}

export function KindExplanation({ lines }: { lines: readonly string[] }) {
  return (
    <div data-testid="streak-explanation" className="space-y-1.5 text-sm text-slate-700 dark:text-slate-200">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
