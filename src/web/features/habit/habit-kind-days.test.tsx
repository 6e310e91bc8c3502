// @vitest-environment jsdom
// The habit page for every kind (docs/product.md, "Kinds of habit"): days judged by the rule in force on them, a
// day's number in its name, and figures and an explanation in the habit's unit.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import type { HabitKind, HabitRule } from "../../../core/habit-kind";
import { messages } from "../../../core/messages";
import type { SyncOp } from "../../../core/sync";
import { kindView } from "../../lib/habits/kind-view";
import { deriveAll } from "../../lib/habits/habit-views";
import { applyChanges, emptyReplica, opChanges, storedHabits } from "../../lib/sync/replica-state";
import { HabitFigures } from "./habit-figures";
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

const h = messages.history;

/** A habit's view as the store gives it (use-habits.ts), after creating it and writing its days. */
function viewOf(kind: HabitKind, rules: HabitRule[], days: SyncOp[]) {
  const ops: SyncOp[] = [{ opId: "c", type: "createHabit", habitId: "h", name: "H", kind, rules }, ...days];
  const stored = storedHabits(
    applyChanges(
      emptyReplica(),
      ops.flatMap((op) => opChanges(op, "2026-11-20T08:00:00.000Z")),
    ),
  );
  return deriveAll(stored, { today: TODAY, vacations: [], weekStart: 1, kindView })[0]!;
}
const done = (date: string): SyncOp => ({ opId: date, type: "setDay", habitId: "h", date, state: "done" });
const amount = (date: string, value: number): SyncOp => ({
  opId: date,
  type: "setAmount",
  habitId: "h",
  date,
  value,
});
const figures = (habit: ReturnType<typeof viewOf>) => {
  const { container } = render(<HabitFigures habit={habit} today={TODAY} vacations={[]} weekStart={1} />);
  fireEvent.click(screen.getByRole("button", { name: /Current streak/ }));
  const metric = (name: string) => container.querySelector(`[data-metric="${name}"]`)?.textContent;
  const lines = Array.from(screen.getByTestId("streak-explanation").children, (p) => p.textContent);
  return {
    metric,
    lines,
    label: (name: string) =>
      container.querySelector(`[data-metric="${name}"]`)?.previousElementSibling?.textContent,
  };
};

describe("HabitFigures of every kind", () => {
  it("counts a habit due 3 times a week in weeks, with the weeks met and how they are counted", () => {
    const habit = viewOf(
      "yesNo",
      [{ from: "2026-11-02", frequency: { times: 3, per: "week" }, target: null }],
      ["2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-17"].map(
        done,
      ),
    );
    const { metric, lines, label } = figures(habit);
    expect(metric("streak")).toBe("2 weeks");
    expect(metric("best")).toBe("2 weeks");
    expect(metric("total")).toBe("7");
    expect(label("met")).toBe("Weeks met");
    expect(metric("met")).toBe("2");
    expect(lines).toEqual([
      h.countedTimes("week", 3),
      h.weeksStartOn("Monday"),
      "Your streak of 2 weeks began on Monday, November 2, 2026.",
      h.excusedRule,
    ]);
  });

  it("gives a measurable habit's total in its unit and the days met", () => {
    const target = { atMost: false, amount: 8, per: "day" as const, unit: "glasses" };
    const habit = viewOf(
      "measurable",
      [{ from: "2026-11-17", frequency: null, target }],
      [amount("2026-11-17", 8), amount("2026-11-18", 9), amount("2026-11-19", 10), amount(TODAY, 2)],
    );
    const { metric, lines, label } = figures(habit);
    expect(metric("streak")).toBe("3 days");
    expect(label("total")).toBe(h.totalAmount);
    expect(metric("total")).toBe("29 glasses");
    expect(metric("met")).toBe("3");
    expect(lines[0]).toBe(h.countedDaysAtLeast("8 glasses"));
    expect(lines[1]).toBe("Your streak of 3 days began on Tuesday, November 17, 2026.");
  });

  it("gives a quit habit's clean days since its last slip and its slips", () => {
    const target = { atMost: true, amount: 0, per: "day" as const, unit: "times" };
    const habit = viewOf(
      "quit",
      [{ from: "2026-11-10", frequency: null, target }],
      [amount("2026-11-15", 2)],
    );
    const { metric, lines, label } = figures(habit);
    expect(metric("streak")).toBe("4 days");
    expect(label("met")).toBe(h.cleanDays);
    expect(metric("met")).toBe("9");
    expect(label("total")).toBe(h.slips);
    expect(metric("total")).toBe("2");
    expect(lines.slice(0, 2)).toEqual([h.countedQuit, "4 days clean since Monday, November 16, 2026."]);
  });
});
