// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { explainStreak } from "../../core/streak-explanation";
import { setFormatLanguage } from "./format-locale";
import { StreakExplanation, streakExplanationLines } from "./streak-explanation";

afterEach(cleanup);

const RULE = "Skipped days, vacation days and days a habit is not due neither break nor extend a streak.";

describe("the streak explanation's words", () => {
  it("names the day the run began and the skipped day inside it", () => {
    // Monday 16 done, Tuesday skipped, Wednesday to Friday 20 (today) done.
    const lines = streakExplanationLines(
      explainStreak(["2026-11-16", "2026-11-18", "2026-11-19", "2026-11-20"], "2026-11-20", {
        skippedDates: ["2026-11-17"],
      }),
    );
    expect(lines).toEqual([
      "Your streak of 4 days began on Monday, November 16, 2026.",
      "1 day was skipped: Tuesday, November 17, 2026.",
      RULE,
    ]);
  });

  it("says today is still open, and lists vacation and not-due days", () => {
    // Due Mon, Wed, Fri; vacation Wed 11 to Fri 13; today is Monday 16, not done yet.
    const lines = streakExplanationLines(
      explainStreak(["2026-11-06", "2026-11-09"], "2026-11-16", {
        schedule: { weekdays: [1, 3, 5] },
        vacations: [{ from: "2026-11-11", to: "2026-11-13" }],
      }),
    );
    expect(lines).toEqual([
      "Your streak of 2 days began on Friday, November 6, 2026.",
      "3 days were on vacation: Wednesday, November 11, 2026, Thursday, November 12, 2026, and Friday, November 13, 2026.",
      "5 days were not due: Saturday, November 7, 2026, Sunday, November 8, 2026, Tuesday, November 10, 2026, Saturday, November 14, 2026, and Sunday, November 15, 2026.",
      RULE,
      "Today is not done yet: do it today to make it 3 days.",
    ]);
  });

  it("names the first few days of a long list and counts the rest", () => {
    const done = Array.from({ length: 10 }, (_, i) => `2026-10-${String(2 * i + 1).padStart(2, "0")}`);
    const skipped = Array.from({ length: 9 }, (_, i) => `2026-10-${String(2 * i + 2).padStart(2, "0")}`);
    const [, skippedLine] = streakExplanationLines(
      explainStreak(done, "2026-10-19", { skippedDates: skipped }),
    );
    expect(skippedLine).toMatch(/^9 days were skipped: Friday, October 2, 2026, .*, and 2 more\.$/);
  });

  it("names the day a streak of 0 broke, the run it ended, and the last missed day", () => {
    // Mon 16 to Wed 18 done, Thursday 19 and Friday 20 missed; today Saturday 21 not done yet.
    const lines = streakExplanationLines(
      explainStreak(["2026-11-16", "2026-11-17", "2026-11-18"], "2026-11-21"),
    );
    expect(lines).toEqual([
      "Your streak broke on Thursday, November 19, 2026.",
      "It had lasted 3 days, from Monday, November 16, 2026 to Wednesday, November 18, 2026.",
      "The last missed day was Friday, November 20, 2026.",
      "Do it today to start a new streak.",
    ]);
  });

  it("says a one-day run ended, and that nothing has begun yet", () => {
    expect(streakExplanationLines(explainStreak(["2026-11-18"], "2026-11-20"))).toEqual([
      "Your streak broke on Thursday, November 19, 2026.",
      "It had lasted 1 day, on Wednesday, November 18, 2026.",
      "Do it today to start a new streak.",
    ]);
    expect(streakExplanationLines(explainStreak([], "2026-11-20"))).toEqual([
      "No streak yet: mark a day done to start one.",
    ]);
  });

  it("renders the explanation of a habit's current streak as paragraphs", () => {
    render(
      <StreakExplanation
        habit={{ completedDates: ["2026-11-19", "2026-11-20"], skippedDates: [], schedule: null }}
        today="2026-11-20"
      />,
    );
    expect(screen.getByTestId("streak-explanation").textContent).toBe(
      "Your streak of 2 days began on Thursday, November 19, 2026.",
    );
  });

  it("writes its dates again in the shown language when the language changes", () => {
    const habit = { completedDates: ["2026-11-19", "2026-11-20"], skippedDates: [], schedule: null };
    const { rerender } = render(<StreakExplanation habit={habit} today="2026-11-20" />);
    expect(screen.getByTestId("streak-explanation").textContent).toContain("Thursday, November 19, 2026");
    act(() => setFormatLanguage("de"));
    rerender(<StreakExplanation habit={habit} today="2026-11-20" />);
    expect(screen.getByTestId("streak-explanation").textContent).toContain("Donnerstag, 19. November 2026");
    act(() => setFormatLanguage("en"));
  });
});
