// @vitest-environment jsdom
// The habit page for every kind (docs/product.md, "Kinds of habit"): days judged by the rule in force on them, a
// day's number in its name.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import type { HabitRule } from "../../../core/habit-kind";
import { MonthCalendar } from "./month-calendar";
import { YearHeatmap } from "./year-heatmap";

afterEach(cleanup);

const TODAY = "2026-11-20"; // a Friday
const habitOf = (fields: Partial<StoredHabit> = {}) =>
  deriveHabit(
    { id: "h1", name: "Water", completedDates: [], createdAt: "", updatedAt: "", ...fields },
    TODAY,
  );
const water: HabitRule = {
  from: "2026-11-01",
  frequency: null,
  target: { atMost: false, amount: 8, per: "day", unit: "glasses" },
};
const calendar = (habit: StoredHabit & ReturnType<typeof habitOf>) =>
  render(<MonthCalendar habit={habit} today={TODAY} vacations={[]} weekStart={1} onCycle={vi.fn()} />);
const day = (name: string) => screen.getByRole("button", { name });

describe("MonthCalendar of every kind", () => {
  it("keeps the weekends before a change to weekdays missed", () => {
    calendar(
      habitOf({
        rules: [
          { from: "2026-11-01", frequency: null, target: null },
          { from: "2026-11-16", frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null },
        ],
        schedule: { weekdays: [1, 2, 3, 4, 5] },
        completedDates: ["2026-11-13", "2026-11-16"],
      }),
    );
    expect(day("Saturday, November 14, 2026: not done").dataset.status).toBe("missed");
    expect(day("Sunday, November 8, 2026: not done").dataset.status).toBe("missed");
    expect(day("Wednesday, November 18, 2026: not done").dataset.status).toBe("missed");
    expect(day("Friday, November 13, 2026: done").dataset.status).toBe("done");
  });

  it("colours a measurable day by its target and says its number", () => {
    calendar(
      habitOf({
        kind: "measurable",
        rules: [water],
        values: [
          ["2026-11-17", 8],
          ["2026-11-18", 5],
          [TODAY, 2],
        ],
      }),
    );
    expect(day("Tuesday, November 17, 2026: done, 8 glasses").dataset.status).toBe("done");
    expect(day("Wednesday, November 18, 2026: not done, 5 glasses").dataset.status).toBe("missed");
    expect(day("Friday, November 20, 2026: not done, 2 glasses").dataset.status).toBe("open");
    expect(day("Thursday, November 19, 2026: not done").dataset.status).toBe("missed");
  });

  it("leaves the days of a week still open neutral for a habit due 3 times a week", () => {
    calendar(
      habitOf({
        rules: [{ from: "2026-11-16", frequency: { times: 3, per: "week" }, target: null }],
        completedDates: ["2026-11-17"],
      }),
    );
    expect(day("Monday, November 16, 2026: not done, not due").dataset.status).toBe("not-due");
    expect(day("Tuesday, November 17, 2026: done").dataset.status).toBe("done");
    expect(day("Friday, November 20, 2026: not done").dataset.status).toBe("open");
  });
});

describe("YearHeatmap of every kind", () => {
  it("names a day with its number and counts a quit habit's clean days done", () => {
    render(
      <YearHeatmap
        habit={habitOf({
          kind: "quit",
          rules: [
            {
              from: "2026-11-16",
              frequency: null,
              target: { atMost: true, amount: 0, per: "day", unit: "times" },
            },
          ],
          values: [["2026-11-18", 2]],
        })}
        today={TODAY}
        vacations={[]}
        weekStart={1}
      />,
    );
    expect(document.querySelector('[data-date="2026-11-18"]')?.getAttribute("title")).toBe(
      "Wednesday, November 18, 2026: not done, 2 times",
    );
    expect(document.querySelector('[data-date="2026-11-17"]')?.getAttribute("data-status")).toBe("done");
    // Days before its first rule are not counted clean: the habit did not exist yet.
    expect(document.querySelector('[data-date="2026-11-15"]')?.getAttribute("data-status")).toBe("not-due");
    expect(screen.getByTestId("heatmap-summary").textContent).toBe(
      "3 done, 0 skipped, 0 on vacation, 1 not done.",
    );
  });
});
