import { afterEach, describe, expect, it, vi } from "vitest";
import { localToday, msUntilNextCheck } from "./local-today";

afterEach(() => vi.unstubAllEnvs());

describe("localToday (GUIDE §5)", () => {
  it("is the calendar day in the browser's zone, not the UTC day", () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: "America/New_York",
    });
    expect(localToday(new Date("2026-11-21T03:00:00Z"))).toBe("2026-11-20");
    spy.mockRestore();
  });

  it("falls back to UTC for a zone the platform does not know", () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: "Mars/Olympus",
    });
    expect(localToday(new Date("2026-11-21T23:30:00Z"))).toBe("2026-11-21");
    spy.mockRestore();
  });
});

describe("msUntilNextCheck", () => {
  it("waits until just after the next local midnight", () => {
    const now = new Date(2026, 10, 21, 23, 59, 30);
    expect(msUntilNextCheck(now)).toBe(30_250);
  });
  it("checks at least hourly, and never in a busy loop", () => {
    expect(msUntilNextCheck(new Date(2026, 10, 21, 8, 0, 0))).toBe(60 * 60 * 1000);
    expect(msUntilNextCheck(new Date(2026, 10, 21, 23, 59, 59, 999))).toBeGreaterThanOrEqual(1000);
  });
});
