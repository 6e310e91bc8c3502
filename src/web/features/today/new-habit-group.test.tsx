// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../../core/messages";
import type { HabitGroup } from "../../../core/sync";
import { NewHabitForm } from "./new-habit-form";

afterEach(cleanup);

const morning: HabitGroup = { id: "g-morning", name: "Morning", position: 0, folded: false };

function renderForm(groups?: HabitGroup[]) {
  const onAdd = vi.fn(async () => true);
  render(<NewHabitForm inputRef={createRef()} onAdd={onAdd} groups={groups} />);
  const name = screen.getByPlaceholderText<HTMLInputElement>(messages.today.newHabitPlaceholder);
  return { onAdd, name };
}

describe("NewHabitForm's Group field", () => {
  it("is not there without groups", () => {
    renderForm([]);
    expect(screen.queryByRole("combobox", { name: "Group" })).toBeNull();
  });

  it("adds the habit to the group chosen, and without one on 'No group'", async () => {
    const { onAdd, name } = renderForm([morning]);
    const group = screen.getByRole("combobox", { name: "Group" });
    expect(group).toHaveProperty("value", "");
    fireEvent.change(name, { target: { value: "Read" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add habit" })));
    expect(onAdd).toHaveBeenLastCalledWith("Read");
    fireEvent.change(group, { target: { value: morning.id } });
    fireEvent.change(name, { target: { value: "Stretch" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add habit" })));
    expect(onAdd).toHaveBeenLastCalledWith("Stretch", { groupId: morning.id });
  });
});
