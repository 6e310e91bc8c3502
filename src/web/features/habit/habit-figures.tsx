import { type ReactNode, useId, useMemo, useState } from "react";
import { dayTotals } from "../../../core/day-state";
import { dayRulesOf } from "../../../core/habit";
import type { WeekStart } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { Vacation } from "../../../core/vacation";
import { cx } from "../../ui/cx";
import { ChevronDownIcon } from "../../ui/icons";
import { StreakExplanation } from "../../ui/streak-explanation";
import { explainByKind, KindExplanation, type ShownHabit } from "../../ui/kind-explanation";
import { formatNumber } from "../../ui/format-values";

const h = messages.history;
const k = messages.habitKinds;

type Props = {
  /** With `kindToday` (use-habits.ts HabitView) when its figures are counted by kind (kind-view.ts). */
  habit: ShownHabit;
  today: LocalDate;
  vacations: readonly Vacation[];
  weekStart: WeekStart;
};

const card =
  "min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900";

function Figure({
  label,
  value,
  metric,
  note,
}: {
  label: string;
  value: string;
  metric: string;
  note?: string;
}) {
  return (
    <div className={card}>
      <p className="text-xs text-slate-600 dark:text-slate-300">{label}</p>
      <p className="text-xl font-bold tabular-nums text-slate-900 dark:text-white" data-metric={metric}>
        {value}
      </p>
      {note && <p className="text-xs text-slate-600 dark:text-slate-300">{note}</p>}
    </div>
  );
}

/**
 * Current streak, best streak, completion rate, total completions and skipped days (core's deriveHabit and
 * dayTotals). The streak figure opens its explanation below the figures. A habit counted by kind shows its streak
 * in its unit (days, weeks or months), the units met, its total amount (measurable) or clean days and slips (quit),
 * and how its kind is counted.
 */
export function HabitFigures({ habit, today, vacations, weekStart }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const totals = useMemo(
    () => dayTotals(habit.completedDates, today, dayRulesOf(habit, vacations)),
    [habit, today, vacations],
  );
  const byKind = useMemo(
    () => explainByKind(habit, today, vacations, weekStart),
    [habit, today, vacations, weekStart],
  );
  const per = byKind?.per ?? "day";
  const inUnits = (n: number) => (byKind ? h.inUnits(n, per) : h.days(n));

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="sr-only">
        {h.figuresTitle}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          className={cx(
            card,
            "col-span-2 flex items-center gap-3 text-start transition-colors hover:border-indigo-400 sm:col-span-1 dark:hover:border-indigo-500",
          )}
          data-testid="streak-figure"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-xs text-slate-600 dark:text-slate-300">{h.currentStreak}</span>
            <span
              className="block text-xl font-bold tabular-nums text-slate-900 dark:text-white"
              data-metric="streak"
            >
              {inUnits(habit.streakCount)}
            </span>
            <span className="block text-xs font-medium text-indigo-700 underline-offset-2 dark:text-indigo-300">
              {h.showExplanation}
            </span>
          </span>
          <ChevronDownIcon
            size={18}
            className={cx("shrink-0 text-slate-500 transition-transform", open && "rotate-180")}
          />
        </button>
        <Figure label={h.bestStreak} metric="best" value={inUnits(habit.bestStreak)} />
        <Figure
          label={h.completionRate}
          metric="completion"
          value={formatNumber(habit.completionRate / 100, true)}
        />
        {!byKind ? (
          <Figure label={h.totalCompletions} metric="total" value={String(totals.done)} />
        ) : habit.kind === "quit" ? (
          <>
            <Figure label={h.cleanDays} metric="met" value={String(byKind.summary.met.day)} />
            <Figure label={h.slips} metric="total" value={String(byKind.summary.amount)} />
          </>
        ) : (
          <>
            {habit.kind === "measurable" ? (
              <Figure
                label={h.totalAmount}
                metric="total"
                value={k.dayAmount(byKind.summary.amount, byKind.unit)}
              />
            ) : (
              <Figure label={h.totalCompletions} metric="total" value={String(totals.done)} />
            )}
            <Figure label={h.unitsMet(per)} metric="met" value={String(byKind.summary.met[per])} />
          </>
        )}
        <Figure
          label={h.skippedDays}
          metric="skipped"
          value={String(totals.skipped)}
          note={totals.vacation > 0 ? h.vacationDaysNote(totals.vacation) : undefined}
        />
      </div>
      <Panel id={panelId} open={open} title={h.explanationTitle}>
        {byKind ? (
          <KindExplanation lines={byKind.lines} />
        ) : (
          <StreakExplanation habit={habit} today={today} vacations={vacations} />
        )}
      </Panel>
    </section>
  );
}

function Panel({
  id,
  open,
  title,
  children,
}: {
  id: string;
  open: boolean;
  title: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      hidden={!open}
      className="rounded-2xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </div>
  );
}
