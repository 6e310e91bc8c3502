import type { Habit } from "../../../core/habit";
import type { HabitsStatus } from "../../lib/habits/use-habits";
import { HabitRow } from "./habit-row";
import { ListEmpty, ListError, ListLoading } from "./list-states";

type Props = {
  status: HabitsStatus;
  habits: readonly Habit[];
  isSaving: (id: string) => boolean;
  onToggle: (habit: Habit) => void;
  onDelete: (habit: Habit) => void;
  onRetry: () => void;
  onAdd: (name: string) => void;
};

export function HabitList({ status, habits, isSaving, onToggle, onDelete, onRetry, onAdd }: Props) {
  if (status === "loading") return <ListLoading />;
  if (status === "error") return <ListError onRetry={onRetry} onAdd={onAdd} />;
  if (habits.length === 0) return <ListEmpty />;
  return (
    <ul aria-label="Your habits" className="space-y-3" data-testid="habit-list">
      {habits.map((habit) => (
        <HabitRow
          key={habit.id}
          habit={habit}
          saving={isSaving(habit.id)}
          onToggle={onToggle}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}
