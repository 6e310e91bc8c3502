// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { setDayStart } from "./local-today";
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

it("rolls over at the user's day start, and follows a change of it at once", () => {
  vi.setSystemTime(new Date(2026, 10, 22, 1, 30, 0));
  const { result, unmount } = renderHook(() => useToday());
  expect(result.current).toBe("2026-11-22");
  act(() => setDayStart("u1", 180)); // 03:00: at 01:30 it is still the 21st
  expect(result.current).toBe("2026-11-21");
  act(() => void vi.advanceTimersByTime(89 * 60_000));
  expect(result.current).toBe("2026-11-21"); // 02:59
  act(() => void vi.advanceTimersByTime(61_000));
  expect(result.current).toBe("2026-11-22"); // 03:00:01
  act(() => setDayStart("u1", 0));
  expect(result.current).toBe("2026-11-22");
  unmount();
});
