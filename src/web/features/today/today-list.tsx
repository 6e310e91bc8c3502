// Today's list with everything that only works once the store has opened: the rows (7-day strip, order), the
// empty and error states, and the milestone celebration of a rising streak. The first paint shows the list's
// loading state, so this module loads with the store engine, after the first paint (the initial JavaScript budget,
// docs/decisions/0060); today-page.tsx shows ListLoading until both are there.
import {
  type ComponentProps,
  type KeyboardEvent as ReactKeyboardEvent,
  memo,
  type PointerEvent as ReactPointerEvent,
  startTransition,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { COMPLETION_ANIMATION_MS } from "../../../core/constants";
import { type DayState, dayStateOf, nextDayState, withDayState } from "../../../core/day-state";
import { dayRulesOf, type Habit } from "../../../core/habit";
import { isAmount, MAX_AMOUNT, roundAmount } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages/first-screen";
import { todayRows } from "../../../core/messages/today-rows";
import { isMilestone, showsPulse } from "../../../core/milestones";
import { isDue } from "../../../core/schedule";
import { currentStreak } from "../../../core/streaks";
import type { Vacation } from "../../../core/vacation";
import type { WeekStart } from "../../../core/habit-kind";
import type { HabitGroup } from "../../../core/sync";
import { filterByGroup, type GroupFilter, groupOf } from "../../lib/habits/groups";
import type { HabitsStatus, HabitView, KindToday } from "../../lib/habits/use-habits";
import { inBackground } from "../../lib/next-task";
import { perfMark, perfMarkAfterPaint } from "../../lib/perf-mark";
import { Button } from "../../ui/button";
import { cx } from "../../ui/cx";
import { CheckIcon, ChevronDownIcon, FlameIcon, TrashIcon } from "../../ui/icons";
import { DayStrip } from "./day-strip";
import { ListLoading } from "./list-loading";
import { ListEmpty, ListError } from "./list-states";
import { MilestoneCelebration, useCelebration } from "./milestone-celebration";
import { GroupFilterSelect } from "../../ui/group-filter";
import { GroupSections, groupTexts } from "./group-sections";
import { saveToday } from "./save-today";
import { streakLine } from "./streak-text";
import { inputNumber } from "../../ui/format-values";

const row = todayRows.todayRow;

const t = todayRows.todayHistory;

// One habit's row.

export type MoveDirection = "up" | "down";

/** A habit on Today: core's Habit, and for a habit of another kind its today (use-habits.ts: kindToday). */
export type RowHabit = Habit & {
  kindToday?: KindToday;
  /** Its group, when the user has groups (a section of its own on Today); absent or null: ungrouped. */
  groupId?: string | null;
};

/** The writes of a habit that counts a number (useHabits' setAmount, addAmount, slipped), for today. */
export type AmountActions = {
  onSetAmount: (habit: Habit, value: number | null) => void;
  onAddAmount: (habit: Habit, add: number) => void;
  onSlipped: (habit: Habit) => void;
  /** A change made on the row rose the streak: from `before` to the habit's streak now. */
  onStreakRise: (habit: RowHabit, before: number) => void;
};

export type RowActions = AmountActions & {
  onToggle: (habit: Habit) => void;
  onDelete: (habit: Habit) => void;
  onCycleDay: (habit: Habit, date: LocalDate) => void;
  onMove: (habit: Habit, direction: MoveDirection) => void;
  onExplain: (habit: Habit) => void;
  /** Pointer down on the drag handle: the list takes the drag from there. */
  onDragStart: (habit: Habit, event: ReactPointerEvent<HTMLElement>) => void;
};

type RowProps = RowActions & {
  habit: RowHabit;
  today: LocalDate;
  vacations: readonly Vacation[];
  saving: boolean;
  /** First or last of its list: that move of the handle's arrow keys does nothing. */
  first: boolean;
  last: boolean;
  /** Among a tall phone's first screenful: always drawn (see the row's class). */
  onFirstScreen: boolean;
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

/** Keys on the handle that move the row. */
const MOVE_KEYS: Record<string, MoveDirection> = { ArrowUp: "up", ArrowDown: "down" };

const roundButton =
  "flex size-11 shrink-0 items-center justify-center rounded-full border-2 transition-colors";

/**
 * A measurable habit's number today as a spin button: typed and kept on Enter or on leaving the field (blank: no
 * number), or raised and lowered by the step with the arrow keys at once.
 */
function AmountField({
  habit,
  amount,
  step,
  onSet,
}: {
  habit: Habit;
  amount: number | null;
  step: number;
  onSet: (value: number | null) => void;
}) {
  // What is being typed; null: the stored number shows.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (text: string | null) => {
    setDraft(null);
    if (text === null) return;
    const trimmed = text.trim().replace(",", ".");
    const value = trimmed === "" ? null : Number(trimmed);
    if (value !== null && !isAmount(value)) return; // not a number it can hold: the stored one shows again
    if (value !== amount) onSet(value);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") commit(draft);
    else if (event.key === "Escape") setDraft(null);
    else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const typed = draft === null ? NaN : Number(draft.trim().replace(",", "."));
      const base = Number.isFinite(typed) ? typed : (amount ?? 0);
      const next = roundAmount(base + (event.key === "ArrowUp" ? step : -step));
      commit(String(Math.min(MAX_AMOUNT, Math.max(0, next))));
    }
  };
  return (
    <input
      type="text"
      role="spinbutton"
      inputMode="decimal"
      autoComplete="off"
      aria-label={row.amountToday(habit.name)}
      aria-valuemin={0}
      aria-valuemax={MAX_AMOUNT}
      aria-valuenow={amount ?? undefined}
      data-testid="amount-today"
      value={draft ?? (amount === null ? "" : inputNumber(amount))}
      placeholder="0"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => commit(draft)}
      onKeyDown={onKeyDown}
      className="h-11 w-16 shrink-0 rounded-lg border border-slate-400 bg-white px-2 text-end text-base tabular-nums text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-white"
    />
  );
}

/**
 * One habit on Today: name (a link to its page) with its emoji, streak line (opens the explanation), what today
 * takes for its kind (the complete toggle; a number with Add; I slipped), delete, the pulse icon at 10+ days, the
 * last 7 days and the drag handle, which the arrow keys also move.
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
  onFirstScreen,
  ...actions
}: RowProps) {
  const [animating, setAnimating] = useState(false);
  useEffect(() => {
    if (!animating) return;
    const timer = setTimeout(() => setAnimating(false), COMPLETION_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [animating]);

  const done = habit.completedToday;
  const kind = habit.kindToday;
  // The tick is today's own state, which a click turns over (sync-engine.ts: toggle); for a habit due N times a
  // period `done` is the period's, shown by the row and its progress line.
  const ticked = kind?.timesPer ? habit.completedDates.includes(today) : done;
  // A change made here that meets today's target celebrates as a tick does, once the store shows it.
  const acted = useRef<{ met: boolean; streak: number } | null>(null);
  const toggle = () => {
    // The pop starts after the frame that shows the tick: its layer and its ring's paint made that frame
    // longer (a tick's interaction to next paint). Not a timer: a stopped page clock
    // does not hold it up.
    if (!ticked) inBackground(() => setAnimating(true));
    if (kind) acted.current = { met: done, streak: habit.streakCount };
    actions.onToggle(habit);
  };
  useEffect(() => {
    const before = acted.current;
    if (!before || !kind) return;
    acted.current = null;
    if (kind.met && !before.met && kind.kind !== "yesNo") inBackground(() => setAnimating(true));
    if (habit.streakCount > before.streak) actions.onStreakRise(habit, before.streak);
  }, [habit, kind, actions]);
  const act = (write: () => void) => () => {
    acted.current = { met: done, streak: habit.streakCount };
    write();
  };
  const line = saving
    ? row.saving
    : kind?.kind === "quit"
      ? row.cleanLine(habit.streakCount, habit.bestStreak)
      : kind
        ? row.streak(habit.streakCount, habit.bestStreak, kind.figures.per, messages.today.startStreak)
        : streakLine(habit);
  const onHandleKey = (event: ReactKeyboardEvent<HTMLElement>) => {
    const direction = MOVE_KEYS[event.key];
    if (!direction) return;
    event.preventDefault();
    if (!(direction === "up" ? first : last)) actions.onMove(habit, direction);
  };

  return (
    <li
      data-testid="habit-row"
      data-habit-id={habit.id}
      aria-busy={saving || undefined}
      className={cx(
        // Rows out of sight are not styled, laid out nor painted until they come near (with 50
        // habits, Today's first paint did all 50); each keeps its last size meanwhile. The clip margin keeps the
        // tick's ring whole (a row contains its paint). The first screenful is always drawn: Chromium finds a row
        // in sight only a frame after it shows, and until then a tap on it lands on an empty row
        // (docs/decisions/0067-load-behind-the-splash.md).
        !onFirstScreen &&
          "[contain-intrinsic-size:auto_7.5rem] [content-visibility:auto] [overflow-clip-margin:1rem]",
        "rounded-xl border p-2.5 shadow-sm transition-colors data-dragging:z-10 data-dragging:shadow-lg sm:p-3",
        done
          ? "border-indigo-200 bg-indigo-50/70 dark:border-indigo-900 dark:bg-indigo-950/40"
          : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
      )}
    >
      {/* The handle and delete reach into the row's padding: a 24-character name fits one line at 375 px. */}
      <div className="flex items-center gap-1 sm:gap-2">
        <button
          type="button"
          aria-label={row.move(habit.name)}
          aria-keyshortcuts="ArrowUp ArrowDown"
          title={row.moveHint}
          data-testid="drag-handle"
          onPointerEnter={preloadDrag}
          onPointerDown={(event) => actions.onDragStart(habit, event)}
          onKeyDown={onHandleKey}
          className="-ms-2.5 flex h-11 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-500 active:cursor-grabbing dark:text-slate-400"
        >
          <GripIcon />
        </button>
        {kind?.kind === "measurable" ? (
          <button
            type="button"
            // "+1" reads as a signed number in every language: the sign stays on the left, right to left too.
            dir="ltr"
            aria-label={row.add(kind.step, habit.name)}
            disabled={saving}
            onClick={act(() => actions.onAddAmount(habit, kind.step))}
            data-animating={animating}
            className={cx(
              roundButton,
              "text-sm font-semibold disabled:opacity-50",
              done
                ? "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700"
                : "border-slate-500 text-slate-700 hover:border-indigo-500 hover:text-indigo-700 dark:text-slate-200",
              animating && "hs-pop",
            )}
          >
            {row.addLabel(kind.step)}
          </button>
        ) : kind?.kind === "quit" ? (
          // A quit habit has no tick: the space keeps its name and days in line with the other rows'.
          <span aria-hidden="true" className="size-11 shrink-0" />
        ) : (
          <button
            type="button"
            aria-pressed={ticked}
            aria-label={todayRows.todayRow.complete(habit.name)}
            disabled={saving}
            onClick={toggle}
            data-animating={animating}
            className={cx(
              roundButton,
              "disabled:opacity-50",
              ticked
                ? "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700"
                : // WCAG 1.4.11: the outline is all there is of an empty tick, so it needs 3:1 against the row.
                  "border-slate-500 text-transparent hover:border-indigo-500 hover:text-indigo-400",
              animating && "hs-pop",
            )}
          >
            <CheckIcon size={22} strokeWidth={2.75} />
          </button>
        )}
        <div className="min-w-0 flex-1 ps-0.5">
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
              <bdi>{habit.name}</bdi>
            </Link>
          </p>
          {kind && <KindLine habit={habit} kind={kind} act={act} actions={actions} saving={saving} />}
          <div className="flex items-center gap-1.5">
            <button
              type="button"
              data-testid="streak-line"
              aria-label={t.explainStreak(line, habit.name)}
              onClick={() => actions.onExplain(habit)}
              className="min-h-6 rounded text-start text-sm text-slate-600 underline decoration-slate-400 decoration-dotted underline-offset-4 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            >
              {line}
            </button>
            {/* The flame names days: a streak of weeks or months has none. */}
            {showsPulse(habit.streakCount) && (kind?.figures.per ?? "day") === "day" && (
              <span
                role="img"
                aria-label={row.onFire(habit.streakCount)}
                data-testid="pulse-icon"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300"
              >
                <FlameIcon size={15} className="animate-pulse hs-pulse-twice" />
              </span>
            )}
          </div>
        </div>
        <div className="-me-2.5 flex shrink-0 sm:-me-2">
          <Button
            variant="danger"
            iconOnly
            className="size-11"
            aria-label={todayRows.todayRow.deleteName(habit.name)}
            title={todayRows.todayRow.delete}
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
        className="mt-1.5 sm:max-w-[26rem] sm:ps-[4.75rem]"
      />
    </li>
  );
});

/** What today takes for a habit of another kind: its number and Add's progress, I slipped, or N times a period. */
function KindLine({
  habit,
  kind,
  act,
  actions,
  saving,
}: {
  habit: Habit;
  kind: KindToday;
  act: (write: () => void) => () => void;
  actions: AmountActions;
  saving: boolean;
}) {
  const progressClass = "text-sm text-slate-700 tabular-nums dark:text-slate-200";
  if (kind.kind === "measurable")
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <AmountField
          habit={habit}
          amount={kind.amount}
          step={kind.step}
          onSet={(value) => act(() => actions.onSetAmount(habit, value))()}
        />
        <span className={progressClass} data-testid="kind-progress">
          {row.progress(kind.progress, kind.unit)}
        </span>
      </div>
    );
  if (kind.kind === "quit")
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          className="min-h-11 px-3"
          aria-label={row.slippedName(habit.name)}
          disabled={saving}
          onClick={act(() => actions.onSlipped(habit))}
        >
          {row.slipped}
        </Button>
      </div>
    );
  if (kind.timesPer === null) return null;
  return (
    <p className={progressClass} data-testid="kind-progress">
      {row.times(kind.progress.amount, kind.progress.needed, kind.timesPer)}
    </p>
  );
}

// The list of rows.

export type ListActions = Omit<RowActions, "onMove" | "onDragStart" | keyof AmountActions> &
  Partial<AmountActions> & {
    /** Puts the habit just before `beforeId`, or last when null (useHabits' moveTo). */
    onMoveTo: (habit: Habit, beforeId: string | null) => void;
  };

type Props = ListActions & {
  status: HabitsStatus;
  /** The habits on Today (none archived), in their order; their schedules sort them into two lists. */
  habits: readonly RowHabit[];
  /** The user's groups in their order: with any, the due habits show ungrouped first, then a section per group. */
  groups?: readonly HabitGroup[];
  /** How many habits are archived, for the empty list. */
  archivedCount: number;
  today: LocalDate;
  vacations: readonly Vacation[];
  isSaving: (id: string) => boolean;
  onRetry: () => void;
  onAdd: (name: string) => void;
};

/**
 * Rows drawn in the list's first render: a phone's screenful below Today's heading and form (3 rows show at 412 ×
 * 823 px). Before the first paint the list draws as many more as the window has room for below its top, and the
 * others follow in a transition right after that paint, in slices that leave the browser free (with 50
 * habits, Today's first render drew 50 rows, about 3,000 elements, before anything showed; 12 rows still made most
 * of Today's first frame).
 */
export const FIRST_ROWS = 4;
/** More rows than a tall phone shows at once (about 7 at 430 × 932 px). */
const FIRST_SCREEN_ROWS = 8;
/** Less than a row's height (7.5 to 7.75rem, the gap included): the rows a window has room for are not undercounted. */
const ROW_MIN_PX = 96;

/** How many rows fill the window below the list's top edge (at least `shown`); `shown` where nothing is laid out. */
export function rowsToFill(list: HTMLElement, shown: number): number {
  const { top, height } = list.getBoundingClientRect();
  if (height === 0) return shown; // not laid out (jsdom)
  return Math.max(shown, Math.ceil((window.innerHeight - Math.max(0, top)) / ROW_MIN_PX));
}

/** Where a habit at `from` lands when moved to index `to` of the same list: the habit it goes before. */
function beforeIdFor(list: readonly Habit[], from: number, to: number): string | null {
  const others = list.filter((_, i) => i !== from);
  return others[to]?.id ?? null;
}

export type SectionProps = Omit<
  Props,
  "status" | "habits" | "groups" | "archivedCount" | "onRetry" | "onAdd"
> & {
  habits: readonly RowHabit[];
  label: string;
  id?: string;
  testId: string;
  announce: (text: string) => void;
};

/**
 * Functions that stay the same from render to render and call the latest of `actions`: the rows (memo) are drawn
 * again only when their habit changes, and still act with what the list knows now (its order, for a move).
 */
function useStableActions(actions: RowActions): RowActions {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  return useMemo(
    () => ({
      onToggle: (habit) => latest.current.onToggle(habit),
      onDelete: (habit) => latest.current.onDelete(habit),
      onCycleDay: (habit, date) => latest.current.onCycleDay(habit, date),
      onMove: (habit, direction) => latest.current.onMove(habit, direction),
      onExplain: (habit) => latest.current.onExplain(habit),
      onDragStart: (habit, event) => latest.current.onDragStart(habit, event),
      onSetAmount: (habit, value) => latest.current.onSetAmount(habit, value),
      onAddAmount: (habit, add) => latest.current.onAddAmount(habit, add),
      onSlipped: (habit) => latest.current.onSlipped(habit),
      onStreakRise: (habit, before) => latest.current.onStreakRise(habit, before),
    }),
    [],
  );
}

const ignore = () => undefined;
const NO_GROUPS: readonly HabitGroup[] = [];

/** One ordered list of rows: keyboard moves (the handle's arrow keys) and pointer drags move a habit within it. */
export function HabitSection({
  habits,
  label,
  id,
  testId,
  announce,
  isSaving,
  onMoveTo,
  today,
  vacations,
  onSetAmount = ignore,
  onAddAmount = ignore,
  onSlipped = ignore,
  onStreakRise = ignore,
  ...rest
}: SectionProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // After a keyboard move the row's handle keeps the focus, also where the list re-inserts the row (which blurs
  // it): once the new order shows, the handle is focused again.
  const refocus = useRef<{ id: string; direction: MoveDirection; order: string } | null>(null);
  const order = habits.map((habit) => habit.id).join("\n");
  useLayoutEffect(() => {
    const pending = refocus.current;
    if (!pending || pending.order === order) return;
    refocus.current = null;
    const row = Array.from(listRef.current?.children ?? []).find(
      (el) => el instanceof HTMLElement && el.dataset.habitId === pending.id,
    );
    const button = row?.querySelector<HTMLElement>('[data-testid="drag-handle"]');
    if (button && document.activeElement !== button) button.focus();
  }, [order]);

  const moveTo = (from: number, to: number) => {
    const habit = habits[from];
    if (!habit || to === from) return;
    onMoveTo(habit, beforeIdFor(habits, from, to));
    announce(t.moved(habit.name, to + 1, habits.length));
  };
  const onMove = (habit: Habit, direction: MoveDirection) => {
    const from = habits.indexOf(habit);
    refocus.current = { id: habit.id, direction, order };
    moveTo(from, direction === "up" ? from - 1 : from + 1);
  };
  const onDragStart = (habit: Habit, event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0 || habits.length < 2) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const item = handle.closest("li");
    const native = event.nativeEvent;
    if (!item) return;
    loadDrag().then(
      ({ startDrag }) => startDrag({ event: native, handle, item, onDrop: moveTo }),
      () => undefined, // no drag without its code; the handle's arrow keys still work
    );
  };

  const actions = useStableActions({
    ...rest,
    onMove,
    onDragStart,
    onSetAmount,
    onAddAmount,
    onSlipped,
    onStreakRise,
  });
  // null: every row. Before the first paint the rows that fill the window; after it, all in a transition.
  const [firstRows, setFirstRows] = useState<number | null>(habits.length <= FIRST_ROWS ? null : FIRST_ROWS);
  useLayoutEffect(() => {
    if (firstRows === null || !listRef.current) return;
    const fill = rowsToFill(listRef.current, firstRows);
    if (fill > firstRows) setFirstRows(fill < habits.length ? fill : null);
  }, []); // once, at the first commit: the rows that show at first
  useEffect(() => {
    if (firstRows !== null) startTransition(() => setFirstRows(null));
  }, [firstRows]);
  const shown = firstRows === null ? habits : habits.slice(0, firstRows);

  return (
    <ul ref={listRef} id={id} aria-label={label} className="space-y-3" data-testid={testId}>
      {shown.map((habit, i) => (
        <HabitRow
          key={habit.id}
          habit={habit}
          today={today}
          vacations={vacations}
          saving={isSaving(habit.id)}
          first={i === 0}
          last={i === habits.length - 1}
          onFirstScreen={i < FIRST_SCREEN_ROWS}
          {...actions}
        />
      ))}
    </ul>
  );
}

export function HabitList({
  status,
  habits: all,
  groups = NO_GROUPS,
  archivedCount,
  onRetry,
  onAdd,
  ...rest
}: Props) {
  const [showNotDue, setShowNotDue] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [filter, setFilter] = useState<GroupFilter>("all");
  const notDueId = useId();
  if (status === "loading") return <ListLoading />;
  if (status === "error") return <ListError onRetry={onRetry} onAdd={onAdd} />;
  if (all.length === 0) return <ListEmpty archived={archivedCount} />;
  const habits = filterByGroup(all, groups, filter);
  const due = habits.filter((habit) => isDue(habit.schedule, rest.today));
  const notDue = habits.filter((habit) => !isDue(habit.schedule, rest.today));
  // A new text each time (a zero-width space toggles), so that the same move twice is announced twice.
  const announce = (text: string) => setAnnouncement((old) => (old === text ? `${text}\u200b` : text));
  // Without groups the list is one section, as it always was; with them, ungrouped habits first, then each group.
  const ungrouped = groups.length === 0 ? due : due.filter((habit) => groupOf(habit, groups) === undefined);
  return (
    <div className="space-y-3">
      {groups.length > 0 && (
        <div className="flex justify-end px-1">
          <GroupFilterSelect groups={groups} value={filter} onChange={setFilter} testId="group-filter" />
        </div>
      )}
      {due.length === 0 && (
        <p className="px-1 text-sm text-slate-600 dark:text-slate-300" data-testid="nothing-due">
          {t.nothingDue}
        </p>
      )}
      {ungrouped.length > 0 && (
        <HabitSection
          habits={ungrouped}
          label={groups.length === 0 ? messages.today.yourHabits : groupTexts.ungroupedList}
          testId="habit-list"
          announce={announce}
          {...rest}
        />
      )}
      {groups.length > 0 && (
        <GroupSections
          groups={groups}
          habits={due}
          renderList={(list, label, id) => (
            <HabitSection
              habits={list}
              label={label}
              id={id}
              testId="group-list"
              announce={announce}
              {...rest}
            />
          )}
        />
      )}
      {notDue.length > 0 && (
        <div>
          <button
            type="button"
            aria-expanded={showNotDue}
            aria-controls={showNotDue ? notDueId : undefined}
            onClick={() => setShowNotDue(!showNotDue)}
            data-testid="not-due-toggle"
            className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg px-1 text-sm font-medium text-slate-700 hover:text-slate-950 dark:text-slate-200 dark:hover:text-white"
          >
            <span>{t.notDueToday(notDue.length)}</span>
            <ChevronDownIcon size={18} className={cx("transition-transform", showNotDue && "rotate-180")} />
          </button>
          {showNotDue && (
            <div className="mt-2">
              <HabitSection
                habits={notDue}
                id={notDueId}
                label={t.notDueToday(notDue.length)}
                testId="not-due-list"
                announce={announce}
                {...rest}
              />
            </div>
          )}
        </div>
      )}
      <p role="status" className="sr-only" data-testid="reorder-status">
        {announcement}
      </p>
    </div>
  );
}

export type TodayListProps = ComponentProps<typeof HabitList> & {
  /** Every habit as the store gives them, kept for the next start (save-today.ts); null while they are not. */
  keep?: {
    userId: string;
    habits: readonly HabitView[];
    weekStart: WeekStart;
    groups: readonly HabitGroup[];
  } | null;
};

/**
 * HabitList, and the celebration when a streak rises onto a multiple of 5, whichever day's change raised it.
 * Each list drawn from the store is kept for the next start, after the frame that shows it.
 */
/** Marked once a page: the first list from the store. */
let listMarked = false;

export function TodayList({ onToggle, onCycleDay, keep, ...props }: TodayListProps) {
  const { today, vacations } = props;
  useEffect(() => {
    if (keep)
      inBackground(() => saveToday(keep.userId, today, keep.weekStart, vacations, keep.habits, keep.groups));
  }, [keep, today, vacations]);
  const { celebration, celebrate } = useCelebration();
  // Today's list from the store has committed, then painted (not the saved list drawn before the store opened):
  // scripts/audit-web-vitals.ts times it from the store's readiness.
  const fromStore = keep !== undefined && keep !== null;
  useLayoutEffect(() => {
    if (!fromStore || listMarked) return;
    listMarked = true;
    perfMark("hs:today-list");
    perfMarkAfterPaint("hs:today-painted");
  }, [fromStore]);
  // The celebration's live region exists from the moment the rows can be ticked, so readers announce it. Whether
  // the streak rose onto a milestone is worked out after the frame that shows the tick: it reads the habit's whole
  // history again (3,650 dates for ten years), which made a tick's interaction to next paint longer.
  const celebrateRise = (habit: RowHabit, date: LocalDate, state: DayState) =>
    inBackground(() => {
      // A habit of another kind counts its streak otherwise: its row reports the rise (onStreakRise).
      if (habit.kindToday) return;
      const { completedDates, skippedDates } = withDayState(habit, date, state);
      const next = currentStreak(completedDates, today, { ...dayRulesOf(habit, vacations), skippedDates });
      if (isMilestone(habit.streakCount, next)) celebrate(habit.name, next);
    });
  return (
    <>
      <HabitList
        {...props}
        onToggle={(habit) => {
          celebrateRise(habit, today, habit.completedToday ? "none" : "done");
          onToggle(habit);
        }}
        onCycleDay={(habit, date) => {
          celebrateRise(habit, date, nextDayState(dayStateOf(habit, date)));
          onCycleDay(habit, date);
        }}
        onStreakRise={(habit, before) => {
          // The celebration names a streak of days; one of weeks or months is not celebrated as days.
          const inDays = habit.kindToday?.figures.per === "day";
          if (inDays && isMilestone(before, habit.streakCount)) celebrate(habit.name, habit.streakCount);
        }}
      />
      <MilestoneCelebration celebration={celebration} />
    </>
  );
}
