// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveHabit } from "../../../core/habit";
import type { Schedule } from "../../../core/schedule";
import type { HabitGroup } from "../../../core/sync";
import { WEB_STORAGE_KEYS } from "../../lib/storage";
import { TodayList } from "./today-list";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const TODAY = "2026-11-21";
const habit = (name: string, groupId: string | null, schedule: Schedule | null = null) => ({
  ...deriveHabit({ id: name, name, completedDates: [], createdAt: "", updatedAt: "", schedule }, TODAY),
  groupId,
});
const morning: HabitGroup = { id: "g-morning", name: "Morning", position: 0, folded: false };
const health: HabitGroup = { id: "g-health", name: "Health", position: 1, folded: true };

function renderList(habits: ReturnType<typeof habit>[], groups?: HabitGroup[]) {
  const onMoveTo = vi.fn();
  render(
    <MemoryRouter>
      <TodayList
        status="ready"
        habits={habits}
        groups={groups}
        archivedCount={0}
        today={TODAY}
        vacations={[]}
        isSaving={() => false}
        onToggle={() => {}}
        onCycleDay={() => {}}
        onDelete={() => {}}
        onExplain={() => {}}
        onMoveTo={onMoveTo}
        onRetry={() => {}}
        onAdd={() => {}}
      />
    </MemoryRouter>,
  );
  return { onMoveTo };
}

const rowNames = (within_: HTMLElement = document.body) =>
  within(within_)
    .queryAllByTestId("habit-name")
    .map((el) => el.textContent);

const habits = () => [
  habit("Stretch", morning.id),
  habit("Read", null),
  habit("Run", health.id),
  habit("Coffee", morning.id),
  habit("Journal", null),
];

describe("Today with groups", () => {
  it("without groups shows one list and no group control, as before", () => {
    renderList(habits());
    expect(screen.queryByRole("combobox", { name: "Show group" })).toBeNull();
    expect(screen.queryByTestId("group-section")).toBeNull();
    expect(rowNames(screen.getByTestId("habit-list"))).toEqual([
      "Stretch",
      "Read",
      "Run",
      "Coffee",
      "Journal",
    ]);
    expect(screen.getByRole("list", { name: "Your habits" })).toBeTruthy();
  });

  it("shows ungrouped habits first, then each group in its order; a group folded by default starts folded", () => {
    renderList(
      habits(),
      [health, morning].sort((a, b) => a.position - b.position),
    );
    expect(rowNames(screen.getByTestId("habit-list"))).toEqual(["Read", "Journal"]);
    const toggles = screen.getAllByTestId("group-toggle");
    expect(toggles.map((el) => el.getAttribute("aria-expanded"))).toEqual(["true", "false"]);
    const morningButton = screen.getByRole("button", { name: "Morning" });
    expect(morningButton.getAttribute("aria-expanded")).toBe("true");
    const sections = screen.getAllByTestId("group-section");
    expect(rowNames(sections[0])).toEqual(["Stretch", "Coffee"]);
    expect(rowNames(sections[1])).toEqual([]); // Health is folded
    fireEvent.click(screen.getByRole("button", { name: "Health" }));
    expect(rowNames(screen.getAllByTestId("group-section")[1])).toEqual(["Run"]);
    fireEvent.click(morningButton);
    expect(morningButton.getAttribute("aria-expanded")).toBe("false");
    expect(rowNames(screen.getAllByTestId("group-section")[0])).toEqual([]);
    // Hand folding is kept on this device.
    expect(JSON.parse(localStorage.getItem(WEB_STORAGE_KEYS.foldedGroups)!)).toEqual({
      [health.id]: false,
      [morning.id]: true,
    });
    cleanup();
    renderList(habits(), [morning, health]);
    expect(screen.getByRole("button", { name: "Morning" }).getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("button", { name: "Health" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("filters by group with 'Show group'", () => {
    renderList(habits(), [morning, health]);
    const select = screen.getByRole("combobox", { name: "Show group" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All habits", "Morning", "Health", "Ungrouped"]);
    fireEvent.change(select, { target: { value: morning.id } });
    expect(rowNames()).toEqual(["Stretch", "Coffee"]);
    expect(screen.queryByTestId("habit-list")).toBeNull();
    fireEvent.change(select, { target: { value: "ungrouped" } });
    expect(rowNames()).toEqual(["Read", "Journal"]);
    expect(screen.queryByTestId("group-section")).toBeNull();
    fireEvent.change(select, { target: { value: "all" } });
    expect(rowNames()).toEqual(["Read", "Journal", "Stretch", "Coffee"]); // Health still folded
  });

  it("moves a habit with the keyboard within its own group's list", () => {
    const { onMoveTo } = renderList(habits(), [morning, health]);
    const section = screen.getAllByTestId("group-section")[0]!;
    fireEvent.keyDown(within(section).getByRole("button", { name: "Move Coffee" }), { key: "ArrowUp" });
    expect(onMoveTo).toHaveBeenLastCalledWith(expect.objectContaining({ name: "Coffee" }), "Stretch");
    fireEvent.keyDown(within(section).getByRole("button", { name: "Move Coffee" }), { key: "ArrowDown" });
    expect(onMoveTo).toHaveBeenCalledTimes(1); // last of its group already
    fireEvent.keyDown(screen.getByRole("button", { name: "Move Read" }), { key: "ArrowDown" });
    expect(onMoveTo).toHaveBeenLastCalledWith(expect.objectContaining({ name: "Read" }), null);
  });

  it("leaves habits not due today in their folded list, and a group without due habits out", () => {
    renderList([habit("Run", health.id, { weekdays: [1] }), habit("Read", null)], [morning, health]);
    expect(screen.queryAllByTestId("group-section")).toEqual([]);
    expect(screen.getByTestId("not-due-toggle")).toBeTruthy();
  });
});
