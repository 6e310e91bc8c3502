import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { DayStatus } from "../../../core/day-state";
import type { Habit } from "../../../core/habit";
import type { WeekStart } from "../../../core/habit-kind";
import { kindHistoryOf, kindDayStatuses } from "../../../core/kind-days";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { EARLIEST_DAY } from "../../../core/sync";
import type { Vacation } from "../../../core/vacation";
import { cx } from "../../ui/cx";
import { dayName, fullDate, monthAndYear, shortWeekdayName, weekdayName } from "../../ui/day-names";
import {
  canSetDay,
  dayForKey,
  lastDayOfMonth,
  monthStartOf,
  monthWeeks,
  shiftMonth,
  weekOrder,
} from "./calendar-grid";
import { dayButton } from "./day-styles";
import { ChevronLeftIcon, ChevronRightIcon } from "./habit-icons";
import { amountWords } from "../../ui/kind-history";

const h = messages.history;
const k = messages.habitKinds;

type Props = {
  habit: Habit;
  today: LocalDate;
  vacations: readonly Vacation[];
  /** The user's first day of the week: a habit counted by week is judged by calendar weeks. */
  weekStart: WeekStart;
  /** Tapping a day cycles it: not done → done → skipped → not done. */
  onCycle: (date: LocalDate) => void;
  /**
   * Opens a day's panel (its number and note): tapping a day does, instead of cycling it, when `tapOpens` (a
   * habit that counts a number); the button under the grid does for the day last chosen.
   */
  onOpen?: (date: LocalDate) => void;
  tapOpens?: boolean;
};

const navButton =
  "flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * One month of the habit, each day a button named with its date and state ("Friday, November 20, 2026: done").
 * Days after today and before 2000-01-01 are disabled. One Tab stop: the arrow keys move by day and week, Home and
 * End to the week's ends, Page Up and Page Down by month.
 */
export function MonthCalendar({
  habit,
  today,
  vacations,
  weekStart,
  onCycle,
  onOpen,
  tapOpens = false,
}: Props) {
  const [month, setMonth] = useState(() => monthStartOf(today));
  const [focusDate, setFocusDate] = useState(today);
  const moved = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const hintId = useId();

  // Each day judged by the rule in force on it (core/kind-days.ts).
  const history = useMemo(() => kindHistoryOf(habit, vacations, weekStart), [habit, vacations, weekStart]);
  const statuses = useMemo(() => {
    const days = kindDayStatuses(history, month, lastDayOfMonth(month), today);
    return new Map(days.map((day) => [day.date, day]));
  }, [history, month, today]);
  const weeks = useMemo(() => monthWeeks(month, weekStart), [month, weekStart]);
  const noted = useMemo(() => new Set(habit.notes?.map(([date]) => date)), [habit.notes]);

  // The day that takes the grid's one Tab stop: the focused day when it is in this month, else today, else the
  // month's first day; none in a month that is all future.
  const tabStop = [focusDate, today, month].find(
    (date) => monthStartOf(date) === month && canSetDay(date, today),
  );

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDate}"]`)?.focus();
  }, [focusDate, month]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = event.target instanceof HTMLElement ? event.target.dataset.date : undefined;
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const to = from && dayForKey(from, event.key, weekStart, rtl);
    if (!to) return;
    event.preventDefault();
    if (!canSetDay(to, today)) return;
    moved.current = true;
    setMonth(monthStartOf(to));
    setFocusDate(to);
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-2 flex items-center justify-between gap-2 px-1">
        <button
          type="button"
          className={navButton}
          aria-label={h.previousMonth}
          disabled={month <= monthStartOf(EARLIEST_DAY)}
          onClick={() => setMonth((m) => shiftMonth(m, -1))}
        >
          <ChevronLeftIcon />
        </button>
        <h2
          id={titleId}
          aria-live="polite"
          className="text-lg font-semibold text-slate-900 dark:text-white"
          data-testid="calendar-month"
          data-month={month}
        >
          {monthAndYear(month)}
        </h2>
        <button
          type="button"
          className={navButton}
          aria-label={h.nextMonth}
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        className="w-full table-fixed border-separate border-spacing-0.5"
      >
        <thead>
          <tr>
            {weekOrder(weekStart).map((day) => (
              <th
                key={day}
                scope="col"
                className="pb-1 text-xs font-medium text-slate-600 dark:text-slate-300"
              >
                <span aria-hidden="true">{shortWeekdayName(day)}</span>
                <span className="sr-only">{weekdayName(day)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, i) =>
                date ? (
                  <td key={date} className="p-0">
                    <DayButton
                      date={date}
                      status={statuses.get(date)?.status ?? "future"}
                      amount={amountWords(history.rules, date, statuses.get(date)?.amount ?? null)}
                      isToday={date === today}
                      enabled={canSetDay(date, today)}
                      tabbable={date === tabStop}
                      hasNote={noted.has(date)}
                      onClick={() => {
                        setFocusDate(date);
                        if (tapOpens && onOpen) onOpen(date);
                        else onCycle(date);
                      }}
                    />
                  </td>
                ) : (
                  <td key={`blank-${i}`} className="p-0" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={hintId} className="mt-3 px-1 text-xs text-slate-600 dark:text-slate-300">
        {tapOpens ? k.openDayHint : h.calendarHint}
      </p>
      {onOpen && canSetDay(focusDate, today) && (
        <button
          type="button"
          onClick={() => onOpen(focusDate)}
          className="mt-2 flex min-h-11 items-center rounded-lg px-1 text-start text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {k.dayDetails(fullDate(focusDate))}
        </button>
      )}
    </section>
  );
}

type DayProps = {
  date: LocalDate;
  status: DayStatus;
  /** What the name adds for the day's number (amountWords); "" without one. */
  amount: string;
  isToday: boolean;
  enabled: boolean;
  tabbable: boolean;
  hasNote: boolean;
  onClick: () => void;
};

function DayButton({ date, status, amount, isToday, enabled, tabbable, hasNote, onClick }: DayProps) {
  const name = `${dayName(date, status)}${amount}`;
  return (
    <button
      type="button"
      data-date={date}
      data-status={status}
      aria-label={hasNote ? `${name}, ${k.hasNote}` : name}
      data-note={hasNote || undefined}
      aria-current={isToday ? "date" : undefined}
      disabled={!enabled}
      tabIndex={tabbable ? 0 : -1}
      onClick={onClick}
      className={cx(
        "relative flex h-11 w-full items-center justify-center rounded-lg text-sm tabular-nums transition-colors disabled:cursor-not-allowed",
        dayButton[status],
        isToday &&
          "ring-2 ring-indigo-500 ring-offset-2 ring-offset-white dark:ring-indigo-300 dark:ring-offset-slate-900",
      )}
    >
      {Number(date.slice(8, 10))}
      {hasNote && (
        <span
          aria-hidden="true"
          className="absolute top-1 end-1 size-1.5 rounded-full bg-current ring-1 ring-white dark:ring-slate-900"
        />
      )}
    </button>
  );
}
