// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveHabit, type StoredHabit } from "../../../core/habit";
import type { HabitRule } from "../../../core/habit-kind";
import { messages } from "../../../core/messages";
import type { HabitView } from "../../lib/habits/use-habits";
import { DayPanel } from "./day-panel";
import { MonthCalendar } from "./month-calendar";
import { RulesEditor } from "./rules-editor";
import { YearHeatmap } from "./year-heatmap";

afterEach(cleanup);

const k = messages.habitKinds;
const TODAY = "2026-11-20"; // a Friday
const DAY = "2026-11-18";
const habitOf = (fields: Partial<StoredHabit> = {}) =>
  deriveHabit(
    { id: "h1", name: "Water", completedDates: [], createdAt: "", updatedAt: "", ...fields },
    TODAY,
  );
const viewOf = (fields: Partial<StoredHabit> & Partial<HabitView> = {}): HabitView =>
  ({
    kind: "yesNo",
    rules: [{ from: "2026-01-01", frequency: null, target: null }],
    step: 1,
    skippedDates: [],
    schedule: null,
    archived: false,
    position: 0,
    dueToday: true,
    skippedToday: false,
    onVacationToday: false,
    ...habitOf(fields),
    ...fields,
  }) as HabitView;
const water: HabitRule = {
  from: "2026-11-01",
  frequency: null,
  target: { atMost: false, amount: 8, per: "day", unit: "glasses" },
};

describe("MonthCalendar with notes", () => {
  it("marks a day with a note, visibly and in its name", () => {
    render(
      <MonthCalendar
        habit={habitOf({ notes: [[DAY, "Long run"]] })}
        today={TODAY}
        vacations={[]}
        weekStart={1}
        onCycle={vi.fn()}
      />,
    );
    const day = screen.getByRole("button", { name: `Wednesday, November 18, 2026: not done, ${k.hasNote}` });
    expect(day.querySelector("span[aria-hidden]")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Tuesday, November 17, 2026: not done" })).toBeTruthy();
  });

  it("cycles a yes/no day on a tap and opens the chosen day from the button under the grid", () => {
    const onCycle = vi.fn();
    const onOpen = vi.fn();
    render(
      <MonthCalendar
        habit={habitOf()}
        today={TODAY}
        vacations={[]}
        weekStart={1}
        onCycle={onCycle}
        onOpen={onOpen}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Wednesday, November 18, 2026: not done" }));
    expect(onCycle).toHaveBeenCalledWith(DAY);
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: k.dayDetails("Wednesday, November 18, 2026") }));
    expect(onOpen).toHaveBeenCalledWith(DAY);
  });

  it("opens the day on a tap for a habit that counts a number", () => {
    const onCycle = vi.fn();
    const onOpen = vi.fn();
    render(
      <MonthCalendar
        habit={habitOf()}
        today={TODAY}
        vacations={[]}
        weekStart={1}
        onCycle={onCycle}
        onOpen={onOpen}
        tapOpens
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Wednesday, November 18, 2026: not done" }));
    expect(onOpen).toHaveBeenCalledWith(DAY);
    expect(onCycle).not.toHaveBeenCalled();
  });
});

describe("YearHeatmap with notes", () => {
  it("outlines a day with a note and counts such days in its description", () => {
    render(
      <YearHeatmap
        habit={habitOf({ notes: [[DAY, "Long run"]] })}
        today={TODAY}
        vacations={[]}
        weekStart={1}
      />,
    );
    const square = document.querySelector(`[data-date="${DAY}"]`)!;
    expect(square.getAttribute("title")).toBe(`Wednesday, November 18, 2026: not done, ${k.hasNote}`);
    expect(square.className).toContain("ring-2");
    expect(screen.getByTestId("heatmap-summary").textContent).toContain(k.notedDays(1));
  });
});

describe("DayPanel", () => {
  const renderPanel = (habit: HabitView) => {
    const props = {
      onClose: vi.fn(),
      onCycle: vi.fn(),
      onSetAmount: vi.fn(async () => true),
      onSetNote: vi.fn(async () => true),
    };
    render(<DayPanel habit={habit} date={DAY} today={TODAY} vacations={[]} weekStart={1} {...props} />);
    return props;
  };
  const noteField = () =>
    screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Note for Wednesday, November 18, 2026" });

  it("saves a note and a number for a measurable day", async () => {
    const props = renderPanel(viewOf({ kind: "measurable", rules: [water], values: [[DAY, 3]] }));
    expect(screen.getByRole("dialog", { name: "Wednesday, November 18, 2026" })).toBeTruthy();
    const amount = screen.getByRole<HTMLInputElement>("spinbutton", {
      name: k.amount("Wednesday, November 18, 2026"),
    });
    expect(amount.value).toBe("3");
    fireEvent.keyDown(amount, { key: "ArrowUp" });
    expect(amount.value).toBe("4");
    expect(noteField().maxLength).toBe(500);
    fireEvent.change(noteField(), { target: { value: "After the run" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: k.saveDay })));
    expect(props.onSetAmount).toHaveBeenCalledWith(DAY, 4);
    expect(props.onSetNote).toHaveBeenCalledWith(DAY, "After the run");
    expect(props.onClose).toHaveBeenCalled();
  });

  it("says a day's state by the rule in force that day", () => {
    renderPanel(
      viewOf({ rules: [{ from: "2026-11-16", frequency: { times: 3, per: "week" }, target: null }] }),
    );
    expect(screen.getByTestId("day-panel-state").textContent).toBe(k.state("not done, not due"));
  });

  it("keeps a number it cannot hold, with its error, and saves nothing", async () => {
    const props = renderPanel(viewOf({ kind: "measurable", rules: [water] }));
    const amount = screen.getByRole<HTMLInputElement>("spinbutton");
    fireEvent.change(amount, { target: { value: "1.2345" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: k.saveDay })));
    expect(amount.value).toBe("1.2345");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(k.badAmount)).toBeTruthy();
    expect(props.onSetAmount).not.toHaveBeenCalled();
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it("shows a yes/no day's state, changes it, clears a note and closes on Escape", async () => {
    const props = renderPanel(viewOf({ completedDates: [DAY], notes: [[DAY, "Old"]] }));
    expect(screen.queryByRole("spinbutton")).toBeNull();
    expect(screen.getByTestId("day-panel-state").textContent).toBe(k.state("done"));
    fireEvent.click(screen.getByRole("button", { name: k.cycleDay }));
    expect(props.onCycle).toHaveBeenCalledWith(DAY);
    expect(noteField().value).toBe("Old");
    fireEvent.change(noteField(), { target: { value: "  " } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: k.saveDay })));
    expect(props.onSetNote).toHaveBeenCalledWith(DAY, null);
    props.onClose.mockClear();
    fireEvent.keyDown(noteField(), { key: "Escape" });
    expect(props.onClose).toHaveBeenCalled();
  });
});

describe("RulesEditor", () => {
  const renderEditor = (habit: Pick<HabitView, "kind" | "rules" | "step">) => {
    const onSetRules = vi.fn(async () => true);
    const onSetStep = vi.fn(async () => true);
    render(<RulesEditor habit={habit} today={TODAY} onSetRules={onSetRules} onSetStep={onSetStep} />);
    return { onSetRules, onSetStep };
  };
  const save = () => act(async () => fireEvent.click(screen.getByRole("button", { name: k.save })));

  it("changes how often from the day chosen, today unless changed", async () => {
    const { onSetRules } = renderEditor({ kind: "yesNo", rules: [{ ...water, target: null }], step: 1 });
    expect(screen.getByTestId("rule-in-force").textContent).toBe(k.current("every day"));
    expect(screen.queryByTestId("rule-history")).toBeNull();
    const from = screen.getByLabelText<HTMLInputElement>(k.fromWhichDay);
    expect(from.value).toBe(TODAY);
    fireEvent.click(screen.getByRole("radio", { name: k.timesPerWeek }));
    fireEvent.change(screen.getByRole("textbox", { name: k.times }), { target: { value: "3" } });
    fireEvent.change(from, { target: { value: "2026-11-02" } });
    await save();
    expect(onSetRules).toHaveBeenCalledWith("2026-11-02", { times: 3, per: "week" }, null);
    expect(screen.getByRole("status").textContent).toBe(k.saved);
  });

  it("keeps a bad number with its error and writes nothing", async () => {
    const { onSetRules } = renderEditor({ kind: "yesNo", rules: [{ ...water, target: null }], step: 1 });
    fireEvent.click(screen.getByRole("radio", { name: k.timesPerMonth }));
    const times = screen.getByRole<HTMLInputElement>("textbox", { name: k.times });
    fireEvent.change(times, { target: { value: "32" } });
    expect(times.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(k.badTimes(31))).toBeTruthy();
    await save();
    expect(onSetRules).not.toHaveBeenCalled();
    expect(times.value).toBe("32");
  });

  it("edits a measurable target and step, lists the rules by day, and offers no N times to stay under", async () => {
    const earlier: HabitRule = {
      from: "2026-10-01",
      frequency: null,
      target: { ...water.target!, amount: 6 },
    };
    const { onSetRules, onSetStep } = renderEditor({ kind: "measurable", rules: [earlier, water], step: 1 });
    expect(screen.getByTestId("rule-in-force").textContent).toBe(
      k.current("every day, at least 8 glasses a day"),
    );
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "From 2026-10-01: every day, at least 6 glasses a day",
      `From 2026-11-01: every day, at least 8 glasses a day ${k.inForce}`,
    ]);
    fireEvent.change(screen.getByRole("combobox", { name: k.atLeastOrAtMost }), {
      target: { value: "atMost" },
    });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: k.timesPerWeek }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: k.chosenWeekdays }).disabled).toBe(false);
    fireEvent.change(screen.getByRole("textbox", { name: k.target }), { target: { value: "10" } });
    fireEvent.change(screen.getByRole("textbox", { name: k.step }), { target: { value: "0.5" } });
    await save();
    expect(onSetRules).toHaveBeenCalledWith(TODAY, null, {
      atMost: true,
      amount: 10,
      per: "day",
      unit: "glasses",
    });
    expect(onSetStep).toHaveBeenCalledWith(0.5);
  });

  it("hides how often for a target per week", () => {
    renderEditor({
      kind: "measurable",
      rules: [{ ...water, target: { ...water.target!, per: "week" } }],
      step: 1,
    });
    expect(screen.queryByRole("radio", { name: k.everyDay })).toBeNull();
    expect(screen.getByText(k.countedEveryDay)).toBeTruthy();
  });
});
