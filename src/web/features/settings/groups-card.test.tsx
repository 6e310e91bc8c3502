// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  applyChanges,
  emptyReplica,
  type LocalOp,
  opChanges,
  storedHabits,
} from "../../lib/sync/replica-state";
import { habitWrites, type WriteTarget } from "../../lib/sync/sync-engine";
import { GroupsCard } from "./groups-card";

afterEach(cleanup);
beforeAll(() => {
  // jsdom has no modal dialogs: open and close are enough for the question to show.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

/** The card on the real group writes of the store (sync-engine.ts), over an in-memory replica. */
function Harness({ ops }: { ops: LocalOp[] }) {
  const [replica, setReplica] = useState(emptyReplica);
  const latest = { replica };
  const engine: WriteTarget = {
    getSnapshot: () => ({ replica: latest.replica, habits: storedHabits(latest.replica) }),
    write: (op) => {
      ops.push(op);
      latest.replica = applyChanges(latest.replica, opChanges(op, "2026-11-21T10:00:00.000Z"));
      setReplica(latest.replica);
      return Promise.resolve(true);
    },
    removeHeld: () => Promise.resolve(false),
    undo: () => Promise.resolve(false),
  };
  return (
    <GroupsCard
      groups={replica.settings.groups}
      onAdd={(name) => habitWrites.addGroup(engine, name)}
      onRename={(id, name) => habitWrites.updateGroup(engine, id, { name })}
      onSetFolded={(id, folded) => habitWrites.updateGroup(engine, id, { folded })}
      onMove={(id, direction) => habitWrites.moveGroup(engine, id, direction)}
      onDelete={(id) => habitWrites.removeGroup(engine, id)}
    />
  );
}

const field = () => screen.getByRole("textbox", { name: "Group name" });
async function addGroup(name: string) {
  fireEvent.change(field(), { target: { value: name } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Add group" }));
    await Promise.resolve();
  });
}
const names = () => screen.queryAllByTestId("group-item").map((item) => item.querySelector("p")?.textContent);

describe("GroupsCard", () => {
  it("adds groups, says what is wrong with a name, renames, reorders and folds by default", async () => {
    const ops: LocalOp[] = [];
    render(<Harness ops={ops} />);
    expect(screen.getByText("No groups yet.")).toBeTruthy();
    await addGroup("Morning");
    await addGroup("Health");
    expect(names()).toEqual(["Morning", "Health"]);
    expect(field()).toHaveProperty("value", "");

    await addGroup("  ");
    expect(screen.getByRole("alert").textContent).toBe("Group name cannot be empty");
    expect(field().getAttribute("aria-invalid")).toBe("true");
    await addGroup("x".repeat(101));
    expect(screen.getByRole("alert").textContent).toBe("Group name must be at most 100 characters");
    await addGroup("health");
    expect(screen.getByRole("alert").textContent).toBe("A group with this name already exists");
    expect(ops.filter((op) => op.type === "createGroup")).toHaveLength(2);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Move Health up" })));
    expect(names()).toEqual(["Health", "Morning"]);
    expect(screen.getByRole("button", { name: "Move Health up" })).toHaveProperty("disabled", true);

    const morning = screen.getAllByTestId("group-item")[1]!;
    await act(async () =>
      fireEvent.click(within(morning).getByRole("checkbox", { name: "Folded by default" })),
    );
    expect(ops.at(-1)).toMatchObject({ type: "updateGroup", folded: true });
    expect(within(morning).getByRole("checkbox", { name: "Folded by default" })).toHaveProperty(
      "checked",
      true,
    );

    fireEvent.click(screen.getByRole("button", { name: "Rename Morning" }));
    const rename = screen.getByRole("textbox", { name: "New name for Morning" });
    fireEvent.change(rename, { target: { value: "Health" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect(within(screen.getAllByTestId("group-item")[1]!).getByRole("alert").textContent).toBe(
      "A group with this name already exists",
    );
    fireEvent.change(rename, { target: { value: "Mornings" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect(names()).toEqual(["Health", "Mornings"]);
    expect(ops.at(-1)).toMatchObject({ type: "updateGroup", name: "Mornings" });
  });

  it("asks before deleting a group, saying its habits stay", async () => {
    const ops: LocalOp[] = [];
    render(<Harness ops={ops} />);
    await addGroup("Morning");
    fireEvent.click(screen.getByRole("button", { name: "Delete Morning" }));
    const dialog = screen.getByTestId("delete-group-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Delete the group Morning?");
    expect(dialog.textContent).toContain("Its habits stay, without a group.");
    expect(ops.some((op) => op.type === "deleteGroup")).toBe(false);
  });
});

describe("the add form while a write is under way", () => {
  it("keeps a name typed before the previous one was stored, and clears only the one sent", async () => {
    let store: (stored: boolean) => void = () => {};
    const added: string[] = [];
    render(
      <GroupsCard
        groups={[]}
        onAdd={(name) => {
          added.push(name);
          return new Promise<boolean>((resolve) => (store = resolve));
        }}
        onRename={() => Promise.resolve(true)}
        onSetFolded={() => Promise.resolve(true)}
        onMove={() => Promise.resolve(true)}
        onDelete={() => Promise.resolve(true)}
      />,
    );
    fireEvent.change(field(), { target: { value: "Health" } });
    fireEvent.click(screen.getByRole("button", { name: "Add group" }));
    fireEvent.change(field(), { target: { value: "Morning" } });
    await act(async () => store(true));
    expect(added).toEqual(["Health"]);
    expect(field()).toHaveProperty("value", "Morning");
  });
});
