// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../../core/messages";
import { WeekStartCard } from "./week-start-card";

const t = messages.settingsDays;

afterEach(cleanup);

describe("WeekStartCard", () => {
  const select = () => screen.getByRole<HTMLSelectElement>("combobox", { name: t.weekStartLabel });

  it("offers Monday, Sunday and the language's, and saves each", async () => {
    const onChange = vi.fn(async () => true);
    const { rerender } = render(<WeekStartCard weekStart={null} onChange={onChange} />);
    expect([...select().options].map((option) => option.text)).toEqual([t.monday, t.sunday, t.fromLanguage]);
    expect(select().selectedOptions[0]?.text).toBe(t.fromLanguage);
    await act(async () => fireEvent.change(select(), { target: { value: "1" } }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    rerender(<WeekStartCard weekStart={1} onChange={onChange} />);
    expect(select().selectedOptions[0]?.text).toBe(t.monday);
    await act(async () => fireEvent.change(select(), { target: { value: "0" } }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    rerender(<WeekStartCard weekStart={0} onChange={onChange} />);
    await act(async () => fireEvent.change(select(), { target: { value: "" } }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("cannot be changed before the store has opened, and says when a change was not kept", async () => {
    const { rerender } = render(<WeekStartCard weekStart={null} onChange={async () => false} loading />);
    expect(select().disabled).toBe(true);
    rerender(<WeekStartCard weekStart={null} onChange={async () => false} />);
    await act(async () => fireEvent.change(select(), { target: { value: "0" } }));
    expect(screen.getByRole("alert").textContent).toBe(t.saveFailed);
  });
});
