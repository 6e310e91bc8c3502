// Loaded on the first tap of a streak line (initial bundle budget): the streak explanation in a modal dialog.
import { useEffect, useId, useRef } from "react";
import type { WeekStart } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { Vacation } from "../../../core/vacation";
import { Button } from "../../ui/button";
import { HabitStreakExplanation, type ShownHabit } from "../../ui/kind-explanation";

type Props = {
  habit: ShownHabit;
  today: LocalDate;
  vacations: readonly Vacation[];
  weekStart: WeekStart;
  onClose: () => void;
};

/** Opens at once; Escape or Close shuts it, and the browser gives the focus back to the streak line. */
export function StreakDialog({ habit, today, vacations, weekStart, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="streak-dialog"
      onClose={onClose}
      className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
    >
      <form method="dialog">
        <h2 id={titleId} className="text-lg font-semibold">
          {messages.history.explanationTitle}
        </h2>
        <p className="mt-1 text-sm font-medium wrap-anywhere text-slate-600 dark:text-slate-300">
          {habit.emoji && <span aria-hidden="true">{habit.emoji} </span>}
          <bdi>{habit.name}</bdi>
        </p>
        <HabitStreakExplanation
          habit={habit}
          today={today}
          vacations={vacations}
          weekStart={weekStart}
          id={bodyId}
          className="mt-4"
        />
        <div className="mt-6 flex justify-end">
          <Button type="submit" variant="primary" className="min-h-11" autoFocus>
            {messages.todayHistory.close}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
