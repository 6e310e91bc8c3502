// @vitest-environment jsdom
// Today's date, percentage and day strip in the shown language's locale (ui/format-locale.ts), with real Intl.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { deriveHabit } from "../../../core/habit";
import { setShownLocale } from "../../lib/locale-store";
import { DayStrip } from "./day-strip";
import { TodayHeading } from "./today-heading";

const TODAY = "2026-11-20"; // a Friday
const habit = deriveHabit(
  { id: "h", name: "Read", completedDates: ["2026-11-19"], createdAt: "", updatedAt: "", schedule: null },
  TODAY,
);
const weekdays = () => screen.getAllByRole("button").map((button) => button.getAttribute("data-weekday"));

afterEach(() => {
  cleanup();
  act(() => setShownLocale("en"));
});

describe("Today's day strip", () => {
  it("names its days in the shown language, and again when it changes", () => {
    const strip = () => <DayStrip habit={habit} today={TODAY} vacations={[]} onCycle={() => {}} />;
    const { rerender } = render(strip());
    expect(weekdays()).toEqual(["Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"]);
    expect(screen.getAllByRole("button").at(-2)!.getAttribute("aria-label")).toMatch(
      /^Thursday, November 19, 2026: /,
    );
    act(() => setShownLocale("de"));
    rerender(strip());
    expect(weekdays()).toEqual(["Sa", "So", "Mo", "Di", "Mi", "Do", "Fr"]);
    expect(screen.getAllByRole("button").at(-2)!.getAttribute("aria-label")).toMatch(
      /^Donnerstag, 19\. November 2026: /,
    );
    act(() => setShownLocale("ar"));
    rerender(strip());
    expect(weekdays().at(-1)).toBe("الجمعة");
  });
});

describe("Today's heading", () => {
  it("writes its date and percentage in the shown language", () => {
    const done = { ...habit, completedToday: true };
    const heading = () => (
      <TodayHeading today={TODAY} habits={[done, { ...habit, id: "b" }]} source="server" />
    );
    const { rerender } = render(heading());
    expect(screen.getByTestId("today-date").textContent).toBe("Friday, November 20");
    expect(screen.getByTestId("today-progress").textContent).toContain("50%");
    act(() => setShownLocale("de"));
    rerender(heading());
    expect(screen.getByTestId("today-date").textContent).toBe("Freitag, 20. November");
    expect(screen.getByTestId("today-progress").textContent).toContain("50\u00a0%");
  });
});
