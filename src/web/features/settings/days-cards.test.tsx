// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../../core/messages";
import { DayStartCard } from "./day-start-card";
import { VacationCard, type VacationCardProps } from "./vacation-card";

const t = messages.settingsDays;
const today = "2026-11-21"; // a Saturday

afterEach(cleanup);

describe("DayStartCard", () => {
  it("shows the day start in force and saves a new one", async () => {
    const onChange = vi.fn(async () => true);
    render(<DayStartCard dayStart={0} today={today} onChange={onChange} />);
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: t.dayStartLabel });
    expect(select.value).toBe("0");
    expect(select.options).toHaveLength(13);
    expect(select.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(t.dayStartHelp)).toBeTruthy();
    expect(screen.getByTestId("settings-today").textContent).toBe(
      "Today counts as Saturday, November 21, 2026.",
    );
    await act(async () => {
      fireEvent.change(select, { target: { value: "180" } });
    });
    expect(onChange).toHaveBeenCalledWith(180);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("cannot be changed before the store has opened", () => {
    render(<DayStartCard dayStart={0} today={today} onChange={async () => true} loading />);
    expect(screen.getByRole("combobox", { name: t.dayStartLabel })).toHaveProperty("disabled", true);
  });

  it("says so when the change could not be kept", async () => {
    render(<DayStartCard dayStart={60} today={today} onChange={async () => false} />);
    await act(async () => {
      fireEvent.change(screen.getByRole("combobox"), { target: { value: "90" } });
    });
    expect(screen.getByRole("alert").textContent).toBe(t.saveFailed);
  });
});

function renderVacations(props: Partial<VacationCardProps> = {}) {
  const onStart = vi.fn(async () => true);
  const onEnd = vi.fn(async () => true);
  render(<VacationCard vacations={[]} today={today} onStart={onStart} onEnd={onEnd} {...props} />);
  return { onStart, onEnd };
}

const dateInput = (name: string) => screen.getByLabelText<HTMLInputElement>(name);

describe("VacationCard", () => {
  it("starts a vacation for the two days chosen, a week from today unless changed", async () => {
    const { onStart } = renderVacations();
    expect(screen.getByTestId("vacation-state").textContent).toBe(t.noVacation);
    expect(dateInput(t.firstDay).value).toBe("2026-11-21");
    expect(dateInput(t.lastDay).value).toBe("2026-11-27");
    fireEvent.change(dateInput(t.lastDay), { target: { value: "2026-11-29" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: t.startVacation }));
    });
    expect(onStart).toHaveBeenCalledWith("2026-11-21", "2026-11-29");
  });

  it("refuses a last day before the first, and says why", async () => {
    const { onStart } = renderVacations();
    fireEvent.change(dateInput(t.lastDay), { target: { value: "2026-11-20" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: t.startVacation }));
    });
    expect(onStart).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toBe(t.lastBeforeFirst);
    expect(dateInput(t.lastDay).getAttribute("aria-invalid")).toBe("true");
  });

  it("names the vacation today is in, ends it early and moves the focus to what is now the case", async () => {
    const { onEnd } = renderVacations({
      vacations: [
        { from: "2026-11-20", to: "2026-11-29" },
        { from: "2026-12-24", to: "2026-12-26" },
        { from: "2026-10-01", to: "2026-10-03" },
      ],
    });
    expect(screen.getByTestId("vacation-state").textContent).toBe(
      "On vacation until Sunday, November 29, 2026",
    );
    expect(screen.getByRole("list", { name: t.plannedVacations }).textContent).toBe(
      "Thursday, December 24, 2026 to Saturday, December 26, 2026",
    );
    expect(screen.getByRole("list", { name: t.pastVacations }).textContent).toBe(
      "Thursday, October 1, 2026 to Saturday, October 3, 2026",
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: t.endVacation }));
    });
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByTestId("vacation-state"));
  });

  it("names a planned vacation, which can be cancelled", async () => {
    const { onEnd } = renderVacations({ vacations: [{ from: "2026-11-23", to: "2026-11-29" }] });
    expect(screen.getByTestId("vacation-state").textContent).toBe(
      "Vacation planned from Monday, November 23, 2026 to Sunday, November 29, 2026",
    );
    expect(screen.queryByRole("button", { name: t.endVacation })).toBeNull();
    expect(screen.queryByRole("list")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: t.cancelVacation }));
    });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("writes nothing for days that are vacation days already, and reports a change that was not kept", async () => {
    const onStart = vi.fn(async () => false);
    renderVacations({ vacations: [{ from: "2026-11-20", to: "2026-11-29" }], onStart });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: t.startVacation })); // 21 to 27: covered
    });
    expect(onStart).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.change(dateInput(t.lastDay), { target: { value: "2026-12-02" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: t.startVacation }));
    });
    expect(onStart).toHaveBeenCalledWith("2026-11-21", "2026-12-02");
    expect(screen.getByRole("alert").textContent).toBe(t.saveFailed);
  });
});
