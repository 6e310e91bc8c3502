import type { ReactNode } from "react";
import type { TargetPer } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { isDue } from "../../../core/schedule";
import { averageStreak, longestStreak, todayProgress } from "../../../core/stats";
import { formatNumber } from "../../ui/format-values";
import { statsCopy } from "./stats-copy";
import type { StatsHabit } from "./stats-habit-item";

function SummaryCard({
  title,
  testId,
  children,
  className = "",
}: {
  title: string;
  testId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{title}</h2>
      {children}
    </section>
  );
}

const figure = "mt-1 text-3xl font-bold tabular-nums text-slate-900 dark:text-white";

function Figure({ value, testId, per = "day" }: { value: number; testId: string; per?: TargetPer }) {
  return (
    <p className={figure}>
      <span data-testid={testId}>{formatNumber(value)}</span>{" "}
      <span className="text-base font-medium text-slate-600 dark:text-slate-300">
        {statsCopy.streakUnit(value, per)}
      </span>
    </p>
  );
}
const detail = "mt-1 text-sm text-slate-600 dark:text-slate-300";

/** `habits`: those shown. Today's progress counts, as Today does, the habits due today or done today, none archived. */
export function StatsSummary({ habits, today }: { habits: readonly StatsHabit[]; today: LocalDate }) {
  const progress = todayProgress(
    habits.filter((habit) => !habit.archived && (habit.completedToday || isDue(habit.schedule, today))),
  );
  const longest = longestStreak(habits);
  // The first habit with that streak is the one longestStreak names: its unit (days, weeks or months).
  const longestPer =
    longest && habits.find((habit) => habit.streakCount === longest.streak)?.kindToday?.figures.per;
  const average = averageStreak(habits);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <SummaryCard
        title={statsCopy.todayProgress}
        testId="stats-progress"
        className="col-span-2 sm:col-span-1"
      >
        <p className={figure} data-testid="stats-progress-percent">
          {formatNumber(progress.percent / 100, true)}
        </p>
        <p className={detail} data-testid="stats-progress-count">
          {statsCopy.progressOf(progress.done, progress.total)}
        </p>
        <div
          role="progressbar"
          aria-label={statsCopy.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={`${progress.percent}%, ${statsCopy.progressOf(progress.done, progress.total)}`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
      </SummaryCard>
      <SummaryCard title={statsCopy.averageStreak} testId="stats-average">
        <Figure value={average} testId="stats-average-value" />
        <p className={detail}>{statsCopy.averageHint}</p>
      </SummaryCard>
      <SummaryCard title={statsCopy.longestStreak} testId="stats-longest">
        <Figure value={longest?.streak ?? 0} testId="stats-longest-value" per={longestPer ?? "day"} />
        <p
          className={`${detail} line-clamp-2 wrap-anywhere`}
          data-testid="stats-longest-name"
          title={longest?.name}
        >
          <bdi>{longest?.name}</bdi>
        </p>
      </SummaryCard>
    </div>
  );
}
