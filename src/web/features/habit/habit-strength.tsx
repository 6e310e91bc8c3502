import { useId, useMemo, useState } from "react";
import { SegmentedControl } from "../../ui/segmented-control";
import type { Habit } from "../../../core/habit";
import type { Period, WeekStart } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { currentStrength, strengthByPeriod, strengthDays, type StrengthPoint } from "../../../core/strength";
import type { Vacation } from "../../../core/vacation";
import { fullDate, monthAndYear, shortMonth } from "../../ui/day-names";
import { kindHistoryOf } from "../../../core/kind-days";
import { isRtl } from "../../../core/i18n/locales";
import { currentLocale } from "../../lib/locale-store";
import { formatDate, formatNumber } from "../../ui/format-values";

const s = messages.strength;
/** How many weeks or months the chart and its table show, the last ones up to today. */
const SHOWN: Record<Period, number> = { week: 26, month: 24 };
const PERIODS: readonly Period[] = ["week", "month"];

/** "42%": a strength of 0 to 1 as a whole percent, as Loop shows its score (in the shown language's way). */
export function strengthPercent(value: number): string {
  return formatNumber(value, true);
}

type Props = { habit: Habit; today: LocalDate; vacations: readonly Vacation[]; weekStart: WeekStart };

/**
 * The habit's strength (core/strength.ts, docs/decisions/0068): today's value, and a line of its value at the end of
 * each of the last weeks or months. The chart is one image for screen readers; its table says the same in text.
 */
export function HabitStrength({ habit, today, vacations, weekStart }: Props) {
  const titleId = useId();
  const [per, setPer] = useState<Period>("week");
  const days = useMemo(
    () => strengthDays(kindHistoryOf(habit, vacations, weekStart), today),
    [habit, vacations, weekStart, today],
  );
  const points = useMemo(
    () => strengthByPeriod(days, per, weekStart, today).slice(-SHOWN[per]),
    [days, per, weekStart, today],
  );
  const current = currentStrength(days);

  return (
    <section
      aria-labelledby={titleId}
      data-testid="habit-strength"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {s.title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {s.current}:{" "}
          <bdi
            className="text-xl font-bold tabular-nums text-slate-900 dark:text-white"
            data-metric="strength"
          >
            {strengthPercent(current)}
          </bdi>
        </p>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">{s.explain}</p>
      {points.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{s.none}</p>
      ) : (
        <>
          <SegmentedControl
            label={s.by}
            shown="always"
            options={PERIODS.map((option) => ({ value: option, label: s[option] }))}
            value={per}
            onChange={setPer}
          />
          <StrengthChart points={points} per={per} />
          <details className="text-sm text-slate-700 dark:text-slate-200">
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-700 dark:text-indigo-300">
              {s.showTable}
            </summary>
            <StrengthTable points={points} per={per} />
          </details>
        </>
      )}
    </section>
  );
}

// The chart's drawing box; the SVG scales to the card's width and keeps this shape.
const WIDTH = 320;
const HEIGHT = 140;
const LEFT = 34;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 20;
const GRID = [0, 0.5, 1];

const periodName = (point: StrengthPoint, per: Period) =>
  per === "week" ? fullDate(point.end) : monthAndYear(point.start);
const axisName = (point: StrengthPoint, per: Period) =>
  per === "week" ? formatDate(point.end, { month: "short", day: "numeric" }) : shortMonth(point.start);

function StrengthChart({ points, per }: { points: readonly StrengthPoint[]; per: Period }) {
  // Right to left, time runs leftwards and the scale stands on the right: the positions mirror, the texts do not
  // (the SVG keeps a left-to-right direction, so that its text anchors stay the sides they name).
  const rtl = isRtl(currentLocale());
  const side = (px: number) => (rtl ? WIDTH - px : px);
  const [start, end] = rtl ? (["end", "start"] as const) : (["start", "end"] as const);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (i: number) =>
    side(LEFT + (points.length === 1 ? plotWidth : (i / (points.length - 1)) * plotWidth));
  const y = (value: number) => TOP + (1 - value) * plotHeight;
  const line = points.map((point, i) => `${x(i).toFixed(1)},${y(point.value).toFixed(1)}`).join(" ");
  const first = points[0]!;
  const last = points.at(-1)!;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={s.chartLabel(per, periodName(first, per), periodName(last, per))}
      data-testid="strength-chart"
      data-per={per}
      direction="ltr"
      className="h-auto w-full max-w-lg text-slate-500 dark:text-slate-400"
    >
      {GRID.map((value) => (
        <g key={value}>
          <line
            x1={side(LEFT)}
            x2={side(WIDTH - RIGHT)}
            y1={y(value)}
            y2={y(value)}
            stroke="currentColor"
            strokeOpacity={0.35}
            strokeWidth={1}
          />
          <text x={side(LEFT - 4)} y={y(value) + 3} textAnchor={end} fontSize={11} fill="currentColor">
            {strengthPercent(value)}
          </text>
        </g>
      ))}
      <text x={side(LEFT)} y={HEIGHT - 4} textAnchor={start} fontSize={11} fill="currentColor">
        {axisName(first, per)}
      </text>
      {points.length > 1 && (
        <text x={side(WIDTH - RIGHT)} y={HEIGHT - 4} textAnchor={end} fontSize={11} fill="currentColor">
          {axisName(last, per)}
        </text>
      )}
      <g className="text-indigo-600 dark:text-indigo-400">
        <polyline
          points={line}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinejoin="round"
          data-testid="strength-line"
        />
        {points.map((point, i) => (
          <circle key={point.start} cx={x(i)} cy={y(point.value)} r={2.5} fill="currentColor" />
        ))}
      </g>
    </svg>
  );
}

function StrengthTable({ points, per }: { points: readonly StrengthPoint[]; per: Period }) {
  return (
    <table className="mt-2 w-full text-start">
      <caption className="sr-only">{s.tableCaption(per)}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="py-1 pe-3 font-medium">
            {s.periodColumn(per)}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {s.valueColumn}
          </th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.start} className="border-b border-slate-100 dark:border-slate-800">
            <th scope="row" className="py-1 pe-3 font-normal">
              {periodName(point, per)}
            </th>
            <td className="py-1 text-end tabular-nums">{strengthPercent(point.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
