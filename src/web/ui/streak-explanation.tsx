// The streak explanation: how a current streak came about, in words. The habit page opens it from
// its streak figure and Today from a row's streak line: <StreakExplanation habit={habit} today={today}
// vacations={vacations} />. The data is core's explainStreak; the words are messages.history.
import { useMemo } from "react";
import type { StoredHabit } from "../../core/habit";
import type { LocalDate } from "../../core/local-date";
import { messages } from "../../core/messages";
import { explainStreak, type StreakExplanation as Explanation } from "../../core/streak-explanation";
import type { Vacation } from "../../core/vacation";
import { formatter } from "./format-values";
import { formatLocale } from "./format-locale";
import { cx } from "./cx";
import { fullDate } from "./day-names";

const h = messages.history;
/** Lists longer than this name their first dates and count the rest ("and 12 more"). */
export const MAX_LISTED_DAYS = 7;

function datesInWords(dates: readonly LocalDate[]): string {
  const named = dates.slice(0, MAX_LISTED_DAYS).map(fullDate);
  const rest = dates.length - named.length;
  return formatter(Intl.ListFormat).format(rest > 0 ? [...named, h.moreDates(rest)] : named);
}

/** The explanation as sentences, in reading order. */
export function streakExplanationLines(explanation: Explanation): string[] {
  const { streak, run, todayOpen, previousRun } = explanation;
  const lines: string[] = [];
  if (run) {
    lines.push(h.streakBegan(h.days(streak), fullDate(run.first)));
    const transparent = [
      [run.skippedDays, h.skippedInRun],
      [run.vacationDays, h.vacationInRun],
      [run.notDueDays, h.notDueInRun],
    ] as const;
    for (const [dates, sentence] of transparent)
      if (dates.length > 0) lines.push(sentence(dates.length, datesInWords(dates)));
    if (transparent.some(([dates]) => dates.length > 0)) lines.push(h.transparentRule);
    if (todayOpen) lines.push(h.todayOpenRun(h.days(streak + 1)));
    return lines;
  }
  if (!previousRun) return [h.noStreakYet];
  // The day the last run broke in the everyday sense: the first due day after it that was not done.
  const broke = previousRun.brokeOn ?? explanation.brokeOn;
  if (broke) lines.push(h.streakBroke(fullDate(broke)));
  lines.push(
    previousRun.first === previousRun.last
      ? h.runOneDay(fullDate(previousRun.first))
      : h.runLasted(h.days(previousRun.length), fullDate(previousRun.first), fullDate(previousRun.last)),
  );
  if (explanation.brokeOn && explanation.brokeOn !== broke)
    lines.push(h.lastMissed(fullDate(explanation.brokeOn)));
  if (todayOpen) lines.push(h.todayOpenNone);
  return lines;
}

type Props = {
  habit: Pick<StoredHabit, "completedDates" | "skippedDates" | "schedule">;
  today: LocalDate;
  vacations?: readonly Vacation[];
  id?: string;
  className?: string;
};

/** The explanation of `habit`'s current streak at `today`, as paragraphs. */
export function StreakExplanation({ habit, today, vacations, id, className }: Props) {
  const { completedDates, skippedDates, schedule } = habit;
  // The sentences hold the language's words and dates: a change of language writes them again.
  const locale = formatLocale();
  const lines = useMemo(
    () => streakExplanationLines(explainStreak(completedDates, today, { skippedDates, schedule, vacations })),
    [completedDates, skippedDates, schedule, today, vacations, locale],
  );
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
