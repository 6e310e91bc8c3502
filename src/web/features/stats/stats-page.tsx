import { useToday } from "../../lib/use-today";
import { useHabits } from "../../lib/habits/use-habits";
import { StatsView } from "./stats-view";

/** Stats (/stats): figures from the same data layer and src/core functions as Today. */
export function StatsPage() {
  const today = useToday();
  const { habits, groups, status, retry, vacations, weekStart } = useHabits();
  return (
    <StatsView
      habits={habits}
      today={today}
      status={status}
      onRetry={retry}
      vacations={vacations}
      weekStart={weekStart}
      groups={groups}
    />
  );
}
