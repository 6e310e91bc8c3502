import { dayStatuses, type DayStatus } from "../../../core/day-state";
import { dayRulesOf, type Habit } from "../../../core/habit";
import { addDays, firstNotBefore, type LocalDate } from "../../../core/local-date";
import { todayRows } from "../../../core/messages/today-rows";
import type { Vacation } from "../../../core/vacation";
import { cx } from "../../ui/cx";
import { CheckIcon, SunIcon } from "../../ui/icons";
import { dayName } from "../../ui/day-names";
import { formatLocale } from "../../ui/format-locale";
import { useLocale } from "../../lib/locale-store";
import { formatDate } from "../../ui/format-values";

export const STRIP_DAYS = 7;

// Every row shows the same 7 days: each label and name is formatted once, not once a row (with 50 habits, 700
// calls of Intl's formatting at Today's first render). Dropped now and then, as the days go by; kept by language.
const labels = new Map<string, string>();
function remembered(key: string, make: () => string): string {
  key += formatLocale();
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size >= 500) labels.clear();
    labels.set(key, (label = make()));
  }
  return label;
}

/** "Fri": a day's visible label in the strip (its button is named in full). */
const shortWeekday = (date: LocalDate) => remembered(date, () => formatDate(date, { weekday: "short" }));
/** "Friday, November 20, 2026: done" (ui/day-names.ts). */
const nameOf = (date: LocalDate, status: DayStatus) =>
  remembered(`${date} ${status}`, () => dayName(date, status));

type Props = {
  habit: Habit;
  today: LocalDate;
  vacations: readonly Vacation[];
  /** Cycles the day: not done → done → skipped → not done. */
  onCycle: (habit: Habit, date: LocalDate) => void;
  /** The row's placement of the strip. */
  className?: string;
};

const mark: Record<DayStatus, string> = {
  done: "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950",
  skipped: "border-dashed border-slate-500 text-slate-600 dark:border-slate-400 dark:text-slate-300",
  vacation: "border-amber-600 text-amber-700 dark:border-amber-400 dark:text-amber-300",
  "not-due": "border-dotted border-slate-400 text-slate-500 dark:border-slate-500 dark:text-slate-400",
  // WCAG 1.4.11: an empty day is only its outline, so it needs 3:1 against the row.
  open: "border-slate-500 dark:border-slate-400",
  missed: "border-slate-500 dark:border-slate-400",
  future: "border-slate-300 dark:border-slate-700",
};

function Mark({ status }: { status: DayStatus }) {
  return (
    <span
      aria-hidden="true"
      className={cx("flex size-6 items-center justify-center rounded-full border-2", mark[status])}
    >
      {status === "done" && <CheckIcon size={14} strokeWidth={3} />}
      {status === "skipped" && (
        <svg width={12} height={12} viewBox="0 0 12 12" stroke="currentColor" strokeWidth={2.5}>
          <path d="M2 6h8" strokeLinecap="round" />
        </svg>
      )}
      {status === "vacation" && <SunIcon size={14} />}
    </span>
  );
}

/** The dates of an ascending list from `from` on. */
function tailFrom(dates: readonly LocalDate[], from: LocalDate): readonly LocalDate[] {
  const at = firstNotBefore(dates, from);
  return at === 0 ? dates : dates.slice(at);
}

/**
 * The habit's last 7 days, oldest first and today last. Each day is a button named like the
 * habit page's calendar ("Friday, November 20, 2026: done"); a tap cycles its state.
 */
export function DayStrip({ habit, today, vacations, onCycle, className }: Props) {
  // Its row is drawn again only when its habit changes: the strip itself follows a change of language.
  useLocale();
  // Only the days from the strip's first on can show in it: the 7 days are read from those (a habit holds up to
  // years of dates, ascending and distinct as derived).
  const from = addDays(today, 1 - STRIP_DAYS);
  const rules = dayRulesOf(habit, vacations);
  const days = dayStatuses(tailFrom(habit.completedDates, from), from, today, today, {
    ...rules,
    skippedDates: rules.skippedDates && tailFrom(rules.skippedDates, from),
  });
  return (
    <div
      role="group"
      aria-label={todayRows.todayHistory.lastDays(habit.name)}
      data-testid="day-strip"
      className={cx("grid grid-cols-7 gap-0.5", className)}
    >
      {days.map(({ date, status }) => (
        <button
          key={date}
          type="button"
          aria-label={nameOf(date, status)}
          data-date={date}
          data-status={status}
          data-weekday={shortWeekday(date)}
          data-today={date === today || undefined}
          onClick={() => onCycle(habit, date)}
          // The visible weekday ("Fri") is the button's ::before, drawn from data-weekday: one element fewer a day,
          // 350 fewer on Today's first render with 50 habits. Generated content is not in the
          // button's name here: aria-label names it in full.
          className={cx(
            "flex h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
            "before:text-[0.6875rem] before:leading-none before:content-[attr(data-weekday)]",
            "data-today:before:font-bold data-today:before:text-indigo-700 dark:data-today:before:text-indigo-300",
          )}
        >
          <Mark status={status} />
        </button>
      ))}
    </div>
  );
}
