import { useRef } from "react";
import type { Habit } from "../../../core/habit";
import { isMilestone } from "../../../core/milestones";
import { currentStreak, markDone } from "../../../core/streaks";
import { useToday } from "../../lib/use-today";
import { useHabits } from "../../lib/habits/use-habits";
import { DuplicateNamePrompt, useDuplicateNameCheck } from "./duplicate-name-prompt";
import { HabitList } from "./habit-list";
import { MilestoneCelebration, useCelebration } from "./milestone-celebration";
import { NewHabitForm } from "./new-habit-form";
import { NotificationPrompt } from "./notification-prompt";
import { QuickAddPanel } from "./quick-add-panel";
import { ShortcutTip } from "./shortcut-tip";
import { TodayHeading } from "./today-heading";
import { useAltN } from "./use-alt-n";

/** SPEC §2 Today (/). */
export function TodayPage() {
  const today = useToday();
  const { habits, status, source, add, toggle, remove, retry, isSaving } = useHabits();
  const { celebration, celebrate } = useCelebration();
  const { confirmAdd, question } = useDuplicateNameCheck(habits);
  const inputRef = useRef<HTMLInputElement>(null);
  useAltN(inputRef);

  /** Resolves whether the habit was added: a name another habit already has is asked about first. */
  const onAdd = async (name: string) => {
    if (!(await confirmAdd(name))) return false;
    void add(name);
    return true;
  };
  const onToggle = (habit: Habit) => {
    if (!habit.completedToday) {
      const next = currentStreak(markDone(habit.completedDates, today), today);
      if (isMilestone(habit.streakCount, next)) celebrate(habit.name, next);
    }
    void toggle(habit.id);
  };

  return (
    <div className="space-y-6">
      <TodayHeading today={today} habits={habits} source={source} loading={status === "loading"} />
      <section
        aria-label="Add habits"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <NewHabitForm inputRef={inputRef} onAdd={onAdd} />
        <ShortcutTip />
        <QuickAddPanel
          names={habits.map((habit) => habit.name)}
          onAdd={onAdd}
          defaultOpen={status === "ready" && habits.length === 0}
        />
      </section>
      <section aria-labelledby="habits-title">
        <h2 id="habits-title" className="sr-only">
          Your habits
        </h2>
        <HabitList
          status={status}
          habits={habits}
          isSaving={isSaving}
          onToggle={onToggle}
          onDelete={(habit) => void remove(habit.id)}
          onRetry={retry}
          onAdd={onAdd}
        />
      </section>
      {status === "ready" && habits.length > 0 && <NotificationPrompt />}
      <MilestoneCelebration celebration={celebration} />
      <DuplicateNamePrompt question={question} />
    </div>
  );
}
