// Today's list with everything that only works once the store has opened: the rows (7-day strip, order), the
// empty and error states, and the milestone celebration of a rising streak. The first paint shows the list's
// loading state, so this module loads with the store engine, after the first paint (the initial JavaScript budget,
// docs/decisions/0030); today-page.tsx shows ListLoading until both are there.
import { type ComponentProps, useLayoutEffect } from "react";
import { type DayState, dayStateOf, nextDayState, withDayState } from "../../../core/day-state";
import { dayRulesOf, type Habit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { isMilestone } from "../../../core/milestones";
import { currentStreak } from "../../../core/streaks";
import { inBackground } from "../../lib/next-task";
import { perfMark, perfMarkAfterPaint } from "../../lib/perf-mark";
import { HabitList } from "./habit-list";
import { MilestoneCelebration, useCelebration } from "./milestone-celebration";

export type TodayListProps = ComponentProps<typeof HabitList>;

/** HabitList, and the celebration when a streak rises onto a multiple of 5, whichever day's change raised it. */
export function TodayList({ onToggle, onCycleDay, ...props }: TodayListProps) {
  const { today, vacations } = props;
  const { celebration, celebrate } = useCelebration();
  // Today's list has committed, then painted: scripts/audit-web-vitals.ts times it from the store's readiness.
  useLayoutEffect(() => {
    perfMark("hs:today-list");
    perfMarkAfterPaint("hs:today-painted");
  }, []);
  // The celebration's live region exists from the moment the rows can be ticked, so readers announce it. Whether
  // the streak rose onto a milestone is worked out after the frame that shows the tick: it reads the habit's whole
  // history again (3,650 dates for ten years), which made a tick's interaction to next paint longer.
  const celebrateRise = (habit: Habit, date: LocalDate, state: DayState) =>
    inBackground(() => {
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
      />
      <MilestoneCelebration celebration={celebration} />
    </>
  );
}
