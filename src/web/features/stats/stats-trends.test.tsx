// @vitest-environment jsdom
// The Stats screen's Trends section against small histories worked out by hand. TEST_TODAY is Saturday 2026-11-21;
// weeks start on Monday.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, type LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { makeHabit, TEST_TODAY } from "../../../core/test-habits";
import type { StatsHabit } from "./stats-habit-item";
import { StatsView } from "./stats-view";

afterEach(cleanup);

const m = messages.trends;
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const run = (from: LocalDate, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
const created = (date: LocalDate) => `${date}T08:00:00.000Z`;

// Due every day from Thu 12: done 12 to 16, missed 17 to 20, today open.
const read: StatsHabit = {
  ...makeHabit("Read", run("2026-11-12", 5)),
  createdAt: created("2026-11-12"),
  rules: [{ from: "2026-11-12", frequency: null, target: null }],
};
// At least 5 glasses a day from Wed 18: 6 met, 3 missed, 5 met, today 2 (open). 16 glasses this week.
const water: StatsHabit = {
  ...makeHabit("Water"),
  createdAt: created("2026-11-18"),
  kind: "measurable",
  rules: [
    {
      from: "2026-11-18",
      frequency: null,
      target: { atMost: false, amount: 5, per: "day", unit: "glasses" },
    },
  ],
  values: [
    ["2026-11-18", 6],
    ["2026-11-19", 3],
    ["2026-11-20", 5],
    ["2026-11-21", 2],
  ],
};
// From Wed 23 September: 10 of the 30 days before the last 30 (33 %), then every day of the last 30 (100 %).
const walk: StatsHabit = {
  ...makeHabit("Walk", [...run("2026-09-23", 10), ...run("2026-10-23", 30)]),
  createdAt: created("2026-09-23"),
  rules: [{ from: "2026-09-23", frequency: null, target: null }],
};

const weekLabel = (date: LocalDate) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
const monthLabel = (date: LocalDate) =>
  new Intl.DateTimeFormat(undefined, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The chart's table: each row as its cells' texts. */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole("table", { name: caption });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));
}

function show(habits: StatsHabit[]) {
  render(<StatsView habits={habits} today={TEST_TODAY} status="ready" onRetry={() => {}} weekStart={1} />, {
    wrapper,
  });
}

describe("StatsTrends", () => {
  it("adds a Trends section below the habit details", () => {
    show([read]);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.at(-1)).toBe(m.title);
    expect(headings.indexOf(m.title)).toBeGreaterThan(headings.indexOf("Habit details"));
  });

  it("charts the share of due days met by week, with a table of the same figures", () => {
    show([read, water, walk]);
    const rows = tableRows(m.weekCaption);
    expect(rows).toHaveLength(52);
    // Week of the 16th: Read 1 of 5, Water 2 of 3, Walk 6 of 6 (today done). Week of the 9th: 4 + 7 of 11.
    expect(rows.at(-1)).toEqual([weekLabel("2026-11-16"), "64%", "9", "14"]);
    expect(rows.at(-2)).toEqual([weekLabel("2026-11-09"), "100%", "11", "11"]);
    // Before Walk began: nothing due, no figure.
    expect(rows[0]).toEqual([weekLabel("2025-11-24"), m.noFigure, "0", "0"]);
    const bars = screen.getByTestId("trends-bars").querySelectorAll("rect");
    expect(bars.length).toBe(rows.filter((row) => row[1] !== m.noFigure).length);
    expect(bars[bars.length - 1]!.getAttribute("data-value")).toBe(String(9 / 14));
  });

  it("switches to months over all time", () => {
    show([read, water, walk]);
    const group = screen.getByRole("group", { name: m.periodLabel });
    fireEvent.click(within(group).getByRole("radio", { name: m.byMonth }));
    expect(screen.queryByRole("table", { name: m.weekCaption })).toBeNull();
    // September: Walk 8 of 8. October: done 1, 2 and 23 to 31, missed 3 to 22. November: 5 + 2 + 21 of 9 + 3 + 21.
    expect(tableRows(m.monthCaption)).toEqual([
      [monthLabel("2026-09-01"), "100%", "8", "8"],
      [monthLabel("2026-10-01"), "35%", "11", "31"],
      [monthLabel("2026-11-01"), "85%", "28", "33"],
    ]);
    expect(screen.getByTestId("trends-bars").querySelectorAll("rect")).toHaveLength(3);
    fireEvent.click(within(group).getByRole("radio", { name: m.byWeek }));
    expect(tableRows(m.weekCaption)).toHaveLength(52);
  });

  it("names the best and worst weekday", () => {
    show([read]);
    // Monday 1 of 1 and Tuesday 0 of 1 come first in the week among the days at 100 % and at 0 %.
    expect(screen.getByTestId("trends-best-weekday").textContent).toBe(`${m.bestWeekday}Monday 100%`);
    expect(screen.getByTestId("trends-worst-weekday").textContent).toBe(`${m.worstWeekday}Tuesday 0%`);
  });

  it("lists the habits whose rate rose and fell over the last 30 days", () => {
    const fell: StatsHabit = {
      ...makeHabit("Stretch", [...run("2026-09-23", 30), ...run("2026-10-23", 15)]),
      createdAt: created("2026-09-23"),
      rules: [{ from: "2026-09-23", frequency: null, target: null }],
    };
    show([read, walk, fell]);
    expect(within(screen.getByTestId("trends-rising")).getByRole("listitem").textContent).toBe(
      `Walk${m.change("33%", "100%", 67)}`,
    );
    expect(m.change("33%", "100%", 67)).toBe("33% to 100% (+67 points)");
    expect(within(screen.getByTestId("trends-falling")).getByRole("listitem").textContent).toBe(
      "Stretch100% to 52% (−48 points)",
    );
  });

  it("says so when no habit rose or fell", () => {
    show([read]);
    expect(screen.getByTestId("trends-rising").textContent).toContain(m.noRising);
    expect(screen.getByTestId("trends-falling").textContent).toContain(m.noFalling);
  });

  it("shows each measurable habit's weekly totals with its unit, and a table of them", () => {
    show([read, water]);
    const totals = screen.getAllByTestId("trends-totals");
    expect(totals).toHaveLength(1);
    expect(totals[0]!.textContent).toContain("This week: 16 glasses");
    const rows = tableRows(m.totalsCaption("Water", "glasses"));
    expect(rows).toHaveLength(12);
    expect(rows.at(-1)).toEqual([weekLabel("2026-11-16"), "16 glasses"]);
    expect(rows.at(-2)).toEqual([weekLabel("2026-11-09"), "0 glasses"]);
  });

  it("counts archived habits only while Stats shows them", () => {
    const old: StatsHabit = {
      ...makeHabit("Old", run("2026-11-16", 6)),
      createdAt: created("2026-11-16"),
      rules: [{ from: "2026-11-16", frequency: null, target: null }],
      archived: true,
    };
    show([read, old]);
    expect(tableRows(m.weekCaption).at(-1)).toEqual([weekLabel("2026-11-16"), "20%", "1", "5"]);
    fireEvent.click(screen.getByRole("checkbox", { name: messages.todayHistory.showArchived }));
    // Old: 6 of 6, today done.
    expect(tableRows(m.weekCaption).at(-1)).toEqual([weekLabel("2026-11-16"), "64%", "7", "11"]);
  });
});
