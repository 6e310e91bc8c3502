// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import { messages } from "../../../core/messages";
import { HabitStrength, strengthPercent } from "./habit-strength";

afterEach(cleanup);

const s = messages.strength;
const TODAY = "2026-11-20"; // a Friday
const current = () => document.querySelector('[data-metric="strength"]')?.textContent;
const habitOf = (fields: Partial<StoredHabit> = {}) =>
  deriveHabit({ id: "h1", name: "Read", completedDates: [], createdAt: "", updatedAt: "", ...fields }, TODAY);

describe("HabitStrength", () => {
  it("shows today's strength as Loop's formula gives it, with its chart and table by week", () => {
    // Three done days of a daily habit from 0: 1 − m³ = 0.147819603571427 (m = 0.5 ^ (1/13)); today not done yet.
    render(
      <HabitStrength
        habit={habitOf({ completedDates: ["2026-11-17", "2026-11-18", "2026-11-19"] })}
        today={TODAY}
        vacations={[]}
        weekStart={1}
      />,
    );
    const section = screen.getByRole("region", { name: s.title });
    expect(within(section).getByText(`${s.current}:`, { exact: false })).toBeTruthy();
    expect(current()).toBe("15%");
    const chart = screen.getByRole("img", {
      name: s.chartLabel("week", "Friday, November 20, 2026", "Friday, November 20, 2026"),
    });
    expect(chart.getAttribute("data-per")).toBe("week");
    const table = screen.getByRole("table", { name: s.tableCaption("week") });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(2); // the header and this week, up to today
    expect(within(rows[1]!).getByRole("rowheader").textContent).toBe("Friday, November 20, 2026");
    expect(within(rows[1]!).getByRole("cell").textContent).toBe("15%");
  });

  it("switches the chart and its table to months", () => {
    const completedDates = ["2026-09-28", "2026-10-01", "2026-10-02", "2026-11-19"];
    render(<HabitStrength habit={habitOf({ completedDates })} today={TODAY} vacations={[]} weekStart={1} />);
    const by = screen.getByRole("group", { name: s.by });
    expect((within(by).getByRole("radio", { name: s.week }) as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(1 + 8); // 8 weeks from Monday, September 28
    fireEvent.click(within(by).getByRole("radio", { name: s.month }));
    const chart = screen.getByRole("img", {
      name: s.chartLabel("month", "September 2026", "November 2026"),
    });
    expect(chart.getAttribute("data-per")).toBe("month");
    const table = screen.getByRole("table", { name: s.tableCaption("month") });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "September 2026",
      "October 2026",
      "November 2026",
    ]);
    // September: done on the 28th, missed the 29th and 30th: (1 − m) × m² = 0.0466706.
    expect(within(rows[0]!).getByRole("cell").textContent).toBe("5%");
  });

  it("gives 0% and no chart before the first day marked", () => {
    render(<HabitStrength habit={habitOf()} today={TODAY} vacations={[]} weekStart={1} />);
    expect(current()).toBe(strengthPercent(0));
    expect(screen.getByText(s.none)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("starts a quit habit at 100%", () => {
    const habit = habitOf({
      kind: "quit",
      rules: [
        {
          from: "2026-11-10",
          frequency: null,
          target: { atMost: true, amount: 0, per: "day", unit: "times" },
        },
      ],
    });
    render(<HabitStrength habit={habit} today={TODAY} vacations={[]} weekStart={1} />);
    expect(current()).toBe("100%");
  });
});
