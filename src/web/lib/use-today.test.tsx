// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useToday } from "./use-today";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 10, 21, 23, 59, 0));
});
afterEach(() => vi.useRealTimers());

it("rolls over at local midnight without a reload", () => {
  const { result, unmount } = renderHook(() => useToday());
  expect(result.current).toBe("2026-11-21");
  act(() => void vi.advanceTimersByTime(59_000));
  expect(result.current).toBe("2026-11-21");
  act(() => void vi.advanceTimersByTime(2_000));
  expect(result.current).toBe("2026-11-22");
  unmount();
});
