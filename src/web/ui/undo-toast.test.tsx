// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../core/messages";
import { clearNotices, currentNotices } from "./notices";
import { dismissUndoToast, showUndoToast, UNDO_TOAST_MS, UndoToastHost } from "./undo-toast";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  dismissUndoToast();
  clearNotices();
  cleanup();
  vi.useRealTimers();
});

describe("the Undo toast", () => {
  it("offers Undo for 5 s in a live region, then goes", () => {
    render(<UndoToastHost />);
    act(() => showUndoToast(messages.history.deleted("Read"), async () => true));
    expect(screen.getByRole("status").textContent).toBe("Deleted ReadUndo");
    act(() => vi.advanceTimersByTime(UNDO_TOAST_MS - 1));
    expect(screen.getByRole("button", { name: "Undo" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(UNDO_TOAST_MS).toBe(5000);
  });

  it("undoes once and goes; a newer delete replaces an older toast", async () => {
    const first = vi.fn(async () => true);
    const second = vi.fn(async () => true);
    render(<UndoToastHost />);
    act(() => showUndoToast("Deleted Read", first));
    act(() => vi.advanceTimersByTime(3000));
    act(() => showUndoToast("Deleted Run", second));
    expect(screen.queryByText("Deleted Read")).toBeNull();
    act(() => vi.advanceTimersByTime(3000)); // the newer toast has its own 5 s
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Undo" })));
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
    expect(screen.queryByTestId("undo-toast")).toBeNull();
    expect(currentNotices()).toEqual([]);
  });

  it("says so when it is too late to undo", async () => {
    render(<UndoToastHost />);
    act(() => showUndoToast("Deleted Read", async () => false));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Undo" })));
    expect(currentNotices().map((n) => n.text)).toEqual([messages.history.undoTooLate]);
  });
});
