// The Stats screen's trends across all habits (docs/decisions/0069-stats-trends.md): figures from core/trends.ts,
// drawn as plain SVG, each chart with a table for screen readers.
import { useMemo, useState } from "react";
import type { WeekStart } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { Weekday } from "../../../core/schedule";
import {
  type RateChange,
  type ShareBucket,
  trendHabitOf,
  trendsOf,
  type WeeklyTotals,
  type WeekdayShare,
} from "../../../core/trends";
import type { Vacation } from "../../../core/vacation";
import { formatDate, formatNumber } from "../../ui/format-values";
import { SegmentedControl } from "../../ui/segmented-control";
import type { StatsHabit } from "./stats-habit-item";

const m = messages.trends;

// In the locale dates and numbers are written in (ui/format-locale.ts).
const percent = (share: number) => formatNumber(share, true);
const amount = (value: number) => formatNumber(value);
const weekLabel = (date: LocalDate) => formatDate(date, { dateStyle: "medium" });
const monthLabel = (date: LocalDate) => formatDate(date, { month: "short", year: "numeric" });
// 2023-01-01 was a Sunday.
const weekdayName = (weekday: Weekday) => formatDate(`2023-01-0${1 + weekday}`, { weekday: "long" });

const card =
  "min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900";
const subheading = "text-sm font-medium text-slate-600 dark:text-slate-300";
const muted = "text-sm text-slate-600 dark:text-slate-300";

/** Bars of `values` from 0 to `max`, one per entry; null draws none (no figure, unlike a bar at 0). */
function Bars({ values, max, testId }: { values: readonly (number | null)[]; max: number; testId: string }) {
  const width = Math.max(values.length, 1) * 10;
  return (
    <svg
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid={testId}
      // Right to left, time runs leftwards: the drawing (bars and grid lines, no text) is mirrored whole.
      className="block h-32 w-full overflow-visible rtl:-scale-x-100"
    >
      {[0, 50, 100].map((y) => (
        <line
          key={y}
          x1={0}
          x2={width}
          y1={y}
          y2={y}
          vectorEffect="non-scaling-stroke"
          className="stroke-slate-200 dark:stroke-slate-700"
        />
      ))}
      {values.map((value, i) => {
        if (value === null) return null;
        // A figure of 0 shows as a sliver, so that it differs from a period with nothing due.
        const height = max > 0 ? Math.max((value / max) * 100, 1.5) : 1.5;
        return (
          <rect
            key={i}
            x={i * 10 + 1.5}
            width={7}
            y={100 - height}
            height={height}
            data-value={value}
            className="fill-indigo-500 dark:fill-indigo-400"
          />
        );
      })}
    </svg>
  );
}

/** The values of Bars' three grid lines, beside it (the tables say them to screen readers). */
function Scale({ top, middle, bottom }: { top: string; middle: string; bottom: string }) {
  return (
    <div
      aria-hidden="true"
      className="flex h-32 flex-col justify-between text-end text-xs tabular-nums text-slate-600 dark:text-slate-300"
    >
      <span className="-mt-2">{top}</span>
      <span>{middle}</span>
      <span className="-mb-2">{bottom}</span>
    </div>
  );
}

type Period = "week" | "month";

function ShareChart({ byWeek, byMonth }: { byWeek: ShareBucket[]; byMonth: ShareBucket[] }) {
  const [period, setPeriod] = useState<Period>("week");
  const buckets = period === "week" ? byWeek : byMonth;
  const label = period === "week" ? weekLabel : monthLabel;
  const caption = period === "week" ? m.weekCaption : m.monthCaption;
  const anyDue = buckets.some((bucket) => bucket.share !== null);
  return (
    <div className={card} data-testid="trends-chart" data-period={period}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className={subheading}>{caption}</h3>
        <SegmentedControl
          label={m.periodLabel}
          options={[
            { value: "week", label: m.byWeek },
            { value: "month", label: m.byMonth },
          ]}
          value={period}
          onChange={setPeriod}
        />
      </div>
      <div className="flex gap-2">
        <Scale top={percent(1)} middle={percent(0.5)} bottom={percent(0)} />
        <div className="min-w-0 flex-1">
          <Bars values={buckets.map((bucket) => bucket.share)} max={1} testId="trends-bars" />
          {buckets.length > 0 && (
            <div
              aria-hidden="true"
              className="mt-2 flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-300"
            >
              <span>{label(buckets[0]!.from)}</span>
              <span>{label(buckets.at(-1)!.from)}</span>
            </div>
          )}
        </div>
      </div>
      {!anyDue && <p className={`mt-2 ${muted}`}>{m.noneDue}</p>}
      {/* The wrapper hides it: a table is never narrower than its cells, and would widen the page on a phone. */}
      <div className="sr-only">
        <table data-testid="trends-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{period === "week" ? m.weekColumn : m.monthColumn}</th>
              <th scope="col">{m.shareColumn}</th>
              <th scope="col">{m.metColumn}</th>
              <th scope="col">{m.dueColumn}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.from}>
                <th scope="row">{label(bucket.from)}</th>
                <td>{bucket.share === null ? m.noFigure : percent(bucket.share)}</td>
                <td>{bucket.met}</td>
                <td>{bucket.due}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function WeekdayFigure({ title, day, testId }: { title: string; day: WeekdayShare | null; testId: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs text-slate-600 dark:text-slate-300">{title}</dt>
      <dd className="font-semibold text-slate-900 dark:text-white">
        {day === null || day.share === null ? (
          m.noFigure
        ) : (
          <>
            {weekdayName(day.weekday)} <span className="tabular-nums">{percent(day.share)}</span>
          </>
        )}
      </dd>
    </div>
  );
}

function ChangeList({
  title,
  changes,
  empty,
  testId,
}: {
  title: string;
  changes: RateChange[];
  empty: string;
  testId: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <h4 className="text-xs font-medium text-slate-600 dark:text-slate-300">{title}</h4>
      {changes.length === 0 ? (
        <p className={`mt-1 ${muted}`}>{empty}</p>
      ) : (
        <ol className="mt-1 space-y-1">
          {changes.map((change) => (
            <li key={change.id} className="flex flex-wrap justify-between gap-x-2 text-sm">
              <span className="min-w-0 font-medium wrap-anywhere text-slate-900 dark:text-white">
                <bdi>{change.name}</bdi>
              </span>
              <span className="tabular-nums text-slate-700 dark:text-slate-200">
                {m.change(percent(change.before / 100), percent(change.after / 100), change.change)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function TotalsItem({ totals }: { totals: WeeklyTotals }) {
  const max = Math.max(0, ...totals.weeks.map((week) => week.total));
  const caption = m.totalsCaption(totals.name, totals.unit);
  return (
    <li className="min-w-0" data-testid="trends-totals">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h4 className="min-w-0 font-medium wrap-anywhere text-slate-900 dark:text-white">
          <bdi>{totals.name}</bdi>
        </h4>
        <span className="text-sm tabular-nums text-slate-700 dark:text-slate-200">
          {m.thisWeek(amount(totals.weeks.at(-1)?.total ?? 0), totals.unit)}
        </span>
      </div>
      <div className="flex gap-2">
        <Scale top={amount(max)} middle={amount(max / 2)} bottom={amount(0)} />
        <div className="min-w-0 flex-1">
          <Bars values={totals.weeks.map((week) => week.total)} max={max} testId="trends-totals-bars" />
        </div>
      </div>
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{m.weekColumn}</th>
              <th scope="col">{m.totalColumn}</th>
            </tr>
          </thead>
          <tbody>
            {totals.weeks.map((week) => (
              <tr key={week.from}>
                <th scope="row">{weekLabel(week.from)}</th>
                <td>{`${amount(week.total)}${totals.unit ? ` ${totals.unit}` : ""}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}

export type StatsTrendsProps = {
  habits: readonly StatsHabit[];
  today: LocalDate;
  vacations: readonly Vacation[];
  weekStart: WeekStart;
};

/** The "Trends" section: the habits shown on Stats (archived ones only while they show), all at once. */
export function StatsTrends({ habits, today, vacations, weekStart }: StatsTrendsProps) {
  const trends = useMemo(
    () =>
      trendsOf(
        habits.map((habit) => trendHabitOf(habit, vacations, weekStart)),
        today,
        weekStart,
      ),
    [habits, today, vacations, weekStart],
  );
  const { best, worst } = trends.weekdays;
  return (
    <section aria-labelledby="stats-trends-title" className="mt-6 space-y-3" data-testid="stats-trends">
      <div>
        <h2 id="stats-trends-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {m.title}
        </h2>
        <p className={muted}>{m.intro}</p>
      </div>
      <ShareChart byWeek={trends.byWeek} byMonth={trends.byMonth} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <section aria-labelledby="trends-weekdays-title" className={card}>
          <h3 id="trends-weekdays-title" className={subheading}>
            {m.weekdaysTitle}
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-300">{m.weekdaysHint}</p>
          <dl className="mt-2 grid grid-cols-2 gap-3">
            <WeekdayFigure title={m.bestWeekday} day={best} testId="trends-best-weekday" />
            <WeekdayFigure title={m.worstWeekday} day={worst} testId="trends-worst-weekday" />
          </dl>
        </section>
        <section aria-labelledby="trends-changes-title" className={card}>
          <h3 id="trends-changes-title" className={subheading}>
            {m.changesTitle}
          </h3>
          <div className="mt-2 space-y-3">
            <ChangeList
              title={m.rising}
              changes={trends.changes.rising}
              empty={m.noRising}
              testId="trends-rising"
            />
            <ChangeList
              title={m.falling}
              changes={trends.changes.falling}
              empty={m.noFalling}
              testId="trends-falling"
            />
          </div>
        </section>
      </div>
      {trends.totals.length > 0 && (
        <section aria-labelledby="trends-totals-title" className={card}>
          <h3 id="trends-totals-title" className={subheading}>
            {m.totalsTitle}
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-300">{m.totalsHint}</p>
          <ul className="mt-3 space-y-4">
            {trends.totals.map((totals) => (
              <TotalsItem key={totals.id} totals={totals} />
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
