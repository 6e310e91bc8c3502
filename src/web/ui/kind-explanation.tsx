// How the streak of a habit counted by kind is counted (docs/product.md, "Kinds of habit"), in words: the rule in
// force today and where its streak began. A yes/no habit due every day or on weekdays keeps the day-run
// explanation (src/web/ui/streak-explanation.tsx).
import type { Habit } from "../../core/habit";
import { type HabitRule, ruleIndexOn, type TargetPer, type WeekStart } from "../../core/habit-kind";
import { kindSummary, kindHistoryOf } from "../../core/kind-days";
import { unitOf } from "../../core/kind-figures";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages";
import type { Vacation } from "../../core/vacation";
import { cx } from "./cx";
import { fullDate, weekdayName } from "./day-names";
import { StreakExplanation } from "./streak-explanation";

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

export function KindExplanation({
  lines,
  id,
  className,
}: {
  lines: readonly string[];
  id?: string | undefined;
  className?: string | undefined;
}) {
  return (
    <div
      id={id}
      data-testid="streak-explanation"
      className={cx("space-y-1.5 text-sm text-slate-700 dark:text-slate-200", className)}
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * A habit as the screens show it: with `kindToday` when its figures are counted by kind (lib/habits/kind-view.ts),
 * of which this reads the streak's unit.
 */
export type ShownHabit = Habit & { kindToday?: { figures: { per: TargetPer } } | undefined };

/**
 * What the habit page and Today's streak dialog say of a habit counted by kind: its streak's unit, its summary
 * (core/kind-days.ts) and the explanation's sentences; null for a habit whose figures are core/habit's.
 */
export function explainByKind(
  habit: ShownHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
) {
  if (!habit.kindToday) return null;
  const history = kindHistoryOf(habit, vacations, weekStart);
  const summary = kindSummary(history, today);
  const rule = history.rules[ruleIndexOn(history.rules, today)]!;
  const quit = history.kind === "quit";
  return {
    per: habit.kindToday.figures.per,
    summary,
    unit: rule.target?.unit ?? "",
    lines: kindExplanationLines(rule, habit.streakCount, summary.since, weekStart, quit),
  };
}

/** The streak's explanation for any habit: by kind, or the day-run explanation of a yes/no habit. */
export function HabitStreakExplanation({
  habit,
  today,
  vacations,
  weekStart,
  id,
  className,
}: {
  habit: ShownHabit;
  today: LocalDate;
  vacations: readonly Vacation[];
  weekStart: WeekStart;
  id?: string;
  className?: string;
}) {
  const byKind = explainByKind(habit, today, vacations, weekStart);
  return byKind ? (
    <KindExplanation lines={byKind.lines} id={id} className={className} />
  ) : (
    <StreakExplanation habit={habit} today={today} vacations={vacations} id={id} className={className} />
  );
}
