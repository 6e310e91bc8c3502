import { Link } from "react-router";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { KindToday } from "../../lib/habits/kind-view";
import { trend } from "../../../core/stats";
import { formatLastCompleted } from "./format-last-completed";
import { statsCopy } from "./stats-copy";
import { TrendArrow } from "./trend-arrow";
import { formatNumber } from "../../ui/format-values";

function Metric({
  label,
  value,
  name,
  className = "",
}: {
  label: string;
  value: string | number;
  name: string;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className="break-words font-semibold tabular-nums text-slate-900 dark:text-white"
        data-metric={name}
      >
        {value}
      </dd>
    </div>
  );
}

/** A habit on Stats: with `kindToday` when counted by kind (use-habits.ts HabitView), its streak in its unit. */
export type StatsHabit = Habit & {
  kindToday?: KindToday | undefined;
  /** Its group (the Stats filter "Show group"); absent or null: ungrouped. */
  groupId?: string | null;
};

export function StatsHabitItem({ habit, today }: { habit: StatsHabit; today: LocalDate }) {
  const per = habit.kindToday?.figures.per ?? "day";
  return (
    <li
      data-testid="stats-habit"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-2">
        {habit.emoji && (
          <span aria-hidden="true" className="shrink-0 font-semibold">
            {habit.emoji}
          </span>
        )}
        {/* The whole name, wrapped (anywhere, for a name of one long word): a truncated one cannot be read on a
            touch screen. It leads to the habit's page. */}
        <h3 className="min-w-0 flex-1 font-semibold wrap-anywhere text-slate-900 dark:text-white">
          <Link
            to={`/habits/${encodeURIComponent(habit.id)}`}
            className="rounded hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
          >
            <bdi>{habit.name}</bdi>
          </Link>
        </h3>
        {habit.archived && (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {messages.history.archivedBadge}
          </span>
        )}
        <TrendArrow trend={trend(habit.streakCount, habit.completedToday)} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.3fr)_minmax(0,1.4fr)]">
        <Metric
          name="streak"
          label={statsCopy.streak}
          value={`${habit.streakCount} ${statsCopy.streakUnit(habit.streakCount, per)}`}
        />
        <Metric
          name="best"
          label={statsCopy.bestStreak}
          value={`${habit.bestStreak} ${statsCopy.streakUnit(habit.bestStreak, per)}`}
        />
        <Metric
          name="completion"
          label={statsCopy.completionRate}
          value={formatNumber(habit.completionRate / 100, true)}
        />
        <Metric name="total" label={statsCopy.totalCompletions} value={habit.completedDates.length} />
        <Metric
          name="last"
          className="col-span-2 sm:col-span-1"
          label={statsCopy.lastCompleted}
          value={formatLastCompleted(habit.lastCompletedDate, today)}
        />
      </dl>
    </li>
  );
}
