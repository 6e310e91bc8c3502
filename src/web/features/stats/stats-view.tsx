import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { WeekStart } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { DEFAULT_STATS_SORT } from "../../../core/constants";
import { sortHabits, type StatsSort } from "../../../core/stats";
import { Button } from "../../ui/button";
import { GroupFilterSelect } from "../../ui/group-filter";
import type { HabitGroup } from "../../../core/sync";
import { filterByGroup, type GroupFilter } from "../../lib/habits/groups";
import type { HabitsStatus } from "../../lib/habits/use-habits";
import { type StatsHabit, StatsHabitItem } from "./stats-habit-item";
import { StatsSortControl } from "./stats-sort-control";
import { StatsSummary } from "./stats-summary";
import { statsCopy } from "./stats-copy";
import { StatsTrends } from "./stats-trends";
import type { Vacation } from "../../../core/vacation";

export type StatsViewProps = {
  habits: readonly StatsHabit[];
  today: LocalDate;
  status: HabitsStatus;
  onRetry: () => void;
  /** The user's vacations and week start, for the trends; none and Monday unless given. */
  vacations?: readonly Vacation[];
  weekStart?: WeekStart;
  /** The user's groups: with any, "Show group" narrows the figures, the list and the trends to one. */
  groups?: readonly HabitGroup[];
};

const NO_VACATIONS: readonly Vacation[] = [];
const NO_GROUPS: readonly HabitGroup[] = [];

const emptyCard =
  "rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900";

function StatsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-3 sm:grid-cols-3">
      <span className="sr-only">{statsCopy.loading}</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-2xl bg-slate-200 dark:bg-slate-800"
        />
      ))}
    </div>
  );
}

function StatsError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={emptyCard} data-testid="stats-error">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">
        {messages.today.listLoadFailedTitle}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{messages.today.listLoadFailedBody}</p>
      <Button className="mt-4" onClick={onRetry}>
        {statsCopy.retry}
      </Button>
    </div>
  );
}

function StatsEmpty() {
  return (
    <div className={emptyCard} data-testid="stats-empty">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{messages.stats.empty}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{statsCopy.emptyHint}</p>
      <Link
        to="/"
        className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700"
      >
        {statsCopy.goToday}
      </Link>
    </div>
  );
}

/** Archived habits show in Stats only while this is on. */
function ShowArchivedSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-1 text-sm font-medium text-slate-700 dark:text-slate-200">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="show-archived"
        className="size-5 accent-indigo-600"
      />
      {messages.todayHistory.showArchived}
    </label>
  );
}

export function StatsView({
  habits: all,
  today,
  status,
  onRetry,
  vacations = NO_VACATIONS,
  weekStart = 1,
  groups = NO_GROUPS,
}: StatsViewProps) {
  const [sort, setSort] = useState<StatsSort>(DEFAULT_STATS_SORT);
  const [showArchived, setShowArchived] = useState(false);
  const [filter, setFilter] = useState<GroupFilter>("all");
  const hasArchived = all.some((habit) => habit.archived);
  // One list while the habits, the switch and the filter stay: the trends below count again only when it changes.
  const habits = useMemo(
    () => filterByGroup(showArchived ? all : all.filter((habit) => !habit.archived), groups, filter),
    [all, showArchived, groups, filter],
  );
  let body;
  if (status === "loading") body = <StatsSkeleton />;
  else if (status === "error") body = <StatsError onRetry={onRetry} />;
  else if (habits.length === 0) body = <StatsEmpty />;
  else
    body = (
      <>
        <StatsSummary habits={habits} today={today} />
        <section aria-labelledby="stats-detail-title" className="mt-6">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="stats-detail-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {statsCopy.detailTitle}
            </h2>
            <StatsSortControl value={sort} onChange={setSort} />
          </div>
          <ul className="grid grid-cols-1 gap-3" aria-labelledby="stats-detail-title">
            {sortHabits(habits, sort).map((habit) => (
              <StatsHabitItem key={habit.id} habit={habit} today={today} />
            ))}
          </ul>
        </section>
        <StatsTrends habits={habits} today={today} vacations={vacations} weekStart={weekStart} />
      </>
    );
  return (
    <div>
      <header className="mb-5 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {statsCopy.title}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{statsCopy.subtitle}</p>
        </div>
        {status === "ready" && (hasArchived || groups.length > 0) && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {groups.length > 0 && (
              <GroupFilterSelect
                groups={groups}
                value={filter}
                onChange={setFilter}
                testId="stats-group-filter"
              />
            )}
            {hasArchived && <ShowArchivedSwitch checked={showArchived} onChange={setShowArchived} />}
          </div>
        )}
      </header>
      {body}
    </div>
  );
}
