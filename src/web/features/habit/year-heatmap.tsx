import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { Habit } from "../../../core/habit";
import type { WeekStart } from "../../../core/habit-kind";
import { kindHistoryOf, kindDayStatuses } from "../../../core/kind-days";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { Vacation } from "../../../core/vacation";
import { cx } from "../../ui/cx";
import { dayName, fullDate, shortMonth, shortWeekdayName } from "../../ui/day-names";
import { heatmapRange, HEATMAP_WEEKS, monthLabelColumns, weekOrder } from "./calendar-grid";
import { legend, swatch } from "./day-styles";
import { amountWords } from "../../ui/kind-history";

const h = messages.history;
const k = messages.habitKinds;
/** Weekdays whose rows carry a label, as GitHub's: Monday, Wednesday, Friday (whatever the week's first day). */
const LABELLED_DAYS = new Set([1, 3, 5]);

type Props = { habit: Habit; today: LocalDate; vacations: readonly Vacation[]; weekStart: WeekStart };

/**
 * The last 53 weeks, a square a day (weeks as columns, Sunday on top). For screen readers it is one image named
 * by its range with the counts as its description; each square's title names its day for a pointer. At phone
 * width it scrolls sideways (then it takes the focus, so the keyboard can scroll it), opening at today's end.
 */
export function YearHeatmap({ habit, today, vacations, weekStart }: Props) {
  const titleId = useId();
  const summaryId = useId();
  const { from, to } = heatmapRange(today, weekStart);
  // Each day judged by the rule in force on it (core/kind-days.ts).
  const history = useMemo(() => kindHistoryOf(habit, vacations, weekStart), [habit, vacations, weekStart]);
  const days = useMemo(() => kindDayStatuses(history, from, to, today), [history, from, to, today]);
  const counts = { done: 0, skipped: 0, vacation: 0, missed: 0 };
  for (const { status } of days)
    if (status === "done" || status === "skipped" || status === "vacation" || status === "missed")
      counts[status]++;
  const labels = useMemo(() => monthLabelColumns(from, HEATMAP_WEEKS), [from]);
  const noted = useMemo(() => new Set(habit.notes?.map(([date]) => date)), [habit.notes]);
  const notedDays = days.filter(({ date }) => noted.has(date)).length;
  const { ref, scrolls } = useSideways();

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {h.heatmapTitle}
      </h2>
      <div
        ref={ref}
        className="overflow-x-auto pb-1"
        {...(scrolls && { tabIndex: 0, role: "region", "aria-label": h.heatmapScroll })}
      >
        <div
          role="img"
          aria-label={h.heatmapLabel(fullDate(from), fullDate(today))}
          aria-describedby={summaryId}
          data-testid="heatmap"
          className="grid min-w-fit gap-0.5"
          style={{
            gridTemplateColumns: `auto repeat(${HEATMAP_WEEKS}, minmax(0.5rem, 1fr))`,
            gridTemplateRows: "auto repeat(7, auto)",
          }}
        >
          {labels.map(({ column, month }) => (
            <span
              key={month}
              className="text-[0.6875rem] leading-4 whitespace-nowrap text-slate-600 dark:text-slate-300"
              style={{ gridColumn: `${column + 2} / span 3`, gridRow: 1 }}
            >
              {shortMonth(month)}
            </span>
          ))}
          {weekOrder(weekStart).map((day, row) => (
            <span
              key={day}
              className="sticky start-0 z-10 bg-white pe-1 text-[0.6875rem] leading-none text-slate-600 dark:bg-slate-900 dark:text-slate-300"
              style={{ gridColumn: 1, gridRow: row + 2 }}
            >
              {LABELLED_DAYS.has(day) ? shortWeekdayName(day) : ""}
            </span>
          ))}
          {days.map(({ date, status, amount }, i) => (
            <span
              key={date}
              title={
                status === "future"
                  ? undefined
                  : `${dayName(date, status)}${amountWords(history.rules, date, amount)}${
                      noted.has(date) ? `, ${k.hasNote}` : ""
                    }`
              }
              data-date={date}
              data-status={status}
              data-note={noted.has(date) || undefined}
              className={cx(
                "aspect-square rounded-[2px]",
                swatch[status],
                noted.has(date) && "ring-2 ring-amber-500 ring-inset dark:ring-amber-300",
              )}
              style={{ gridColumn: Math.floor(i / 7) + 2, gridRow: (i % 7) + 2 }}
            />
          ))}
        </div>
      </div>
      <p
        id={summaryId}
        className="mt-3 text-sm text-slate-700 dark:text-slate-200"
        data-testid="heatmap-summary"
      >
        {h.heatmapSummary(counts.done, counts.skipped, counts.vacation, counts.missed)}
        {notedDays > 0 && ` ${k.notedDays(notedDays)}`}
      </p>
      <Legend />
    </section>
  );
}

export function Legend({ className }: { className?: string }) {
  return (
    <ul
      className={cx(
        "mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300",
        className,
      )}
    >
      {legend.map(({ status, label }) => (
        <li key={status} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cx("size-3 rounded-[2px]", swatch[status])} />
          {label}
        </li>
      ))}
    </ul>
  );
}

/** Whether the element is narrower than its content; whenever it starts to scroll, it shows its end (today). */
function useSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let scrolled = false;
    const measure = () => {
      const now = element.scrollWidth > element.clientWidth + 1;
      // Right to left, the end is at the left: scrollLeft runs from 0 down to minus the overflow.
      const end = getComputedStyle(element).direction === "rtl" ? -element.scrollWidth : element.scrollWidth;
      if (now && !scrolled) element.scrollLeft = end;
      scrolled = now;
      setScrolls(now);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}
