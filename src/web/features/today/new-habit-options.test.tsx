// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../../core/messages";
import { localToday } from "../../lib/local-today";
import { NewHabitForm } from "./new-habit-form";

afterEach(cleanup);

const k = messages.habitKinds;

function renderForm() {
  const onAdd = vi.fn(async () => true);
  render(<NewHabitForm inputRef={createRef()} onAdd={onAdd} />);
  const name = screen.getByPlaceholderText<HTMLInputElement>(messages.today.newHabitPlaceholder);
  return { onAdd, name };
}
const addButton = () => screen.getByRole("button", { name: "Add habit" });
const openOptions = async () => {
  fireEvent.click(screen.getByRole("button", { name: messages.today.moreOptions }));
  await screen.findByRole("group", { name: k.habitType });
};

describe("NewHabitForm's options", () => {
  it("starts folded, and adds a yes/no habit due every day as without them", async () => {
    const { onAdd, name } = renderForm();
    const toggle = screen.getByRole("button", { name: messages.today.moreOptions });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText(k.habitType)).toBeNull();
    await openOptions();
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: k.yesNo }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: k.everyDay }).checked).toBe(true);
    fireEvent.change(name, { target: { value: "Read" } });
    await act(async () => fireEvent.click(addButton()));
    expect(onAdd).toHaveBeenCalledWith("Read");
  });

  it("adds a measurable habit with its unit, target and step", async () => {
    const { onAdd, name } = renderForm();
    await openOptions();
    fireEvent.click(screen.getByRole("radio", { name: k.measurable }));
    fireEvent.change(screen.getByRole("textbox", { name: k.unit }), { target: { value: "glasses" } });
    fireEvent.change(screen.getByRole("textbox", { name: k.target }), { target: { value: "8" } });
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: k.atLeastOrAtMost }).value).toBe(
      "atLeast",
    );
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: k.per }).value).toBe("day");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: k.step }).value).toBe("1");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: k.unit }).maxLength).toBe(20);
    fireEvent.change(name, { target: { value: "Water" } });
    await act(async () => fireEvent.submit(name));
    expect(onAdd).toHaveBeenCalledWith("Water", {
      kind: "measurable",
      rules: [
        {
          from: localToday(),
          frequency: null,
          target: { atMost: false, amount: 8, per: "day", unit: "glasses" },
        },
      ],
    });
    await waitFor(() => expect(name.value).toBe(""));
  });

  it("keeps a bad target as typed, shows its error, focuses it, and adds nothing", async () => {
    const { onAdd, name } = renderForm();
    await openOptions();
    fireEvent.click(screen.getByRole("radio", { name: k.measurable }));
    fireEvent.change(name, { target: { value: "Water" } });
    await act(async () => fireEvent.submit(name));
    const target = screen.getByRole<HTMLInputElement>("textbox", { name: k.target });
    expect(target.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(k.badTarget)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(target));
    fireEvent.change(target, { target: { value: "1,2345" } });
    expect(screen.getByText(k.badTarget)).toBeTruthy();
    expect(target.value).toBe("1,2345");
    expect(onAdd).not.toHaveBeenCalled();
    expect(name.value).toBe("Water");
  });

  it("keeps what was chosen while folded", async () => {
    renderForm();
    await openOptions();
    fireEvent.click(screen.getByRole("radio", { name: k.quit }));
    const toggle = screen.getByRole("button", { name: messages.today.moreOptions });
    fireEvent.click(toggle);
    expect(screen.queryByRole("radio", { name: k.quit })).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: k.quit }).checked).toBe(true);
  });

  it("adds a quit habit at 0 a day, without target fields", async () => {
    const { onAdd, name } = renderForm();
    await openOptions();
    fireEvent.click(screen.getByRole("radio", { name: k.quit }));
    expect(screen.queryByRole("textbox", { name: k.target })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>("radio", { name: k.timesPerWeek }).disabled).toBe(true);
    fireEvent.change(name, { target: { value: "Smoking" } });
    await act(async () => fireEvent.submit(name));
    expect(onAdd).toHaveBeenCalledWith("Smoking", {
      kind: "quit",
      rules: [
        {
          from: localToday(),
          frequency: null,
          target: { atMost: true, amount: 0, per: "day", unit: "times" },
        },
      ],
    });
  });

  it("adds a yes/no habit 3 times a week, or on chosen weekdays, and holds Times to 1..7", async () => {
    const { onAdd, name } = renderForm();
    await openOptions();
    fireEvent.click(screen.getByRole("radio", { name: k.timesPerWeek }));
    const times = screen.getByRole<HTMLInputElement>("textbox", { name: k.times });
    fireEvent.change(times, { target: { value: "8" } });
    expect(screen.getByText(k.badTimes(7))).toBeTruthy();
    fireEvent.change(times, { target: { value: "3" } });
    fireEvent.change(name, { target: { value: "Gym" } });
    await act(async () => fireEvent.submit(name));
    expect(onAdd).toHaveBeenLastCalledWith("Gym", {
      kind: "yesNo",
      rules: [{ from: localToday(), frequency: { times: 3, per: "week" }, target: null }],
    });

    // The options stay open, back on their defaults.
    expect(screen.getByRole<HTMLInputElement>("radio", { name: k.everyDay }).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: k.chosenWeekdays }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Friday" }));
    fireEvent.change(name, { target: { value: "Piano" } });
    await act(async () => fireEvent.submit(name));
    expect(onAdd).toHaveBeenLastCalledWith("Piano", {
      kind: "yesNo",
      rules: [{ from: localToday(), frequency: { weekdays: [1, 2, 3, 4] }, target: null }],
    });
  });
});
