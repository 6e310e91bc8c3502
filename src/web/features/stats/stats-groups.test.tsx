// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { HabitGroup } from "../../../core/sync";
import { makeHabit, TEST_TODAY } from "../../../core/test-habits";
import { StatsView } from "./stats-view";

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `2026-11-${String(from + i).padStart(2, "0")}`);

const health: HabitGroup = { id: "g-health", name: "Health", position: 0, folded: false };
const habits = [
  { ...makeHabit("Read", days(19, 21)), groupId: null }, // done today, streak 3
  { ...makeHabit("Run", days(20, 21)), groupId: health.id }, // done today, streak 2
  { ...makeHabit("Swim"), groupId: health.id }, // never done
];
const names = () =>
  screen.getAllByTestId("stats-habit").map((item) => within(item).getByRole("heading").textContent);

describe("Stats' group filter", () => {
  it("is not there without groups", () => {
    render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} />, { wrapper });
    expect(screen.queryByRole("combobox", { name: "Show group" })).toBeNull();
  });

  it("narrows the summary and the list to one group, or to the ungrouped habits", () => {
    render(
      <StatsView habits={habits} groups={[health]} today={TEST_TODAY} status="ready" onRetry={() => {}} />,
      { wrapper },
    );
    expect(screen.getByTestId("stats-progress-count").textContent).toBe("2 of 3");
    const select = screen.getByRole("combobox", { name: "Show group" });
    fireEvent.change(select, { target: { value: health.id } });
    expect(names()).toEqual(["Run", "Swim"]);
    expect(screen.getByTestId("stats-progress-count").textContent).toBe("1 of 2");
    expect(screen.getByTestId("stats-longest-name").textContent).toBe("Run");
    fireEvent.change(select, { target: { value: "ungrouped" } });
    expect(names()).toEqual(["Read"]);
    expect(screen.getByTestId("stats-progress-count").textContent).toBe("1 of 1");
    fireEvent.change(select, { target: { value: "all" } });
    expect(names()).toHaveLength(3);
  });
});
