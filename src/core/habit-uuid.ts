// A habit's Loop uuid (docs/decisions/0071): Loop Habit Tracker's Habits.uuid, by which Loop merges a backup into
// the habits it has. Set when the habit is made and never changed, so that a Loop backup written here again updates
// the same habits in Loop instead of doubling them.

/**
 * Lowercase hex: 32 characters as Loop makes them (a UUID without hyphens) and as ours are, or up to 64 for a habit
 * that Loop's own upgrade to its version 24 gave `hex(randomblob(16) || id)`: 32 characters and its id's digits.
 */
const UUID_PATTERN = /^(?:[0-9a-f]{2}){16,32}$/;

export const HABIT_UUID_MESSAGE =
  "must be a Loop uuid: 32 lowercase hexadecimal characters (0-9, a-f), a UUID without its hyphens (or Loop's own, up to 64)";

export const isHabitUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID_PATTERN.test(value);

/** A habit's own uuid, made from its id: the id without hyphens. */
export const uuidOfId = (id: string): string => id.replaceAll("-", "").toLowerCase();
