import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MILESTONE_EVERY, PULSE_STREAK } from "./constants";
import { isMilestone, showsPulse } from "./milestones";

describe("isMilestone", () => {
  it("is true when the streak rises to a multiple of 5", () => {
    expect(isMilestone(4, 5)).toBe(true);
    expect(isMilestone(9, 10)).toBe(true);
    expect(isMilestone(0, 5)).toBe(true);
  });
  it("is false otherwise", () => {
    expect(isMilestone(5, 5)).toBe(false);
    expect(isMilestone(6, 5)).toBe(false);
    expect(isMilestone(3, 4)).toBe(false);
    expect(isMilestone(1, 0)).toBe(false);
    expect(isMilestone(0, 0)).toBe(false);
  });
  it("property: a +1 step is a milestone exactly every MILESTONE_EVERY days", () => {
    fc.assert(
      fc.property(fc.nat(10_000), (n) => isMilestone(n, n + 1) === ((n + 1) % MILESTONE_EVERY === 0)),
    );
  });
});

describe("showsPulse", () => {
  it("starts at streak 10", () => {
    expect(PULSE_STREAK).toBe(10);
    expect(showsPulse(9)).toBe(false);
    expect(showsPulse(10)).toBe(true);
    expect(showsPulse(42)).toBe(true);
  });
});
