// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HabitGroup } from "../../../core/sync";
import { HabitGroupField } from "./habit-group";

afterEach(cleanup);

const groups: HabitGroup[] = [
  { id: "g1", name: "Morning", position: 0, folded: false },
  { id: "g2", name: "Health", position: 1, folded: true },
];

describe("the habit's Group field", () => {
  it("is not there without groups", () => {
    render(<HabitGroupField habit={{ groupId: null }} groups={[]} onChange={() => {}} />);
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("shows the habit's group and sets another, or none", () => {
    const onChange = vi.fn();
    render(<HabitGroupField habit={{ groupId: "g2" }} groups={groups} onChange={onChange} />);
    const select = screen.getByRole("combobox", { name: "Group" });
    expect(select).toHaveProperty("value", "g2");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["No group", "Morning", "Health"]);
    fireEvent.change(select, { target: { value: "g1" } });
    expect(onChange).toHaveBeenLastCalledWith("g1");
    fireEvent.change(select, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
