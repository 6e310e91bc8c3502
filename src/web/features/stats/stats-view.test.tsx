// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { HabitRule } from "../../../core/habit-kind";
import { messages } from "../../../core/messages";
import type { SyncOp } from "../../../core/sync";
import { kindView } from "../../lib/habits/kind-view";
import { deriveAll } from "../../lib/habits/habit-views";
import { applyChanges, emptyReplica, opChanges, storedHabits } from "../../lib/sync/replica-state";
import { makeHabit, TEST_TODAY } from "../../../core/test-habits";
import { statsCopy } from "./stats-copy";
import { StatsView } from "./stats-view";

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `2026-11-${String(from + i).padStart(2, "0")}`);

// Hand-computed for 2026-11-21 (see each line).
const habits = [
  makeHabit("Read", days(19, 21)), // streak 3, best 3, 3/3 days = 100%, done today
  makeHabit("Exercise", [...days(1, 10), "2026-11-20"]), // streak 1, best 10, 11/21 days = 52%
  makeHabit("Journal", ["2026-11-21"]), // streak 1, first completion today = 100%
  makeHabit("Meditate"), // never done
];

const names = () =>
  screen.getAllByTestId("stats-habit").map((item) => within(item).getByRole("heading").textContent);
const metric = (name: string, key: string) => {
  const item = screen
    .getAllByTestId("stats-habit")
    .find((el) => within(el).getByRole("heading").textContent === name);
  return item?.querySelector(`[data-metric="${key}"]`)?.textContent;
};

describe("StatsView", () => {
  it("shows today's progress, the average and the longest streak", () => {
    render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    expect(screen.getByTestId("stats-progress-percent").textContent).toBe("50%");
    expect(screen.getByTestId("stats-progress-count").textContent).toBe("2 of 4");
    expect(
      screen.getByRole("progressbar", { name: statsCopy.progressLabel }).getAttribute("aria-valuenow"),
    ).toBe("50");
    expect(screen.getByTestId("stats-average-value").textContent).toBe("1.3");
    expect(screen.getByTestId("stats-longest-value").textContent).toBe("3");
    expect(screen.getByTestId("stats-longest-name").textContent).toBe("Read");
  });

  it("lists every habit with its figures, sorted by streak by default", () => {
    render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    expect(names()).toEqual(["Read", "Exercise", "Journal", "Meditate"]);
    expect(screen.getByRole("radio", { name: messages.stats.sortStreak })).toHaveProperty("checked", true);
    expect(metric("Exercise", "streak")).toBe("1 day");
    expect(metric("Exercise", "completion")).toBe("52%");
    expect(metric("Exercise", "total")).toBe("11");
    expect(metric("Exercise", "best")).toBe("10 days");
    expect(metric("Exercise", "last")).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(2026, 10, 20)),
    );
    expect(metric("Read", "last")).toBe(messages.stats.lastToday);
    expect(metric("Meditate", "last")).toBe(messages.stats.lastNever);
    expect(metric("Meditate", "completion")).toBe("0%");
  });

  it("labels each trend arrow", () => {
    render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    const item = (name: string) =>
      screen.getAllByTestId("stats-habit").find((el) => el.textContent?.startsWith(name))!;
    expect(within(item("Read")).getByRole("img", { name: statsCopy.trend.up })).toBeTruthy();
    expect(within(item("Exercise")).getByRole("img", { name: statsCopy.trend.neutral })).toBeTruthy();
    expect(within(item("Meditate")).getByRole("img", { name: statsCopy.trend.down })).toBeTruthy();
  });

  it("sorts by completion and by name", () => {
    render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    fireEvent.click(screen.getByRole("radio", { name: messages.stats.sortCompletion }));
    expect(names()).toEqual(["Journal", "Read", "Exercise", "Meditate"]);
    fireEvent.click(screen.getByRole("radio", { name: messages.stats.sortAz }));
    expect(names()).toEqual(["Exercise", "Journal", "Meditate", "Read"]);
    fireEvent.click(screen.getByRole("radio", { name: messages.stats.sortStreak }));
    expect(names()).toEqual(["Read", "Exercise", "Journal", "Meditate"]);
  });

  it("links each habit's name to its page", () => {
    render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    expect(screen.getByRole("link", { name: "Exercise" }).getAttribute("href")).toBe("/habits/Exercise");
  });

  it("shows archived habits only while Show archived is on, and counts none of them as due today", () => {
    const archived = { ...makeHabit("Old run", days(20, 21)), archived: true };
    render(
      <StatsView habits={[...habits, archived]} today={TEST_TODAY} status="ready" onRetry={() => {}} />,
      { wrapper },
    );
    expect(names()).not.toContain("Old run");
    expect(screen.getByTestId("stats-longest-name").textContent).toBe("Read");
    const toggle = screen.getByRole("checkbox", { name: messages.todayHistory.showArchived });
    expect(toggle).toHaveProperty("checked", false);
    fireEvent.click(toggle);
    expect(names()).toEqual(["Read", "Old run", "Exercise", "Journal", "Meditate"]);
    const item = screen.getAllByTestId("stats-habit").find((el) => el.textContent?.startsWith("Old run"))!;
    expect(within(item).getByText(messages.history.archivedBadge)).toBeTruthy();
    expect(screen.getByTestId("stats-progress-count").textContent).toBe("2 of 4");
    fireEvent.click(toggle);
    expect(names()).not.toContain("Old run");
  });

  it("counts in today's progress only the habits due today or done today", () => {
    const weekdays = { schedule: { weekdays: [1, 2, 3, 4, 5] as (1 | 2 | 3 | 4 | 5)[] } }; // 11-21: Saturday
    const list = [
      makeHabit("Daily"),
      { ...makeHabit("Work"), ...weekdays },
      { ...makeHabit("Done anyway", ["2026-11-21"]), ...weekdays },
    ];
    render(<StatsView habits={list} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    expect(screen.getByTestId("stats-progress-count").textContent).toBe("1 of 2");
  });

  it("offers no Show archived switch when no habit is archived", () => {
    render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    expect(screen.queryByRole("checkbox", { name: messages.todayHistory.showArchived })).toBeNull();
  });

  it("shows the empty state and the loading state", () => {
    const { rerender } = render(
      <StatsView habits={[]} today={TEST_TODAY} status="ready" onRetry={() => {}} />,
      { wrapper },
    );
    expect(screen.getByText(messages.stats.empty)).toBeTruthy();
    expect(screen.getByRole("link", { name: statsCopy.goToday }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("progressbar")).toBeNull();
    rerender(<StatsView habits={[]} today={TEST_TODAY} status="loading" onRetry={() => {}} />);
    expect(screen.getByRole("status").textContent).toContain(statsCopy.loading);
    let retried = false;
    rerender(<StatsView habits={[]} today={TEST_TODAY} status="error" onRetry={() => (retried = true)} />);
    expect(screen.getByText(messages.today.listLoadFailedTitle)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: statsCopy.retry }));
    expect(retried).toBe(true);
  });

  it("counts a habit due 3 times a week in weeks, and done today once its week is met", () => {
    // TEST_TODAY is a Saturday; weeks start on Monday, November 16.
    const rules: HabitRule[] = [{ from: "2026-11-02", frequency: { times: 3, per: "week" }, target: null }];
    const dates = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-09", "2026-11-10", "2026-11-11"];
    const ops: SyncOp[] = [
      { opId: "c", type: "createHabit", habitId: "w", name: "Swim", kind: "yesNo", rules },
      ...[...dates, "2026-11-16", "2026-11-17", "2026-11-18"].map((date): SyncOp => ({
        opId: date,
        type: "setDay",
        habitId: "w",
        date,
        state: "done",
      })),
    ];
    const stored = storedHabits(
      applyChanges(
        emptyReplica(),
        ops.flatMap((op) => opChanges(op, "2026-11-21T08:00:00.000Z")),
      ),
    );
    const swim = deriveAll(stored, { today: TEST_TODAY, vacations: [], weekStart: 1, kindView })[0]!;
    render(<StatsView habits={[swim]} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    expect(metric("Swim", "streak")).toBe("3 weeks");
    expect(metric("Swim", "best")).toBe("3 weeks");
    expect(screen.getByTestId("stats-longest").textContent).toContain("3 weeks");
    expect(screen.getByTestId("stats-progress-count").textContent).toBe("1 of 1");
  });
});
