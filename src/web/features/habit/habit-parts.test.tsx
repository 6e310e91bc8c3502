// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import { messages } from "../../../core/messages";
import { HabitFigures } from "./habit-figures";
import { HabitHeader } from "./habit-header";
import { MonthCalendar } from "./month-calendar";
import { YearHeatmap } from "./year-heatmap";

afterEach(cleanup);

const h = messages.history;
const TODAY = "2026-11-20"; // a Friday
const habitOf = (fields: Partial<StoredHabit> = {}) =>
  deriveHabit({ id: "h1", name: "Read", completedDates: [], createdAt: "", updatedAt: "", ...fields }, TODAY);
const day = (name: string) => screen.getByRole("button", { name });

describe("MonthCalendar", () => {
  const render4 = (habit = habitOf(), onCycle = vi.fn()) => {
    render(<MonthCalendar habit={habit} today={TODAY} vacations={[]} weekStart={1} onCycle={onCycle} />);
    return onCycle;
  };

  it("names each day with its date and state, and disables days after today", () => {
    render4(
      habitOf({
        completedDates: ["2026-11-19"],
        skippedDates: ["2026-11-18"],
        schedule: { weekdays: [1, 2, 3, 4, 5] },
      }),
    );
    expect(screen.getByRole("heading", { name: "November 2026" })).toBeTruthy();
    expect(day("Thursday, November 19, 2026: done")).toBeTruthy();
    expect(day("Wednesday, November 18, 2026: skipped")).toBeTruthy();
    expect(day("Tuesday, November 17, 2026: not done")).toBeTruthy();
    expect(day("Sunday, November 15, 2026: not done, not due")).toBeTruthy();
    expect(day("Friday, November 20, 2026: not done").getAttribute("aria-current")).toBe("date");
    expect((day("Saturday, November 21, 2026: not done") as HTMLButtonElement).disabled).toBe(true);
    expect((day("Friday, November 20, 2026: not done") as HTMLButtonElement).disabled).toBe(false);
  });

  it("says a vacation day is on vacation", () => {
    render(
      <MonthCalendar
        habit={habitOf()}
        today={TODAY}
        vacations={[{ from: "2026-11-02", to: "2026-11-03" }]}
        weekStart={1}
        onCycle={vi.fn()}
      />,
    );
    expect(day("Monday, November 2, 2026: not done, on vacation")).toBeTruthy();
  });

  it("cycles the tapped day", () => {
    const onCycle = render4();
    fireEvent.click(day("Monday, November 16, 2026: not done"));
    expect(onCycle).toHaveBeenCalledWith("2026-11-16");
  });

  it("moves between months; later ones are all disabled", () => {
    render4();
    fireEvent.click(screen.getByRole("button", { name: h.previousMonth }));
    expect(screen.getByRole("heading", { name: "October 2026" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: h.nextMonth }));
    fireEvent.click(screen.getByRole("button", { name: h.nextMonth }));
    expect(screen.getByRole("heading", { name: "December 2026" })).toBeTruthy();
    expect((day("Tuesday, December 1, 2026: not done") as HTMLButtonElement).disabled).toBe(true);
  });

  it("goes back no further than January 2000", () => {
    render(
      <MonthCalendar habit={habitOf()} today="2000-02-15" vacations={[]} weekStart={1} onCycle={vi.fn()} />,
    );
    const previous = screen.getByRole("button", { name: h.previousMonth }) as HTMLButtonElement;
    expect(previous.disabled).toBe(false);
    fireEvent.click(previous);
    expect(screen.getByRole("heading", { name: "January 2000" })).toBeTruthy();
    expect(previous.disabled).toBe(true);
    expect(day("Saturday, January 1, 2000: not done")).toBeTruthy();
  });

  it("is one Tab stop, on today, and the arrow keys move the focus between days and months", () => {
    render4();
    const tabbable = screen.getAllByRole("button").filter((b) => b.closest("table") && b.tabIndex === 0);
    expect(tabbable.map((b) => b.dataset.date)).toEqual([TODAY]);
    day("Friday, November 20, 2026: not done").focus();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" }); // tomorrow: disabled, stays
    expect((document.activeElement as HTMLElement).dataset.date).toBe(TODAY);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect((document.activeElement as HTMLElement).dataset.date).toBe("2026-11-13");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect((document.activeElement as HTMLElement).dataset.date).toBe("2026-10-30");
    expect(screen.getByRole("heading", { name: "October 2026" })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect((document.activeElement as HTMLElement).dataset.date).toBe("2026-10-26"); // the Monday: its week starts on Monday (weekStart 1)
  });
});

describe("HabitHeader", () => {
  const setup = () => {
    const onRename = vi.fn(async () => true);
    render(
      <HabitHeader
        habit={habitOf({ emoji: "📚" })}
        onRename={onRename}
        onArchive={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    return onRename;
  };

  it("renames inline: Enter saves, and the focus goes back to Rename", async () => {
    const onRename = setup();
    expect(screen.getByRole("heading", { level: 1, name: "Read" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: h.rename }));
    const field = screen.getByRole("textbox", { name: h.nameLabel });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: "  Read more " } });
    fireEvent.submit(field.closest("form")!);
    await vi.waitFor(() => expect(screen.queryByRole("textbox")).toBeNull());
    expect(onRename).toHaveBeenCalledWith("  Read more ");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: h.rename }));
  });

  it("cancels on Escape and says why a name is refused", () => {
    const onRename = setup();
    fireEvent.click(screen.getByRole("button", { name: h.rename }));
    const field = screen.getByRole("textbox", { name: h.nameLabel });
    fireEvent.change(field, { target: { value: "   " } });
    fireEvent.submit(field.closest("form")!);
    expect(screen.getByRole("alert").textContent).toBe("Habit name cannot be empty");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(field, { target: { value: "x".repeat(101) } });
    fireEvent.submit(field.closest("form")!);
    expect(screen.getByRole("alert").textContent).toBe("Habit name must be at most 100 characters");
    fireEvent.keyDown(field, { key: "Escape" });
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(onRename).not.toHaveBeenCalled();
  });
});

describe("HabitFigures", () => {
  it("shows the five figures and opens the streak explanation", () => {
    // Mon 16 done, Tue 17 skipped, Wed 18 to Fri 20 done; Nov 2 skipped long before.
    const habit = habitOf({
      completedDates: ["2026-11-16", "2026-11-18", "2026-11-19", "2026-11-20"],
      skippedDates: ["2026-11-02", "2026-11-17"],
    });
    const { container } = render(<HabitFigures habit={habit} today={TODAY} vacations={[]} weekStart={1} />);
    const metric = (name: string) => container.querySelector(`[data-metric="${name}"]`)?.textContent;
    expect(metric("streak")).toBe("4 days");
    expect(metric("best")).toBe("4 days");
    expect(metric("total")).toBe("4");
    expect(metric("skipped")).toBe("2");
    expect(metric("completion")).toBe("100%");
    const button = screen.getByRole("button", { name: /Current streak/ });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByTestId("streak-explanation").closest("[hidden]")).not.toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("streak-explanation").closest("[hidden]")).toBeNull();
    expect(screen.getByText("Your streak of 4 days began on Monday, November 16, 2026.")).toBeTruthy();
  });
});

describe("YearHeatmap", () => {
  it("is an image of 53 weeks named by its range, with the counts as its description", () => {
    const habit = habitOf({ completedDates: ["2026-11-19", "2026-11-20"], skippedDates: ["2026-11-18"] });
    render(<YearHeatmap habit={habit} today={TODAY} vacations={[]} weekStart={1} />);
    const image = screen.getByRole("img");
    expect(image.getAttribute("aria-label")).toBe(
      "Heatmap of every day from Monday, November 17, 2025 to Friday, November 20, 2026",
    );
    expect(image.querySelectorAll("[data-date]")).toHaveLength(371);
    const summary = document.getElementById(image.getAttribute("aria-describedby")!);
    // 2025-11-17 (its week starts on Monday) to 2026-11-20 is 369 days: 2 done, 1 skipped, 366 not done.
    expect(summary?.textContent).toBe("2 done, 1 skipped, 0 on vacation, 366 not done.");
    expect(image.querySelector('[data-date="2026-11-19"]')?.getAttribute("title")).toBe(
      "Thursday, November 19, 2026: done",
    );
  });
});
