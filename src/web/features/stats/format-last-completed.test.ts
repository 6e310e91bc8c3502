// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "../../../core/messages";
import { setShownLocale } from "../../lib/locale-store";
import { formatLastCompleted, formatLocalDate } from "./format-last-completed";

afterEach(() => setShownLocale("en"));

describe("formatLastCompleted", () => {
  it("says Never without a completion and Today for today", () => {
    expect(formatLastCompleted(null, "2026-11-21")).toBe(messages.stats.lastNever);
    expect(formatLastCompleted("2026-11-21", "2026-11-21")).toBe(messages.stats.lastToday);
  });

  it("formats an earlier day in the shown language without shifting it", () => {
    expect(navigator.language).toBe("en-US");
    expect(formatLastCompleted("2026-11-19", "2026-11-21")).toBe("Nov 19, 2026");
    setShownLocale("de");
    expect(formatLocalDate("2026-12-31")).toBe("31.12.2026");
    setShownLocale("fr");
    expect(formatLocalDate("2026-01-01")).toBe("1 janv. 2026");
  });
});
