import { useEffect, useState } from "react";
import { COMPLETION_ANIMATION_MS } from "../../../core/constants";
import type { Habit } from "../../../core/habit";
import { showsPulse } from "../../../core/milestones";
import { Button } from "../../ui/button";
import { cx } from "../../ui/cx";
import { CheckIcon, FlameIcon, TrashIcon } from "../../ui/icons";
import { streakLine } from "./streak-text";

type Props = {
  habit: Habit;
  saving: boolean;
  onToggle: (habit: Habit) => void;
  onDelete: (habit: Habit) => void;
};

/** One habit (SPEC §2 Today): name, streak line, complete toggle, delete, and the pulse icon at 10+ days. */
export function HabitRow({ habit, saving, onToggle, onDelete }: Props) {
  const [animating, setAnimating] = useState(false);
  useEffect(() => {
    if (!animating) return;
    const timer = setTimeout(() => setAnimating(false), COMPLETION_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [animating]);

  const done = habit.completedToday;
  const toggle = () => {
    if (!done) setAnimating(true);
    onToggle(habit);
  };

  return (
    <li
      data-testid="habit-row"
      data-habit-id={habit.id}
      aria-busy={saving || undefined}
      className={cx(
        "flex items-center gap-3 rounded-xl border p-3 shadow-sm transition-colors",
        done
          ? "border-indigo-200 bg-indigo-50/70 dark:border-indigo-900 dark:bg-indigo-950/40"
          : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
      )}
    >
      <button
        type="button"
        aria-pressed={done}
        aria-label={`Complete ${habit.name}`}
        disabled={saving}
        onClick={toggle}
        data-animating={animating}
        className={cx(
          "flex size-11 shrink-0 items-center justify-center rounded-full border-2 transition-colors disabled:opacity-50",
          done
            ? "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700"
            : // WCAG 1.4.11: the outline is all there is of an empty tick, so it needs 3:1 against the row.
              "border-slate-500 text-transparent hover:border-indigo-500 hover:text-indigo-400",
          animating && "hs-pop",
        )}
      >
        <CheckIcon size={22} strokeWidth={2.75} />
      </button>
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere text-slate-900 dark:text-white" data-testid="habit-name">
          {habit.name}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="streak-line">
          {saving ? "Saving…" : streakLine(habit)}
        </p>
      </div>
      {showsPulse(habit.streakCount) && (
        <span
          role="img"
          aria-label={`On fire: ${habit.streakCount} days in a row`}
          data-testid="pulse-icon"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300"
        >
          <FlameIcon size={18} className="animate-pulse" />
        </span>
      )}
      <Button
        variant="danger"
        iconOnly
        className="size-11"
        aria-label={`Delete ${habit.name}`}
        title="Delete"
        disabled={saving}
        onClick={() => onDelete(habit)}
      >
        <TrashIcon size={18} />
      </Button>
    </li>
  );
}
