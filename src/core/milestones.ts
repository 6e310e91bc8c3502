// Celebration and pulse rules (docs/product.md, "Milestones").
import { MILESTONE_EVERY, PULSE_STREAK } from "./constants";

/** True when the streak rises onto a positive multiple of MILESTONE_EVERY (not when it falls back onto one). */
export function isMilestone(previousStreak: number, nextStreak: number): boolean {
  return nextStreak > previousStreak && nextStreak > 0 && nextStreak % MILESTONE_EVERY === 0;
}

export function showsPulse(streak: number): boolean {
  return streak >= PULSE_STREAK;
}
