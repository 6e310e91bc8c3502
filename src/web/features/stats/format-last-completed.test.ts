import { describe, expect, it } from "vitest";
import { messages } from "../../../core/messages";
import { formatLastCompleted, formatLocalDate } from "./format-last-completed";

describe("formatLastCompleted", () => {
  it("says Never without a completion and Today for today", () => {
    expect(formatLastCompleted(null, "2026-11-21")).toBe(messages.stats.lastNever);
    expect(formatLastCompleted("2026-11-21", "2026-11-21")).toBe(messages.stats.lastToday);
  });

  it("formats an earlier day in the given locale without shifting it", () => {
    expect(formatLastCompleted("2026-11-19", "2026-11-21", "en-US")).toBe("Nov 19, 2026");
    expect(formatLocalDate("2026-01-01", "en-GB")).toBe("1 Jan 2026");
    expect(formatLocalDate("2026-12-31", "de-DE")).toBe("31.12.2026");
  });
});
