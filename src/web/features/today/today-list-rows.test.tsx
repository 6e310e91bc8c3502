// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import { messages } from "../../../core/messages";
import { FIRST_ROWS, HabitList, rowsToFill } from "./today-list";

afterEach(cleanup);

const t = messages.todayHistory;
const TODAY = "2026-11-21"; // a Saturday
const habit = (id: string, extra: Partial<StoredHabit> = {}) =>
  deriveHabit({ id, name: id, completedDates: [], createdAt: "", updatedAt: "", ...extra }, TODAY);

const list = (habits: ReturnType<typeof habit>[], onMoveTo: () => void, archivedCount = 0) => (
  <MemoryRouter>
    <HabitList
      status="ready"
      habits={habits}
      archivedCount={archivedCount}
      today={TODAY}
      vacations={[]}
      isSaving={() => false}
      onToggle={() => {}}
      onDelete={() => {}}
      onCycleDay={() => {}}
      onExplain={() => {}}
      onMoveTo={onMoveTo}
      onRetry={() => {}}
      onAdd={() => {}}
    />
  </MemoryRouter>
);
const renderList = (habits: ReturnType<typeof habit>[], onMoveTo = vi.fn()) => render(list(habits, onMoveTo));

const names = (section: HTMLElement) =>
  within(section)
    .getAllByTestId("habit-name")
    .map((el) => el.textContent);

describe("HabitList", () => {
  it("draws the first rows at once and the others right after, each row's moves as in the whole list", () => {
    const many = Array.from({ length: FIRST_ROWS + 8 }, (_, i) => habit(`H${String(i).padStart(2, "0")}`));
    // The first render alone (no effects on the server): only the first rows.
    const first = document.createElement("div");
    first.innerHTML = renderToString(list(many, vi.fn()));
    expect(within(first).getAllByTestId("habit-row")).toHaveLength(FIRST_ROWS);
    // Mounted, the transition draws the rest; the last shown at first is not last: it moves down.
    const onMoveTo = vi.fn();
    renderList(many, onMoveTo);
    expect(screen.getAllByTestId("habit-row")).toHaveLength(many.length);
    expect(names(screen.getByTestId("habit-list"))).toEqual(many.map((h) => h.name));
    const lastShown = many[FIRST_ROWS - 1]!.name;
    fireEvent.keyDown(screen.getByRole("button", { name: messages.todayRow.move(lastShown) }), {
      key: "ArrowDown",
    });
    expect(onMoveTo).toHaveBeenCalledWith(many[FIRST_ROWS - 1], many[FIRST_ROWS + 1]!.id);
    const last = many.at(-1)!.name;
    fireEvent.keyDown(screen.getByRole("button", { name: messages.todayRow.move(last) }), {
      key: "ArrowDown",
    });
    expect(onMoveTo).toHaveBeenCalledTimes(1);
  });

  it("tops the first rows up to what the window has room for below the list, before the first paint", () => {
    const list = (top: number, height = 500) =>
      ({ getBoundingClientRect: () => ({ top, height }) }) as unknown as HTMLElement;
    vi.stubGlobal("innerHeight", 823);
    try {
      // A phone: the list starts 440 px down, 3 rows show; the first render's 4 are enough.
      expect(rowsToFill(list(440), FIRST_ROWS)).toBe(FIRST_ROWS);
      // A list at the top of the window (or scrolled past it) fills it: 823 / 96 px.
      expect(rowsToFill(list(0), FIRST_ROWS)).toBe(9);
      expect(rowsToFill(list(-300), FIRST_ROWS)).toBe(9);
      // Nothing laid out (jsdom): the rows drawn stay.
      expect(rowsToFill(list(0, 0), FIRST_ROWS)).toBe(FIRST_ROWS);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("moves a habit up or down among its neighbours with its handle's arrow keys and announces where it went", () => {
    const habits = [habit("A"), habit("B"), habit("C")];
    const onMoveTo = vi.fn();
    renderList(habits, onMoveTo);
    const press = (name: string, key: string) =>
      fireEvent.keyDown(screen.getByRole("button", { name: messages.todayRow.move(name) }), { key });
    press("B", "ArrowUp");
    expect(onMoveTo).toHaveBeenLastCalledWith(habits[1], "A");
    expect(screen.getByRole("status").textContent).toBe(t.moved("B", 1, 3));
    press("A", "ArrowDown");
    expect(onMoveTo).toHaveBeenLastCalledWith(habits[0], "C");
    expect(screen.getByRole("status").textContent).toBe(t.moved("A", 2, 3));
    press("B", "ArrowDown");
    expect(onMoveTo).toHaveBeenLastCalledWith(habits[1], null);
    press("C", "ArrowDown"); // last: nothing further down
    press("A", "ArrowUp"); // first: nothing further up
    press("B", "Enter"); // not a move
    expect(onMoveTo).toHaveBeenCalledTimes(3);
  });

  it("keeps the focus on the handle that moved the habit once the new order shows", () => {
    const [a, b, c] = [habit("A"), habit("B"), habit("C")];
    const { rerender } = renderList([a, b, c]);
    const handle = screen.getByRole("button", { name: messages.todayRow.move("A") });
    handle.focus();
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    handle.blur(); // what re-inserting the row does in a browser
    const moved = [b, a, c];
    rerender(list(moved, () => {}));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: messages.todayRow.move("A") }));
  });

  it("folds the habits not due today into their own section", () => {
    const weekdaysOnly = { schedule: { weekdays: [1, 2, 3, 4, 5] as (1 | 2 | 3 | 4 | 5)[] } };
    renderList([habit("Daily"), habit("Work", weekdaysOnly), habit("Gym", weekdaysOnly)]);
    expect(names(screen.getByRole("list", { name: "Your habits" }))).toEqual(["Daily"]);
    const toggle = screen.getByRole("button", { name: t.notDueToday(2) });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText("Work")).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(names(screen.getByRole("list", { name: t.notDueToday(2) }))).toEqual(["Work", "Gym"]);
    // Moves stay within the section: the first of it does not move up.
    const onMoveTo = vi.fn();
    cleanup();
    renderList([habit("Daily"), habit("Work", weekdaysOnly), habit("Gym", weekdaysOnly)], onMoveTo);
    fireEvent.click(screen.getByRole("button", { name: t.notDueToday(2) }));
    fireEvent.keyDown(screen.getByRole("button", { name: messages.todayRow.move("Work") }), {
      key: "ArrowUp",
    });
    expect(onMoveTo).not.toHaveBeenCalled();
  });

  it("says where the habits went when every one is archived", () => {
    render(list([], () => {}, 2));
    expect(screen.getByText(messages.today.empty)).toBeTruthy();
    expect(screen.getByText(t.allArchived(2))).toBeTruthy();
  });

  it("says when nothing is due today", () => {
    renderList([habit("Work", { schedule: { weekdays: [1] } })]);
    expect(screen.getByText(t.nothingDue)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Your habits" })).toBeNull();
  });

  it("has no section for habits not due when every habit is due", () => {
    renderList([habit("Daily")]);
    expect(screen.queryByRole("button", { name: /Not due today/ })).toBeNull();
  });
});
