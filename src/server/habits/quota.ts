import type { Config } from "../config";
import { ApiError, errorText } from "../http/errors";

export type UserLimits = Pick<Config["userLimits"], "maxHabits" | "maxDays">;

/** What an account would hold after a write; a part left out is not growing. */
export type Usage = { habits?: number; days?: number };

/**
 * No account may grow without bound. Called inside the write's transaction, after the owner lock, so
 * that concurrent writes cannot pass the check together; throwing rolls the write back.
 */
export function checkQuota(limits: UserLimits, { habits = 0, days = 0 }: Usage): void {
  if (habits > limits.maxHabits)
    throw new ApiError(409, "QUOTA_EXCEEDED", errorText("quotaHabits", { max: limits.maxHabits, n: habits }));
  if (days > limits.maxDays)
    throw new ApiError(409, "QUOTA_EXCEEDED", errorText("quotaDays", { max: limits.maxDays, n: days }));
}

/** A backup item's days as they count: marked, or holding a number or a note. */
export type ItemDays = {
  completedDates: readonly string[];
  skippedDates?: readonly string[];
  values?: readonly (readonly [string, unknown])[];
  notes?: readonly (readonly [string, unknown])[];
};

/**
 * What an import or migration would hold: its habits, and their stored days, once each (a day done, skipped, or
 * with a number or a note: docs/decisions/0063).
 */
export const usageOf = (items: readonly ItemDays[]): Required<Usage> => ({
  habits: items.length,
  days: items.reduce((sum, item) => sum + storedDays(item), 0),
});

/** The days stored for a habit: every done day, and each other day skipped or with a number or a note. */
export function storedDays({ completedDates, skippedDates = [], values = [], notes = [] }: ItemDays): number {
  if (skippedDates.length === 0 && values.length === 0 && notes.length === 0) return completedDates.length;
  const days = new Set(completedDates);
  for (const date of skippedDates) days.add(date);
  for (const [date] of values) days.add(date);
  for (const [date] of notes) days.add(date);
  return days.size;
}

// Our own export (core/backup.ts, indented) takes 20 bytes a day, compact JSON 13; a habit's other fields < 1.5 KiB.
const BYTES_PER_DAY = 20;
const BYTES_PER_HABIT = 1536;
const MiB = 1024 * 1024;

/** The body limit of import and migration: the largest file an account may hold, rounded up to whole MiB. */
export function backupBodyLimit(limits: UserLimits): number {
  const bytes = limits.maxDays * BYTES_PER_DAY + limits.maxHabits * BYTES_PER_HABIT;
  return Math.ceil(bytes / MiB) * MiB;
}
