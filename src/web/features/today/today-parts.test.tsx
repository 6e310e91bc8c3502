// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRef } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPLETION_ANIMATION_MS, QUICK_ADD_HINT_OVER } from "../../../core/constants";
import { deriveHabit } from "../../../core/habit";
import { addDays } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { SUGGESTED_HABITS } from "../../../core/suggested-habits";
import { HabitRow } from "./today-list";
import { NewHabitForm } from "./new-habit-form";
import { QuickAddPanel } from "./quick-add-panel";
import { streakLine } from "./streak-text";
import { isTypingTarget, useAltN } from "./use-alt-n";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TODAY = "2026-11-21";
const days = (n: number, end = TODAY) => Array.from({ length: n }, (_, i) => addDays(end, i - n + 1));
const habitWith = (dates: string[]) =>
  deriveHabit({ id: "h1", name: "Read", completedDates: dates, createdAt: "", updatedAt: "" }, TODAY);

describe("QuickAddPanel", () => {
  const names = (n: number) => SUGGESTED_HABITS.slice(0, n).map((s) => s.name.toUpperCase());

  it("lists the suggestions not present, ignoring case, with the hint above six", () => {
    render(<QuickAddPanel names={names(5)} onAdd={() => {}} defaultOpen />);
    const list = screen.getByRole("list", { name: "Suggested habits" });
    expect(list.querySelectorAll("button")).toHaveLength(SUGGESTED_HABITS.length - 5);
    expect(screen.getByText(messages.today.scrollHint(SUGGESTED_HABITS.length - 5))).toBeTruthy();
  });

  it("has no hint at six or fewer", () => {
    render(
      <QuickAddPanel
        names={names(SUGGESTED_HABITS.length - QUICK_ADD_HINT_OVER)}
        onAdd={() => {}}
        defaultOpen
      />,
    );
    expect(screen.queryByText(/Scroll to see all/)).toBeNull();
  });

  it("is a disabled 'All Common Habits Added' button when none are left", () => {
    render(<QuickAddPanel names={names(SUGGESTED_HABITS.length)} onAdd={() => {}} defaultOpen />);
    const button = screen.getByRole("button", { name: messages.today.allAdded }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("adds the chosen suggestion", () => {
    const onAdd = vi.fn();
    render(<QuickAddPanel names={[]} onAdd={onAdd} defaultOpen />);
    fireEvent.click(screen.getByRole("button", { name: "Study" }));
    const study = SUGGESTED_HABITS.find((s) => s.name === "Study")!;
    expect(onAdd).toHaveBeenCalledWith("Study", study.emoji);
  });
});

describe("NewHabitForm", () => {
  it("submits a name and ignores a blank one", async () => {
    const onAdd = vi.fn(async () => true);
    render(<NewHabitForm inputRef={createRef()} onAdd={onAdd} />);
    const input = screen.getByPlaceholderText(messages.today.newHabitPlaceholder);
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input);
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "Read" } });
    fireEvent.click(screen.getByRole("button", { name: "Add habit" }));
    expect(onAdd).toHaveBeenCalledWith("Read");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(""));
  });

  it("keeps the name, focused, when the add is declined", async () => {
    const inputRef = createRef<HTMLInputElement>();
    render(<NewHabitForm inputRef={inputRef} onAdd={async () => false} />);
    const input = screen.getByPlaceholderText(messages.today.newHabitPlaceholder);
    fireEvent.change(input, { target: { value: "read" } });
    fireEvent.click(screen.getByRole("button", { name: "Add habit" }));
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect((input as HTMLInputElement).value).toBe("read");
  });
});

describe("HabitRow", () => {
  const actions = () => ({
    onToggle: vi.fn(),
    onDelete: vi.fn(),
    onCycleDay: vi.fn(),
    onMove: vi.fn(),
    onExplain: vi.fn(),
    onDragStart: vi.fn(),
    onSetAmount: vi.fn(),
    onAddAmount: vi.fn(),
    onSlipped: vi.fn(),
    onStreakRise: vi.fn(),
  });
  const row = (
    dates: string[],
    given = actions(),
    habit = habitWith(dates),
    place = { first: false, last: false },
  ) =>
    render(
      <MemoryRouter>
        <ul>
          <HabitRow
            habit={habit}
            today={TODAY}
            vacations={[]}
            saving={false}
            onFirstScreen
            {...place}
            {...given}
          />
        </ul>
      </MemoryRouter>,
    );

  it("shows the name, the streak line, an accessible toggle and delete button", () => {
    row(days(3));
    const toggle = screen.getByRole("button", { name: "Complete Read" });
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Delete Read" })).toBeTruthy();
    expect(screen.getByText("3-day streak")).toBeTruthy();
    expect(screen.queryByTestId("pulse-icon")).toBeNull();
  });

  it("links the name to the habit's page, with the habit's emoji beside it", () => {
    row([], actions(), { ...habitWith([]), emoji: "📚" });
    const link = screen.getByRole("link", { name: "Read" });
    expect(link.getAttribute("href")).toBe("/habits/h1");
    expect(screen.getByTestId("habit-emoji").textContent).toBe("📚");
    expect(screen.getByTestId("habit-name").textContent).toBe("Read");
  });

  it("shows the last 7 days, oldest first, named like the calendar, and cycles the one tapped", () => {
    const given = actions();
    const habit = deriveHabit(
      {
        id: "h1",
        name: "Read",
        completedDates: ["2026-11-20"],
        skippedDates: ["2026-11-18"],
        schedule: { weekdays: [1, 2, 3, 4, 5] },
        createdAt: "",
        updatedAt: "",
      },
      TODAY,
    );
    render(
      <MemoryRouter>
        <ul>
          <HabitRow
            habit={habit}
            today={TODAY}
            vacations={[{ from: "2026-11-16", to: "2026-11-16" }]}
            saving={false}
            first
            onFirstScreen
            last
            {...given}
          />
        </ul>
      </MemoryRouter>,
    );
    const strip = screen.getByRole("group", { name: "Last 7 days of Read" });
    expect(
      within(strip)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual([
      "Sunday, November 15, 2026: not done, not due",
      "Monday, November 16, 2026: not done, on vacation",
      "Tuesday, November 17, 2026: not done",
      "Wednesday, November 18, 2026: skipped",
      "Thursday, November 19, 2026: not done",
      "Friday, November 20, 2026: done",
      "Saturday, November 21, 2026: not done, not due",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Friday, November 20, 2026: done" }));
    expect(given.onCycleDay).toHaveBeenCalledWith(habit, "2026-11-20");
  });

  it("moves with the arrow keys on its named handle; at the top, up does nothing and keeps the focus", () => {
    const given = actions();
    row([], given, habitWith([]), { first: true, last: false });
    const handle = screen.getByRole("button", { name: messages.todayRow.move("Read") });
    expect(handle.getAttribute("aria-keyshortcuts")).toBe("ArrowUp ArrowDown");
    handle.focus();
    fireEvent.keyDown(handle, { key: "ArrowUp" });
    expect(given.onMove).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(handle);
    fireEvent.keyDown(handle, { key: "Enter" });
    expect(given.onMove).not.toHaveBeenCalled();
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    expect(given.onMove).toHaveBeenCalledWith(expect.objectContaining({ id: "h1" }), "down");
    // Delete stays in the row; the move buttons are gone from it.
    expect(screen.getByRole("button", { name: "Delete Read" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Move Read (up|down)$/ })).toBeNull();
  });

  it("opens the streak explanation from the streak line", () => {
    const given = actions();
    row(days(2), given);
    const line = screen.getByRole("button", { name: /^2-day streak: how the streak of Read is counted$/ });
    expect(line.textContent).toBe("2-day streak");
    fireEvent.click(line);
    expect(given.onExplain).toHaveBeenCalledWith(expect.objectContaining({ id: "h1" }));
  });

  it("shows the pulse icon from a streak of 10", () => {
    row(days(10));
    expect(screen.getByRole("img", { name: /10 days in a row/ })).toBeTruthy();
  });

  it("animates a completion for COMPLETION_ANIMATION_MS", () => {
    vi.useFakeTimers();
    row([]);
    const toggle = screen.getByRole("button", { name: "Complete Read" });
    fireEvent.click(toggle);
    expect(toggle.dataset.animating).toBe("true");
    act(() => void vi.advanceTimersByTime(COMPLETION_ANIMATION_MS - 1));
    expect(toggle.dataset.animating).toBe("true");
    act(() => void vi.advanceTimersByTime(1));
    expect(toggle.dataset.animating).toBe("false");
  });
});

describe("streakLine", () => {
  it("invites to start, or counts days, with the best run when it is longer", () => {
    expect(streakLine({ streakCount: 0, bestStreak: 0 })).toBe(messages.today.startStreak);
    expect(streakLine({ streakCount: 0, bestStreak: 1 })).toBe(messages.today.startStreak);
    expect(streakLine({ streakCount: 0, bestStreak: 6 })).toBe(`${messages.today.startStreak} · best 6 days`);
    expect(streakLine({ streakCount: 1, bestStreak: 1 })).toBe("1-day streak");
    expect(streakLine({ streakCount: 2, bestStreak: 9 })).toBe("2-day streak · best 9 days");
  });
});

describe("Alt+N", () => {
  function Harness() {
    const ref = createRef<HTMLInputElement>();
    useAltN(ref);
    return (
      <>
        <input ref={ref} aria-label="New habit" />
        <input aria-label="Other" />
        <button type="button">Elsewhere</button>
      </>
    );
  }

  it("focuses the new-habit input, except while typing in another field", () => {
    render(<Harness />);
    const target = screen.getByLabelText("New habit");
    const other = screen.getByLabelText("Other");
    screen.getByRole("button", { name: "Elsewhere" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "n", code: "KeyN", altKey: true });
    expect(document.activeElement).toBe(target);
    other.focus();
    fireEvent.keyDown(other, { key: "n", code: "KeyN", altKey: true });
    expect(document.activeElement).toBe(other);
    expect(isTypingTarget(other)).toBe(true);
  });
});
