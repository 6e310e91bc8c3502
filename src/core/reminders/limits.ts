// Limits of the reminders feature, shared by the server's checks and the web's controls.

/** Daily reminder times (those without a habit) a user may have. */
export const REMINDER_TIMES_MAX = 5;
/** Push subscriptions (devices) a user may have; the oldest must be removed before another is added. */
export const PUSH_DEVICES_MAX = 20;
/** Longest push endpoint URL accepted (push services use about 200 to 500 characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;
/** A reminder due longer ago than this (a server that was down) is dropped rather than sent late. */
export const REMINDER_LATE_MAX_MS = 60 * 60 * 1000;
/** Test reminders one account may send an hour: each may be a mail, and a mailbox is not a test bench. */
export const TEST_REMINDERS_PER_HOUR = 5;
