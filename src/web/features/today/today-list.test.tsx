// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MILESTONE_SHOW_MS } from "../../../core/constants";
import { deriveHabit } from "../../../core/habit";
import { addDays } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { TodayList } from "./today-list";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TODAY = "2026-11-21";
const days = (n: number, end: string) => Array.from({ length: n }, (_, i) => addDays(end, i - n + 1));
const habit = (name: string, completedDates: string[]) =>
  deriveHabit({ id: name, name, completedDates, createdAt: "", updatedAt: "" }, TODAY);

function renderList(habits: ReturnType<typeof habit>[]) {
  const onToggle = vi.fn();
  const onCycleDay = vi.fn();
  render(
    <MemoryRouter>
      <TodayList
        status="ready"
        habits={habits}
        archivedCount={0}
        today={TODAY}
        vacations={[]}
        isSaving={() => false}
        onToggle={onToggle}
        onCycleDay={onCycleDay}
        onDelete={() => {}}
        onExplain={() => {}}
        onMoveTo={() => {}}
        onRetry={() => {}}
        onAdd={() => {}}
      />
    </MemoryRouter>,
  );
  return { onToggle, onCycleDay };
}

describe("TodayList", () => {
  it("celebrates a tick that raises a streak onto a multiple of 5, for MILESTONE_SHOW_MS", () => {
    vi.useFakeTimers();
    const four = habit("Four so far", days(4, addDays(TODAY, -1)));
    const { onToggle } = renderList([four, habit("Three so far", days(3, addDays(TODAY, -1)))]);
    fireEvent.click(screen.getByRole("button", { name: "Complete Three so far" }));
    expect(screen.queryByTestId("milestone")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Complete Four so far" }));
    expect(onToggle).toHaveBeenLastCalledWith(four);
    const celebration = screen.getByTestId("milestone");
    expect(celebration.textContent).toContain("5-day streak!");
    expect(celebration.textContent).toContain("Four so far");
    act(() => vi.advanceTimersByTime(MILESTONE_SHOW_MS - 50));
    expect(screen.queryByTestId("milestone")).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId("milestone")).toBeNull();
  });

  it("celebrates a past day of the strip that raises today's streak, and never a fall", () => {
    // Done today and on the 3 days before yesterday: marking yesterday done makes a streak of 5.
    const gap = habit("Gap", [...days(3, addDays(TODAY, -2)), TODAY]);
    const { onCycleDay } = renderList([gap]);
    const strip = screen.getByRole("group", { name: messages.todayHistory.lastDays("Gap") });
    fireEvent.click(strip.querySelector(`[data-date="${addDays(TODAY, -1)}"]`)!);
    expect(onCycleDay).toHaveBeenCalledWith(gap, addDays(TODAY, -1));
    expect(screen.getByTestId("milestone").textContent).toContain("5-day streak!");
  });

  it("starts the pop and works out the celebration after the tick, in background tasks where the browser has them", () => {
    const queued: (() => void)[] = [];
    const postTask = (work: () => void) => {
      queued.push(work);
      return Promise.resolve();
    };
    vi.stubGlobal("scheduler", { postTask });
    try {
      const { onToggle } = renderList([habit("Four so far", days(4, addDays(TODAY, -1)))]);
      const toggle = screen.getByRole("button", { name: "Complete Four so far" });
      fireEvent.click(toggle);
      expect(onToggle).toHaveBeenCalledTimes(1);
      expect(screen.queryByTestId("milestone")).toBeNull();
      expect(toggle.dataset.animating).toBe("false");
      expect(queued).toHaveLength(2); // the pop, then the celebration's check
      act(() => queued.shift()!());
      expect(toggle.dataset.animating).toBe("true");
      act(() => queued.shift()!());
      expect(screen.getByTestId("milestone").textContent).toContain("5-day streak!");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("does not celebrate a tick taken back", () => {
    renderList([habit("Five", days(5, TODAY))]);
    fireEvent.click(screen.getByRole("button", { name: "Complete Five" }));
    expect(screen.queryByTestId("milestone")).toBeNull();
  });
});
