// @vitest-environment jsdom
// The summary's figures in the shown language's locale (ui/format-locale.ts), with real Intl.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { makeHabit, TEST_TODAY } from "../../../core/test-habits";
import { setShownLocale } from "../../lib/locale-store";
import { StatsSummary } from "./stats-summary";

afterEach(() => {
  cleanup();
  act(() => setShownLocale("en"));
});

const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `2026-11-${String(from + i).padStart(2, "0")}`);
// Streaks 3 and 0 on 2026-11-21: an average of 1.5; one of the two done today, 50 %.
const habits = [makeHabit("Read", days(19, 21)), makeHabit("Run")];

it("writes the average streak and today's share as the shown language does", () => {
  const summary = () => <StatsSummary habits={habits} today={TEST_TODAY} />;
  const { rerender } = render(summary());
  expect(screen.getByTestId("stats-average-value").textContent).toBe("1.5");
  expect(screen.getByTestId("stats-progress-percent").textContent).toBe("50%");
  act(() => setShownLocale("de"));
  rerender(summary());
  expect(screen.getByTestId("stats-average-value").textContent).toBe("1,5");
  expect(screen.getByTestId("stats-progress-percent").textContent).toBe("50\u00a0%");
});
