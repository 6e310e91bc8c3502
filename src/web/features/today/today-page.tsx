import { useEffect, useMemo, useRef, useState } from "react";
import type { Habit } from "../../../core/habit";
import { messages } from "../../../core/messages/first-screen";
import { isDue } from "../../../core/schedule";
import { useCurrentUser } from "../../lib/current-user";
import { useToday } from "../../lib/use-today";
import { type HabitExtras, useHabits } from "../../lib/habits/use-habits";
import { inBackground } from "../../lib/next-task";
import { notificationPermission } from "../../lib/notifications";
import { readStorage, WEB_STORAGE_KEYS } from "../../lib/storage";
import { showUndoToast } from "../../ui/undo-toast";
import { lazyPart } from "../../lib/lazy-part";
import { ListLoading } from "./list-loading";
import { NewHabitForm } from "./new-habit-form";
import { QuickAddPanel } from "./quick-add-panel";
import { ShortcutTip } from "./shortcut-tip";
import { TodayHeading } from "./today-heading";
import { useAltN } from "./use-alt-n";
import { useDuplicateNameCheck } from "./use-duplicate-name-check";

// What the first paint does not need loads when needed (Today is in the initial bundle, held to its budget). The list
// shows its loading state until the store has opened: its rows load meanwhile, with the store engine; a list
// that cannot be loaded reaches the page's error boundary (a reload), as a page's chunk would.
const useTodayList = lazyPart(() => import("./today-list").then((m) => m.TodayList), { required: true });
/** Fetches the list's code before Today shows (app/ calls it once the app has painted). */
export const preloadTodayList = useTodayList.preload;
const useStreakDialog = lazyPart(() => import("./streak-dialog").then((m) => m.StreakDialog));
const useDuplicatePrompt = lazyPart(() =>
  import("./duplicate-name-prompt").then((m) => m.DuplicateNamePrompt),
);
const useNotificationPrompt = lazyPart(() =>
  import("./notification-prompt").then((m) => m.NotificationPrompt),
);

/** The notification prompt has something to ask: the user has not decided, nor said 'Not now'. */
const mayAskNotifications = () =>
  notificationPermission() === "default" &&
  readStorage(WEB_STORAGE_KEYS.notificationPromptDismissed) !== "true";

/** Today (/). */
export function TodayPage() {
  const today = useToday();
  const { id: userId } = useCurrentUser();
  const {
    habits: all,
    groups,
    vacations,
    weekStart,
    status,
    source,
    add,
    toggle,
    cycleDay,
    setAmount,
    addAmount,
    slipped,
    moveTo,
    remove,
    retry,
    isSaving,
  } = useHabits({ saved: true });
  // Archived habits leave Today; they still count as present for names and quick add.
  const habits = useMemo(() => all.filter((habit) => !habit.archived), [all]);
  // The list as the store gives it is kept for the next start, which draws it before the store opens.
  const keep = useMemo(
    () => (status === "ready" && source !== "snapshot" ? { userId, habits: all, weekStart, groups } : null),
    [status, source, userId, all, weekStart, groups],
  );
  const { confirmAdd, question } = useDuplicateNameCheck(all);
  const [explained, setExplained] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useAltN(inputRef);
  const [askNotifications] = useState(mayAskNotifications);
  // The prompt's code is asked for once the list has painted, not with it: a chunk's import adds modulepreload links
  // to the document's head, and Chromium then restyles the whole page in the next frame (docs/decisions/0060), which
  // was Today's first frame with the list.
  const [listPainted, setListPainted] = useState(false);
  const ready = status === "ready";
  useEffect(() => {
    if (ready) inBackground(() => setListPainted(true));
  }, [ready]);
  const NotificationPrompt = useNotificationPrompt(
    askNotifications && ready && listPainted && habits.length > 0,
  );
  const DuplicatePrompt = useDuplicatePrompt(question !== null);

  /** Resolves whether the habit was added: a name another habit already has is asked about first. */
  const onAdd = async (name: string, extras?: HabitExtras) => {
    if (!(await confirmAdd(name))) return false;
    void add(name, extras);
    return true;
  };
  // The habit goes at once, and Undo brings it back for 5 s.
  const onDelete = async (habit: Habit) => {
    const removed = await remove(habit.id);
    if (removed) showUndoToast(messages.history.deleted(habit.name), removed.undo);
  };
  const explainedHabit = explained === null ? undefined : habits.find((habit) => habit.id === explained);
  const StreakDialog = useStreakDialog(explainedHabit !== undefined);
  const TodayList = useTodayList(true);

  return (
    <div className="space-y-6">
      <TodayHeading
        today={today}
        habits={habits.filter((habit) => habit.completedToday || isDue(habit.schedule, today))}
        source={source}
        loading={status === "loading"}
      />
      <section
        aria-label={messages.today.addHabits}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <NewHabitForm inputRef={inputRef} onAdd={onAdd} groups={groups} />
        <ShortcutTip />
        <QuickAddPanel
          names={all.map((habit) => habit.name)}
          onAdd={(name, emoji) => onAdd(name, emoji ? { emoji } : undefined)}
          defaultOpen={status === "ready" && all.length === 0}
        />
      </section>
      <section aria-labelledby="habits-title">
        <h2 id="habits-title" className="sr-only">
          {messages.today.yourHabits}
        </h2>
        {/* One loading state until both the store and the list's code are there: the skeleton stays put. */}
        {TodayList && status !== "loading" ? (
          <TodayList
            status={status}
            keep={keep}
            habits={habits}
            groups={groups}
            archivedCount={all.length - habits.length}
            today={today}
            vacations={vacations}
            isSaving={isSaving}
            onToggle={(habit) => void toggle(habit.id)}
            onCycleDay={(habit, date) => void cycleDay(habit.id, date)}
            onSetAmount={(habit, value) => void setAmount(habit.id, today, value)}
            onAddAmount={(habit, add) => void addAmount(habit.id, today, add)}
            onSlipped={(habit) => void slipped(habit.id)}
            onDelete={(habit) => void onDelete(habit)}
            onMoveTo={(habit, beforeId) => void moveTo(habit.id, beforeId)}
            onExplain={(habit) => setExplained(habit.id)}
            onRetry={retry}
            onAdd={(name) => void onAdd(name)}
          />
        ) : (
          <ListLoading />
        )}
      </section>
      {NotificationPrompt && status === "ready" && habits.length > 0 && <NotificationPrompt />}
      {DuplicatePrompt && <DuplicatePrompt question={question} />}
      {StreakDialog && explainedHabit && (
        <StreakDialog
          habit={explainedHabit}
          today={today}
          vacations={vacations}
          weekStart={weekStart}
          onClose={() => setExplained(null)}
        />
      )}
    </div>
  );
}
