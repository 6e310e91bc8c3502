import { memo, type PointerEvent as ReactPointerEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { COMPLETION_ANIMATION_MS } from "../../../core/constants";
import type { Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages/first-screen";
import { showsPulse } from "../../../core/milestones";
import type { Vacation } from "../../../core/vacation";
import { inBackground } from "../../lib/next-task";
import { Button } from "../../ui/button";
import { cx } from "../../ui/cx";
import { CheckIcon, ChevronDownIcon, FlameIcon, TrashIcon } from "../../ui/icons";
import { DayStrip } from "./day-strip";
import { streakLine } from "./streak-text";

const t = messages.todayHistory;

export type MoveDirection = "up" | "down";

export type RowActions = {
  onToggle: (habit: Habit) => void;
  onDelete: (habit: Habit) => void;
  onCycleDay: (habit: Habit, date: LocalDate) => void;
  onMove: (habit: Habit, direction: MoveDirection) => void;
  onExplain: (habit: Habit) => void;
  /** Pointer down on the drag handle: the list takes the drag from there. */
  onDragStart: (habit: Habit, event: ReactPointerEvent<HTMLElement>) => void;
};

type Props = RowActions & {
  habit: Habit;
  today: LocalDate;
  vacations: readonly Vacation[];
  saving: boolean;
  /** First or last of its list: that move does nothing (the button stays focusable, so the focus is not lost). */
  first: boolean;
  last: boolean;
};

/** Six dots of radius 1.6 at x 3 and 9, y 3, 10 and 17, as one path: two elements a row instead of ten. */
const GRIP_DOTS = [3, 10, 17]
  .flatMap((y) => [3, 9].map((x) => `M${x - 1.6} ${y}a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0 -3.2 0`))
  .join("");

function GripIcon() {
  return (
    <svg width={12} height={20} viewBox="0 0 12 20" fill="currentColor" aria-hidden="true">
      <path d={GRIP_DOTS} />
    </svg>
  );
}

/** The drag code loads on the first drag (drag-reorder.ts); a pointer over a handle fetches it beforehand. */
export const loadDrag = () => import("./drag-reorder");
const preloadDrag = () => void loadDrag().catch(() => undefined);

const moveButton =
  "size-11 text-slate-600 aria-disabled:cursor-default aria-disabled:opacity-40 dark:text-slate-300";

/**
 * One habit on Today: name (a link to its page) with its emoji, streak line (opens the explanation),
 * complete toggle, delete, the pulse icon at 10+ days, the last 7 days and the order controls.
 * Drawn again only when its props change (the list gives stable actions, and the store the same habit object
 * while it is unchanged): a tick draws one row, not fifty.
 */
export const HabitRow = memo(function HabitRow({
  habit,
  today,
  vacations,
  saving,
  first,
  last,
  ...actions
}: Props) {
  const [animating, setAnimating] = useState(false);
  useEffect(() => {
    if (!animating) return;
    const timer = setTimeout(() => setAnimating(false), COMPLETION_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [animating]);

  const done = habit.completedToday;
  const toggle = () => {
    // The pop starts after the frame that shows the tick: its layer and its ring's paint made that frame
    // longer (a tick's interaction to next paint). Not a timer: a stopped page clock
    // does not hold it up.
    if (!done) inBackground(() => setAnimating(true));
    actions.onToggle(habit);
  };
  const line = saving ? "Saving…" : streakLine(habit);
  const move = (direction: MoveDirection, disabled: boolean) => () => {
    if (!disabled) actions.onMove(habit, direction);
  };

  return (
    <li
      data-testid="habit-row"
      data-habit-id={habit.id}
      aria-busy={saving || undefined}
      className={cx(
        // Rows out of sight are not styled, laid out nor painted until they come near (with 50
        // habits, Today's first paint did all 50); each keeps its last size meanwhile. The clip margin keeps the
        // tick's ring whole (a row contains its paint).
        "[contain-intrinsic-size:auto_7.5rem] [content-visibility:auto] [overflow-clip-margin:1rem]",
        "rounded-xl border p-2.5 shadow-sm transition-colors data-dragging:z-10 data-dragging:shadow-lg sm:p-3",
        done
          ? "border-indigo-200 bg-indigo-50/70 dark:border-indigo-900 dark:bg-indigo-950/40"
          : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
      )}
    >
      <div className="flex items-center gap-1.5 sm:gap-2">
        <span
          aria-hidden="true"
          title={t.dragHint}
          data-testid="drag-handle"
          onPointerEnter={preloadDrag}
          onPointerDown={(event) => actions.onDragStart(habit, event)}
          className="-ml-1.5 flex h-11 w-4 shrink-0 cursor-grab touch-none items-center justify-center text-slate-400 active:cursor-grabbing dark:text-slate-500"
        >
          <GripIcon />
        </span>
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
        <div className="min-w-0 flex-1 pl-0.5">
          <p className="flex items-start gap-1.5 font-medium text-slate-900 dark:text-white">
            {habit.emoji && (
              <span aria-hidden="true" data-testid="habit-emoji" className="shrink-0">
                {habit.emoji}
              </span>
            )}
            <Link
              to={`/habits/${encodeURIComponent(habit.id)}`}
              data-testid="habit-name"
              className="min-h-6 min-w-0 rounded wrap-anywhere hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
            >
              {habit.name}
            </Link>
          </p>
          <div className="flex items-center gap-1.5">
            <button
              type="button"
              data-testid="streak-line"
              aria-label={t.explainStreak(line, habit.name)}
              onClick={() => actions.onExplain(habit)}
              className="min-h-6 rounded text-left text-sm text-slate-600 underline decoration-slate-400 decoration-dotted underline-offset-4 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            >
              {line}
            </button>
            {showsPulse(habit.streakCount) && (
              <span
                role="img"
                aria-label={`On fire: ${habit.streakCount} days in a row`}
                data-testid="pulse-icon"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300"
              >
                <FlameIcon size={15} className="animate-pulse hs-pulse-twice" />
              </span>
            )}
          </div>
        </div>
        <div className="flex shrink-0">
          <Button
            variant="ghost"
            iconOnly
            className={moveButton}
            aria-label={t.moveUp(habit.name)}
            aria-disabled={first || undefined}
            data-move="up"
            onClick={move("up", first)}
          >
            <ChevronDownIcon size={20} className="rotate-180" />
          </Button>
          <Button
            variant="ghost"
            iconOnly
            className={moveButton}
            aria-label={t.moveDown(habit.name)}
            aria-disabled={last || undefined}
            data-move="down"
            onClick={move("down", last)}
          >
            <ChevronDownIcon size={20} />
          </Button>
          <Button
            variant="danger"
            iconOnly
            className="size-11"
            aria-label={`Delete ${habit.name}`}
            title="Delete"
            disabled={saving}
            onClick={() => actions.onDelete(habit)}
          >
            <TrashIcon size={18} />
          </Button>
        </div>
      </div>
      <DayStrip
        habit={habit}
        today={today}
        vacations={vacations}
        onCycle={actions.onCycleDay}
        className="mt-1.5 sm:max-w-[26rem] sm:pl-[4.5rem]"
      />
    </li>
  );
});
