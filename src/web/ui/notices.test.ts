import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_BANNER_MS } from "../../core/constants";
import { clearNotices, currentNotices, dismissNotice, showError, showNotice } from "./notices";

const texts = () => currentNotices().map((n) => n.text);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearNotices();
  vi.useRealTimers();
});

describe("notices", () => {
  it("hides the error banner after ERROR_BANNER_MS", () => {
    showError("boom");
    expect(currentNotices()[0]?.kind).toBe("error");
    vi.advanceTimersByTime(ERROR_BANNER_MS - 1);
    expect(texts()).toEqual(["boom"]);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it("shows the same text once and restarts its timer", () => {
    showError("boom");
    vi.advanceTimersByTime(ERROR_BANNER_MS - 1000);
    showError("boom");
    expect(texts()).toEqual(["boom"]);
    vi.advanceTimersByTime(ERROR_BANNER_MS - 1);
    expect(texts()).toEqual(["boom"]);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it("keeps a message without a duration until dismissed, and stacks different ones", () => {
    const id = showNotice("info", "working", null);
    showError("boom");
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(["working"]);
    dismissNotice(id);
    expect(texts()).toEqual([]);
  });
});
