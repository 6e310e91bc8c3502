import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { todayProgress } from "../../../core/stats";
import type { HabitsSource } from "../../lib/habits/use-habits";
import { messages } from "../../../core/messages/first-screen";
import { formatLocale } from "../../ui/format-locale";

// The heading formats its date and share at every tick: its formatters are made once per locale. Not
// ui/format-values.ts, which stays out of the initial bundle.
let shownIn = "";
let dayFormat: Intl.DateTimeFormat;
let percentFormat: Intl.NumberFormat;

/** "Saturday, November 21" for a calendar day, and "42%" for a share of 42, in the shown language's way. */
function formats(): [Intl.DateTimeFormat, Intl.NumberFormat] {
  const locale = formatLocale();
  if (locale !== shownIn) {
    shownIn = locale;
    dayFormat = new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    });
    percentFormat = new Intl.NumberFormat(locale, { style: "percent" });
  }
  return [dayFormat, percentFormat];
}

type Props = {
  today: LocalDate;
  habits: readonly Habit[];
  source: HabitsSource | null;
  /** While the list loads the progress row keeps its place, so nothing below jumps when it arrives. */
  loading?: boolean;
};

export function TodayHeading({ today, habits, source, loading = false }: Props) {
  const { done, total, percent } = todayProgress(habits);
  const [day, share] = formats();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {messages.today.heading}
        </h1>
        <p
          className="mt-1 text-sm text-slate-600 dark:text-slate-300"
          data-testid="today-date"
          data-date={today}
        >
          {day.format(new Date(`${today}T00:00:00Z`))}
          {source === "local" && (
            <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {messages.today.offlineBadge}
            </span>
          )}
        </p>
      </div>
      {loading && total === 0 && <div aria-hidden="true" className="h-8 w-full sm:w-48" />}
      {total > 0 && (
        <div className="w-full sm:w-48" data-testid="today-progress">
          <p className="mb-1 flex justify-between text-sm text-slate-600 dark:text-slate-300">
            <span>{messages.today.progress(done, total)}</span>
            <span className="font-semibold text-slate-900 dark:text-white">
              {share.format(percent / 100)}
            </span>
          </p>
          <div
            role="progressbar"
            aria-label={messages.today.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div
              className="h-full rounded-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-400"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      )}
    </div>
  );
}
